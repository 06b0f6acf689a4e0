public import HeraldJSON

/// The JSON spoken between `HelperProcessMediaDownloader` and `herald-net fetch`.
///
/// Request (one JSON document on the helper's standard input):
/// `{"folder": PATH, "timeoutMs": N, "urls": [URL…], "policy": {"allowHTTP": "never"|"always"|[HOST…],
/// "allowHosts": [HOST…], "limits": {"audio": N, "image": N, "video": N}, "maxRedirects": N}}` — `timeoutMs` is
/// the time left until the caller's deadline (clocks are per process).
///
/// Answer (JSON Lines on standard output, one per URL as its transfer ends, in any order):
/// `{"index": I, "file": {"path", "fileName", "type", "byteCount", "sha256"}}` or
/// `{"index": I, "failure": {"code": CODE, "detail": STRING|NUMBER}}` (`MediaFailure.code`;
/// `detail` absent for `timed-out` and `cancelled`).
public enum MediaDownloadWire {
    /// One download request as the helper receives it.
    public struct Request: Sendable, Hashable {
        /// The URLs to fetch.
        public var urls: [String]
        /// The limits they are fetched under.
        public var policy: MediaPolicy
        /// Where the files go.
        public var folder: String
        /// Milliseconds left until the deadline (0 or more).
        public var timeoutMilliseconds: Int64

        /// Makes a request.
        public init(urls: [String], policy: MediaPolicy, folder: String, timeoutMilliseconds: Int64) {
            self.urls = urls
            self.policy = policy
            self.folder = folder
            self.timeoutMilliseconds = timeoutMilliseconds
        }

        /// The request document.
        public var json: JSONValue {
            let allow: JSONValue
            switch policy.allowHTTP {
            case .never: allow = .string("never")
            case .always: allow = .string("always")
            case .hosts(let hosts): allow = .array(hosts.sorted().map { .string($0) })
            }
            let limits = JSONObject([
                ("audio", .int(policy.limits.audio)), ("image", .int(policy.limits.image)),
                ("video", .int(policy.limits.video)),
            ])
            let p = JSONObject([
                ("allowHTTP", allow), ("allowHosts", .array(policy.allowHosts.map { .string($0) })),
                ("limits", .object(limits)), ("maxRedirects", .int(policy.maxRedirects)),
            ])
            return .object(
                JSONObject([
                    ("folder", .string(folder)), ("timeoutMs", .int(timeoutMilliseconds)),
                    ("urls", .array(urls.map { .string($0) })), ("policy", .object(p)),
                ]))
        }

        /// Reads a request document; the error names the field that is wrong.
        public init(json: JSONValue) throws(MediaDownloadWireError) {
            guard let folder = json["folder"]?.stringValue, !folder.isEmpty else {
                throw MediaDownloadWireError("\"folder\" must be a non-empty string")
            }
            guard let timeout = json["timeoutMs"]?.intValue, timeout >= 0 else {
                throw MediaDownloadWireError("\"timeoutMs\" must be an integer, 0 or more")
            }
            guard let list = json["urls"]?.arrayValue else { throw MediaDownloadWireError("\"urls\" must be an array") }
            var urls: [String] = []
            for (i, u) in list.enumerated() {
                guard let s = u.stringValue else { throw MediaDownloadWireError("\"urls\"[\(i)] must be a string") }
                urls.append(s)
            }
            guard let p = json["policy"], p.objectValue != nil else {
                throw MediaDownloadWireError("\"policy\" must be an object")
            }
            var policy = MediaPolicy()
            switch p["allowHTTP"] {
            case .string("never"): policy.allowHTTP = .never
            case .string("always"): policy.allowHTTP = .always
            case .array(let hosts):
                var set = Set<String>()
                for h in hosts {
                    guard let s = h.stringValue else {
                        throw MediaDownloadWireError("\"policy.allowHTTP\" hosts must be strings")
                    }
                    set.insert(s)
                }
                policy.allowHTTP = .hosts(set)
            default: throw MediaDownloadWireError("\"policy.allowHTTP\" must be \"never\", \"always\" or a list of hosts")
            }
            switch p["allowHosts"] {
            case nil: break
            case .array(let hosts):
                for h in hosts {
                    guard let s = h.stringValue, !s.isEmpty else {
                        throw MediaDownloadWireError("\"policy.allowHosts\" must be a list of host names")
                    }
                    policy.allowHosts.append(s)
                }
            default: throw MediaDownloadWireError("\"policy.allowHosts\" must be a list of host names")
            }
            func positive(_ v: JSONValue?, _ name: String) throws(MediaDownloadWireError) -> Int64 {
                guard let n = v?.intValue, n >= 0 else {
                    throw MediaDownloadWireError("\"\(name)\" must be an integer, 0 or more")
                }
                return n
            }
            policy.limits = MediaPolicy.Limits(
                audio: try positive(p["limits"]?["audio"], "policy.limits.audio"),
                image: try positive(p["limits"]?["image"], "policy.limits.image"),
                video: try positive(p["limits"]?["video"], "policy.limits.video"))
            let redirects = try positive(p["maxRedirects"], "policy.maxRedirects")
            policy.maxRedirects = Int(min(redirects, 1000))
            self.init(urls: urls, policy: policy, folder: folder, timeoutMilliseconds: timeout)
        }
    }

