import ArgumentParser
import HeraldJSON
import HeraldMedia
import HeraldNetwork

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `herald-net fetch`: downloads for `HelperProcessMediaDownloader` (the wire
/// format is `MediaDownloadWire`): a request on standard input, one answer line
/// per URL on standard output as each transfer ends.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download media: a JSON request on standard input, JSON Lines answers on standard output.",
        discussion: """
            Request: {"folder", "timeoutMs", "urls": [...], "policy": {"allowHTTP": "never"|"always"|[hosts], \
            "limits": {"audio", "image", "video"}, "maxRedirects"}}. Answers, one per URL as it ends: \
            {"index", "file": {"path", "fileName", "type", "byteCount", "sha256"}} or \
            {"index", "failure": {"code", "detail"}}. Exit 0 when every URL was answered, 2 for a bad request.
            """)

    /// The largest request read (the caller writes at most 60,000 bytes).
    static let maxRequestBytes = 1 << 20

    func run() async throws {
        let bytes = try readRequest()
        let request: MediaDownloadWire.Request
        do {
            request = try MediaDownloadWire.Request(json: try JSONParser.parse(bytes: bytes))
        } catch {
            Output.standardError("herald-net: error: bad fetch request: \(error)")
            throw ExitCode(2)
        }
        let deadline = ContinuousClock.now + .milliseconds(request.timeoutMilliseconds)
        let downloader = URLSessionMediaDownloader()
        await withTaskGroup(of: Void.self) { group in
            for (i, url) in request.urls.enumerated() {
                group.addTask {
                    let outcome = await downloader.download(
                        [url], policy: request.policy, into: request.folder, deadline: deadline
                    ).first ?? .failure(.io("no outcome"))
                    Output.standardOutput(JSONWriter.write(MediaDownloadWire.answer(index: i, outcome)))
                }
            }
        }
    }

    private func readRequest() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                Output.standardError("herald-net: error: cannot read the request: \(String(cString: strerror(errno)))")
                throw ExitCode(2)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > Self.maxRequestBytes {
                Output.standardError("herald-net: error: the request is larger than \(Self.maxRequestBytes) bytes")
                throw ExitCode(2)
            }
        }
    }
}
