import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldMedia
import HeraldNetwork

import Glibc

/// `herald-net fetch`: downloads for `HelperProcessMediaDownloader` (the wire
/// format is `MediaDownloadWire`): a request on standard input, one answer line
/// per URL on standard output as each transfer ends.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download media: a JSON request on standard input, JSON Lines answers on standard output.",
        discussion: """
            Request: {"folder", "timeoutMs", "urls": [...], "policy": {"allowHTTP": "never"|"always"|[hosts], \
            "allowHosts": [hosts], "limits": {"audio", "image", "video"}, "maxRedirects"}}. A host not in \
            allowHosts must resolve to public addresses only, on the first hop and on every redirect. Answers, one per URL as it ends: \
            {"index", "file": {"path", "fileName", "type", "byteCount", "sha256"}} or \
            {"index", "failure": {"code", "detail"}}. Exit 0 when every URL was answered, 2 for a bad request.
            """)

    /// The largest request read (the caller writes at most 60,000 bytes).
    static let maxRequestBytes = 1 << 20

    func run() async throws {
        let bytes = try InputFile.read("-", limit: Self.maxRequestBytes, what: "a fetch request")
        let request = try CommandFailure.catching(.usage, "bad fetch request: ") {
            try MediaDownloadWire.Request(json: try JSONParser.parse(bytes: bytes))
        }
        let deadline = ContinuousClock.now + .milliseconds(request.timeoutMilliseconds)
        let downloader = HTTPMediaDownloader()
        await withTaskGroup(of: Void.self) { group in
            for (i, url) in request.urls.enumerated() {
                group.addTask {
                    let outcome = await downloader.download(
                        [url], policy: request.policy, into: request.folder, deadline: deadline
                    ).first ?? .failure(.io("no outcome"))
                    BufferedOutput.writeAll(fd: 1, JSONWriter.write(MediaDownloadWire.answer(index: i, outcome)) + "\n")
                }
            }
        }
    }
}
