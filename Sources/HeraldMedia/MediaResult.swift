/// Why one media item was not attached. `description` is an English
/// sentence for logs and diagnostics; users see the localized `media.failed` line.
public enum MediaFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL's scheme is not https (or http where the policy allows it).
    case unsupportedScheme(String)
    /// The URL cannot be parsed or has no host.
    case invalidURL(String)
    /// The server redirected to a URL the policy refuses (its target).
    case forbiddenRedirect(String)
    /// The host resolves to an address media are never fetched from (loopback, private,
    /// link-local …): the host, its address and the address's class.
    case refusedAddress(String)
    /// More redirects than `MediaPolicy.maxRedirects`.
    case tooManyRedirects(Int)
    /// The file is, or was going to be, larger than this limit (bytes).
    case tooLarge(limit: Int64)
    /// The first bytes are not a type iOS attaches (the sniffed name: "html", "webp", …).
    case unsupportedType(String)
    /// The deadline came first.
    case timedOut
    /// The caller's task was cancelled.
    case cancelled
    /// The server answered with a non-2xx status.
    case http(Int)
    /// Connection-level failure (refused, DNS, TLS, reset …).
    case network(String)
    /// Local file failure (folder not writable, disk full …).
    case io(String)
    /// Not fetched: the push names more items than the policy attaches.
    case skipped(String)

    /// A stable short code for machine-readable output ("too-large", "timed-out", …).
    public var code: String {
        switch self {
        case .unsupportedScheme: return "unsupported-scheme"
        case .invalidURL: return "invalid-url"
        case .forbiddenRedirect: return "forbidden-redirect"
        case .refusedAddress: return "refused-address"
        case .tooManyRedirects: return "too-many-redirects"
        case .tooLarge: return "too-large"
        case .unsupportedType: return "unsupported-type"
        case .timedOut: return "timed-out"
        case .cancelled: return "cancelled"
        case .http: return "http-status"
        case .network: return "network"
        case .io: return "io"
        case .skipped: return "skipped"
        }
    }

    /// The failure in words (never the file's content).
    public var description: String {
        switch self {
        case .unsupportedScheme(let s): return "scheme \"\(s)\" is not allowed (https only, http where permitted)"
        case .invalidURL(let s): return "invalid URL: \(s)"
        case .forbiddenRedirect(let to): return "redirect to \(to) refused"
        case .refusedAddress(let what):
            return "address refused: \(what) (only hosts on the allow-list, --allow-host, are fetched from such addresses)"
        case .tooManyRedirects(let n): return "more than \(n) redirects"
        case .tooLarge(let limit): return "larger than the \(limit)-byte limit"
        case .unsupportedType(let t): return "content is \(t), not a supported attachment type"
        case .timedOut: return "the deadline passed before the download finished"
        case .cancelled: return "the download was cancelled"
        case .http(let status): return "server answered HTTP \(status)"
        case .network(let why): return "network error: \(why)"
        case .io(let why): return "file error: \(why)"
        case .skipped(let why): return "not fetched: \(why)"
        }
    }
}

/// A downloaded, validated file in the attachment folder.
public struct DownloadedFile: Sendable, Hashable {
    /// Full path: `<folder>/<sha256 hex>.<ext>`.
    public let path: String
    /// The file name alone (content hash + extension).
    public let fileName: String
    /// The type found by sniffing the content.
    public let type: MediaType
    /// The file's size.
    public let byteCount: Int64
    /// Lowercase hex SHA-256 of the content.
    public let sha256: String

    /// Makes a file description.
    public init(path: String, fileName: String, type: MediaType, byteCount: Int64, sha256: String) {
        self.path = path
        self.fileName = fileName
        self.type = type
        self.byteCount = byteCount
        self.sha256 = sha256
    }
}

/// The outcome for one reference. `MediaFetcher.fetch` returns one per
/// reference, in the order the references were given.
public enum MediaResult: Sendable, Hashable {
    /// Downloaded and validated. Two references to the same content share one
    /// attachment (same identifier).
    case attached(Attachment)
    /// Not attached, and why. The stage shows the body plus the localized
    /// `media.failed` line.
    case failed(MediaReference, reason: MediaFailure)

    /// The reference this outcome is for.
    public var reference: MediaReference {
        switch self {
        case .attached(let a): return a.reference
        case .failed(let r, _): return r
        }
    }

    /// The attachment, when it was attached.
    public var attachment: Attachment? {
        if case .attached(let a) = self { return a }
        return nil
    }

    /// Why it was not attached, when it failed.
    public var failure: MediaFailure? {
        if case .failed(_, let reason) = self { return reason }
        return nil
    }
}

extension Array where Element == MediaResult {
    /// The distinct attachments, in the order the app adds them (`Attachments.ordered`).
    public var attachments: [Attachment] { Attachments.ordered(self) }

    /// Every reference that was not attached, with the reason, in push order.
    public var failures: [(reference: MediaReference, reason: MediaFailure)] {
        compactMap { r in r.failure.map { (r.reference, $0) } }
    }

    /// The attachment file names, to pass as `keeping:` to `AttachmentFolder.cleanUp`.
    public var attachedFileNames: Set<String> { Set(attachments.map(\.file.fileName)) }
}
