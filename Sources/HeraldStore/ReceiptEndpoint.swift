public import Foundation

/// The statistics endpoint receipts are POSTed to: an absolute `http://` or `https://` URL
/// with a host.
public struct ReceiptEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The key of `<store>/config.json` that names the endpoint when no flag does.
    public static let configurationKey = "receiptsEndpoint"
    /// The configuration file's name inside the store directory.
    public static let configurationFileName = "config.json"

    /// The endpoint's URL (`http://` or `https://`).
    public let url: URL

    /// Checks `text` is an absolute http(s) URL with a host.
    public init(_ text: String) throws(ReceiptEndpointError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid(text, "the URL is empty") }
        guard let components = URLComponents(string: trimmed), let url = components.url else {
            throw .invalid(text, "not a URL")
        }
        guard let scheme = components.scheme?.lowercased() else {
            throw .invalid(text, "no scheme (expected http:// or https://)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalid(text, "scheme '\(scheme)' is not supported (only http:// and https://)")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalid(text, "no host") }
        self.url = url
    }

    /// The URL as text.
    public var description: String { url.absoluteString }

    /// Nil when receipts may be sent to this endpoint: it is `https://`, or `http://` with a
    /// host in `hosts` (exact, case-insensitive; for development and tests). Receipts say
    /// which pushes a user saw: they never travel in clear text by default.
    public func plainHTTPRefusal(allowing hosts: [String]) -> ReceiptEndpointError? {
        guard url.scheme?.lowercased() == "http" else { return nil }
        var host = url.host?.lowercased() ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if hosts.contains(where: { $0.lowercased() == host }) { return nil }
        return .plainHTTP(description, host)
    }

    /// The endpoint named by `<directory>/config.json` (key `receiptsEndpoint`), or nil when
    /// the file does not exist or has no such key.
    public static func configured(inStore directory: String) throws(ReceiptEndpointError) -> ReceiptEndpoint? {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + configurationFileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .configuration(path, "cannot be read (\(error.localizedDescription))")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .configuration(path, "is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .configuration(path, "must hold a JSON object")
        }
        guard let value = dictionary[configurationKey] else { return nil }
        guard let text = value as? String else {
            throw .configuration(path, "\"\(configurationKey)\" must be a string")
        }
        do {
            return try ReceiptEndpoint(text)
        } catch {
            throw .configuration(path, "\"\(configurationKey)\": \(error.description)")
        }
    }
}

/// Why an endpoint cannot be used.
extension ReceiptEndpoint {
    /// The endpoint a flush sends to: `given` (a URL from the command line), else
    /// "receiptsEndpoint" in `<store>/config.json`; neither is `.missing`.
    public static func chosen(_ given: String?, store directory: String) throws(ReceiptEndpointError) -> ReceiptEndpoint {
        if let given { return try ReceiptEndpoint(given) }
        guard let configured = try configured(inStore: directory) else { throw .missing(directory) }
        return configured
    }
}

public enum ReceiptEndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not an absolute http(s) URL with a host.
    case invalid(String, String)
    /// `config.json` exists but cannot be used.
    case configuration(String, String)
    /// No endpoint given and none configured in the store (its folder).
    case missing(String)
    /// A plain `http://` endpoint (the URL, its host) whose host is not allowed for http.
    case plainHTTP(String, String)

    /// The problem in one line, naming the URL.
    public var description: String {
        switch self {
        case .invalid(let text, let detail): return "receipts endpoint '\(text)': \(detail)"
        case .plainHTTP(let text, let host):
            return "receipts endpoint '\(text)': plain http is refused (use https://, or --allow-http-host \(host) "
                + "for a development endpoint)"
        case .configuration(let path, let detail): return "\(path) \(detail)"
        case .missing(let store):
            return "no receipts endpoint: pass --endpoint URL or set \"\(ReceiptEndpoint.configurationKey)\" in "
                + "\(store)/\(ReceiptEndpoint.configurationFileName)"
        }
    }
}
