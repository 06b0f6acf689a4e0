public import Foundation

/// What the fetcher is allowed to download and keep.
public struct MediaPolicy: Sendable, Hashable {
    /// Whether plain `http` is allowed, as App Transport Security decides it:
    /// never (the ATS default), for some hosts only (`NSExceptionDomains` with
    /// `NSExceptionAllowsInsecureHTTPLoads`, exact host names), or always
    /// (`NSAllowsArbitraryLoads`). `https` is always allowed; no other scheme ever is.
    public enum HTTPAllowance: Sendable, Hashable {
        case never
        case hosts(Set<String>)
        case always
    }

    /// Largest file per kind, in bytes. iOS's limits (Docs/push-format.md, Media) read
    /// with 1 MB = 1,000,000 bytes: audio 5 MB, image 10 MB, video 50 MB.
    public struct Limits: Sendable, Hashable {
        /// The largest audio file, in bytes.
        public var audio: Int64
        /// The largest image file, in bytes.
        public var image: Int64
        /// The largest video file, in bytes.
        public var video: Int64

        /// Makes limits (defaults: what iOS accepts for attachments).
        public init(audio: Int64 = 5_000_000, image: Int64 = 10_000_000, video: Int64 = 50_000_000) {
            self.audio = audio
            self.image = image
            self.video = video
        }

        /// The limits iOS sets on notification attachments.
        public static let iOS = Limits()

        /// The limit for `kind`.
        public func limit(for kind: MediaKind) -> Int64 {
            switch kind {
            case .audio: return audio
            case .image: return image
            case .video: return video
            }
        }

        /// The cap before the type is known: the largest of the three.
        public var largest: Int64 { max(audio, image, video) }
    }

    /// Whether plain `http://` URLs may be fetched.
    public var allowHTTP: HTTPAllowance
    /// The size limits.
    public var limits: Limits
    /// At most this many files stay in the attachment folder after a clean-up.
    public var maxFiles: Int
    /// At most this many bytes stay in the attachment folder after a clean-up.
    public var maxTotalBytes: Int64
    /// At most this many items of one push are fetched; later ones fail with `.skipped`.
    public var maxAttachmentsPerNotification: Int
    /// At most this many redirects are followed per item.
    public var maxRedirects: Int
    /// Hosts fetched whatever addresses they resolve to (exact host names or address
    /// literals as written in the URL, case-insensitive), for development and tests. Every
    /// other host must resolve to globally reachable addresses only (`checkAddresses`).
    /// This does not allow plain `http` (that is `allowHTTP`).
    public var allowHosts: [String]

    /// Makes a policy.
    public init(
        allowHTTP: HTTPAllowance = .never, limits: Limits = .iOS, maxFiles: Int = 32,
        maxTotalBytes: Int64 = 100_000_000, maxAttachmentsPerNotification: Int = 4, maxRedirects: Int = 5,
        allowHosts: [String] = []
    ) {
        self.allowHosts = allowHosts
        self.allowHTTP = allowHTTP
        self.limits = limits
        self.maxFiles = maxFiles
        self.maxTotalBytes = maxTotalBytes
        self.maxAttachmentsPerNotification = maxAttachmentsPerNotification
        self.maxRedirects = maxRedirects
    }

    /// Nil when `url` may be fetched, else why not.
    public func check(_ url: URL) -> MediaFailure? {
        guard let scheme = url.scheme?.lowercased() else {
            return .invalidURL("\(url.absoluteString) is not an absolute URL")
        }
        guard let host = url.host, !host.isEmpty else {
            return scheme == "https" || scheme == "http"
                ? .invalidURL("\(url.absoluteString) has no host") : .unsupportedScheme(scheme)
        }
        switch scheme {
        case "https": return nil
        case "http":
            switch allowHTTP {
            case .always: return nil
            case .hosts(let allowed) where allowed.contains(host.lowercased()): return nil
            default: return .unsupportedScheme("http")
            }
        default: return .unsupportedScheme(scheme)
        }
    }

    /// Nil when a redirect from `from` to `to` may be followed, else why not:
    /// the target must pass `check`, and an `https` page never hands over to
    /// plain `http` (even for an allowed host).
    public func checkRedirect(from: URL?, to: URL) -> MediaFailure? {
        let target = to.absoluteString
        if check(to) != nil { return .forbiddenRedirect(target) }
        if from?.scheme?.lowercased() == "https", to.scheme?.lowercased() != "https" {
            return .forbiddenRedirect(target)
        }
        return nil
    }
}