    /// One answer line: the outcome of `urls[index]`.
    public static func answer(index: Int, _ outcome: Result<DownloadedFile, MediaFailure>) -> JSONValue {
        switch outcome {
        case .success(let f):
            let file = JSONObject([
                ("path", .string(f.path)), ("fileName", .string(f.fileName)), ("type", .string(f.type.rawValue)),
                ("byteCount", .int(f.byteCount)), ("sha256", .string(f.sha256)),
            ])
            return .object(JSONObject([("index", .int(index)), ("file", .object(file))]))
        case .failure(let failure):
            var o = JSONObject([("code", .string(failure.code))])
            if let detail = detail(of: failure) { o["detail"] = detail }
            return .object(JSONObject([("index", .int(index)), ("failure", .object(o))]))
        }
    }

    /// Reads one answer line; nil when it is not one (the caller treats a
    /// missing answer as a failure of that item).
    public static func parseAnswer(_ json: JSONValue) -> (index: Int, outcome: Result<DownloadedFile, MediaFailure>)? {
        guard let index = json["index"]?.intValue, index >= 0, index < Int64(Int32.max) else { return nil }
        if let f = json["file"] {
            guard let path = f["path"]?.stringValue, let name = f["fileName"]?.stringValue,
                let type = f["type"]?.stringValue.flatMap(MediaType.init(rawValue:)),
                let count = f["byteCount"]?.intValue, let sha = f["sha256"]?.stringValue
            else { return nil }
            return (
                Int(index),
                .success(DownloadedFile(path: path, fileName: name, type: type, byteCount: count, sha256: sha))
            )
        }
        if let f = json["failure"], let code = f["code"]?.stringValue,
            let failure = failure(code: code, detail: f["detail"])
        {
            return (Int(index), .failure(failure))
        }
        return nil
    }

    static func detail(of failure: MediaFailure) -> JSONValue? {
        switch failure {
        case .unsupportedScheme(let s), .invalidURL(let s), .forbiddenRedirect(let s), .refusedAddress(let s),
            .unsupportedType(let s),
            .network(let s), .io(let s), .skipped(let s):
            return .string(s)
        case .tooManyRedirects(let n), .http(let n): return .int(n)
        case .tooLarge(let limit): return .int(limit)
        case .timedOut, .cancelled: return nil
        }
    }

    static func failure(code: String, detail: JSONValue?) -> MediaFailure? {
        let text = detail?.stringValue
        let number = detail?.intValue
        switch code {
        case "timed-out": return .timedOut
        case "cancelled": return .cancelled
        case "unsupported-scheme": return text.map { .unsupportedScheme($0) }
        case "invalid-url": return text.map { .invalidURL($0) }
        case "forbidden-redirect": return text.map { .forbiddenRedirect($0) }
        case "refused-address": return text.map { .refusedAddress($0) }
        case "unsupported-type": return text.map { .unsupportedType($0) }
        case "network": return text.map { .network($0) }
        case "io": return text.map { .io($0) }
        case "skipped": return text.map { .skipped($0) }
        case "too-many-redirects": return number.flatMap { Int(exactly: $0) }.map { .tooManyRedirects($0) }
        case "http-status": return number.flatMap { Int(exactly: $0) }.map { .http($0) }
        case "too-large": return number.map { .tooLarge(limit: $0) }
        default: return nil
        }
    }
}

/// A malformed request to the download helper.
public struct MediaDownloadWireError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the message.
    public let description: String

    /// Makes an error.
    public init(_ description: String) {
        self.description = description
    }
}
