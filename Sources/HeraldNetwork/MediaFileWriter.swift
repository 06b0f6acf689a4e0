import Crypto
import HeraldMedia

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Where one download's body goes, whichever transport receives it: a temporary file in the
/// attachment folder (`.herald-*.part`, created exclusively, never following a link), the
/// type sniffed from the first 16 bytes, the size limit narrowed to the type's and checked on
/// every chunk, the content hashed as it is written; `finish` renames the file to
/// `<sha256>.<ext>`. Nothing but the first 16 bytes is held in memory. A failure removes the
/// temporary file (`discard`).
struct MediaFileWriter {
    private let folder: String
    private let policy: MediaPolicy
    private var fd: Int32 = -1
    private var tempPath: String?
    private var hasher = SHA256()
    private(set) var received: Int64 = 0
    private var prefix: [UInt8] = []
    private var type: MediaType?
    /// The limit in force: the largest until the type is known, then the type's.
    private(set) var limit: Int64
    /// The length the server announced, or -1.
    private var expectedLength: Int64 = -1

    init(folder: String, policy: MediaPolicy) {
        self.folder = folder
        self.policy = policy
        self.limit = policy.limits.largest
    }

    /// Checks an announced Content-Length against the limit (-1: none announced).
    mutating func expect(length: Int64) -> MediaFailure? {
        expectedLength = length
        return length > limit ? .tooLarge(limit: limit) : nil
    }

    /// Creates the temporary file.
    mutating func open() -> MediaFailure? {
        var random = SystemRandomNumberGenerator()
        let token = String(random.next(), radix: 16) + String(random.next(), radix: 16)
        let path = folder + "/" + AttachmentFolder.tempPrefix + token + AttachmentFolder.tempSuffix
        let opened = Self.openFile(path)
        guard opened >= 0 else { return .io("cannot create \(path): \(Self.errnoText())") }
        fd = opened
        tempPath = path
        return nil
    }

    private static func openFile(_ path: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        #else
        Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        #endif
    }

    /// Writes one chunk: refused when it passes the limit or when its first bytes are not a
    /// type iOS attaches.
    mutating func write(_ chunk: UnsafeRawBufferPointer) -> MediaFailure? {
        guard fd >= 0 else { return .io("no temporary file") }
        if received + Int64(chunk.count) > limit { return .tooLarge(limit: limit) }
        received += Int64(chunk.count)
        if type == nil, prefix.count < MediaSniffer.prefixLength {
            prefix.append(contentsOf: chunk.prefix(MediaSniffer.prefixLength - prefix.count))
            if prefix.count >= MediaSniffer.prefixLength, let f = decideType() { return f }
        }
        hasher.update(bufferPointer: chunk)
        guard var p = chunk.baseAddress else { return nil }
        var left = chunk.count
        while left > 0 {
            let n = Self.writeSome(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                return .io("cannot write \(tempPath ?? "the temporary file"): \(Self.errnoText())")
            }
            left -= n
            p += n
        }
        return nil
    }

    private static func writeSome(_ fd: Int32, _ p: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, p, count)
        #else
        Glibc.write(fd, p, count)
        #endif
    }

    /// Sniffs the prefix; narrows the size limit to the type's.
    private mutating func decideType() -> MediaFailure? {
        switch MediaSniffer.sniff(prefix) {
        case .unsupported(let what):
            return .unsupportedType(what)
        case .supported(let t):
            type = t
            limit = policy.limits.limit(for: t.kind)
            if received > limit || expectedLength > limit { return .tooLarge(limit: limit) }
            return nil
        }
    }

    /// The whole body is in: closes the file and renames it to `<sha256>.<ext>`.
    mutating func finish() -> Result<DownloadedFile, MediaFailure> {
        if expectedLength >= 0, received != expectedLength {
            return .failure(
                .network("the response ended after \(received) of the \(expectedLength) bytes its Content-Length announced"))
        }
        if type == nil, let f = decideType() { return .failure(f) }
        guard let type, let temp = tempPath, fd >= 0 else { return .failure(.io("no temporary file")) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { return .failure(.io("cannot close \(temp): \(Self.errnoText())")) }
        let hex = hasher.finalize().map { byte in
            let s = String(byte, radix: 16)
            return byte < 16 ? "0" + s : s
        }.joined()
        let name = hex + "." + type.fileExtension
        let path = folder + "/" + name
        guard rename(temp, path) == 0 else {
            return .failure(.io("cannot rename \(temp) to \(path): \(Self.errnoText())"))
        }
        tempPath = nil
        return .success(DownloadedFile(path: path, fileName: name, type: type, byteCount: received, sha256: hex))
    }

    /// Closes and removes the temporary file, if any (after a failure).
    mutating func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if let t = tempPath {
            unlink(t)
            tempPath = nil
        }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
