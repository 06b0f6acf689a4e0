import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// SIGTERM ends herald-server, whatever its clients do (Docs/service.md, "Logs and signals"):
/// a batch still sending is told to stop, the log is written out, and no upload folder is
/// left behind.
@Suite struct ShutdownTests {
    @Test func sigtermEndsWithABatchStillConnected() async throws {
        let work = try TemporaryFolder()
        let temporary = try TemporaryFolder("herald-shutdown-tmp")
        // A folder a killed server left: its process is gone, so it is removed at start.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = temporary.path("herald-serve-\(gone.processIdentifier)-AbCdEf")
        try FileManager.default.createDirectory(atPath: abandoned + "/herald-validate-x", withIntermediateDirectories: true)
        let server = try await ServerProcessTests.start(
            ["--watch-interval-ms", "0", "--min-body-rate", "0", "--shutdown-grace-s", "5"], folder: work,
            environment: ["TMPDIR": temporary.path])
        defer { kill(server.process.processIdentifier, SIGKILL) }
        try await eventually("the abandoned folder is removed and this server's is made") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            return names.count == 1 && names[0].hasPrefix("herald-serve-\(server.process.processIdentifier)-")
        }

        let batch = try RawConnection(port: server.port)
        batch.send("POST /v1/render/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let line = FormatAndBatchTests.batchLines[0] + "\n"
        batch.send(String(line.utf8.count, radix: 16) + "\r\n" + line + "\r\n")
        try await eventually("the batch is in flight") {
            try await Answer.send(.GET, server.base + "/metrics", body: nil, headers: []).text.contains("herald_http_batches_in_flight 1")
        }
        kill(server.process.processIdentifier, SIGTERM)
        let answer = await batch.readToEnd()
        #expect(answer.contains("the server is shutting down; the batch ended after 1 answer"), "\(answer)")
        let finished = await server.process.finished()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("route=/v1/render/batch"), "the batch's access line is written out before the end")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["?"]
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
