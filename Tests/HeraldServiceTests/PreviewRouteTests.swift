import Foundation
import HeraldTestSupport
import Testing

/// `GET /v1/preview` (Docs/service.md): the gallery from the live tables, written nowhere.
@Suite struct PreviewRouteTests {
    /// `GET /v1/preview` renders the examples from a store in memory: with no temporary folder
    /// to write to (TMPDIR names a folder that does not exist), the gallery is still served.
    @Test func previewWritesNoTemporaryFiles() async throws {
        let work = try TemporaryFolder()
        let server = try await ServerProcessTests.start(
            ["--watch-interval-ms", "0"], folder: work, environment: ["TMPDIR": work.path("no-such-folder")])
        defer { kill(server.process.processIdentifier, SIGKILL) }
        let answer = try await Answer.send(.GET, server.base + "/v1/preview", body: nil, headers: [])
        #expect(answer.status == 200, "\(answer.text.prefix(500))")
        #expect(answer.text.contains("<html"))
        #expect(!FileManager.default.fileExists(atPath: work.path("no-such-folder")))
    }
}
