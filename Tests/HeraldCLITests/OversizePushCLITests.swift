import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// A push the extension would not run for (content-available, no alert) that is larger than
/// APNs' 4096 bytes: `herald render` passed its 900 KB through; what comes out is now at most
/// 4096 bytes, its custom keys dropped with a payload-size diagnostic (Docs/push-format.md).
@Suite struct OversizePushCLITests {
    @Test func anOversizePassedOnPushComesOutWithin4096Bytes() async throws {
        let store = try TemporaryFolder("herald-oversize")
        let push = #"{"aps":{"content-available":1},"blob":""# + String(repeating: "x", count: 900_000) + #""}"#
        let r = try await HeraldBinary.run(
            ["render", "--payload", "-", "--locale", "en", "--tables", RenderCLITests.tables, "--store", store.path],
            stdin: Data(push.utf8))
        let payload = try JSONParser.parse(r.stdout)
        #expect(JSONWriter.write(payload).utf8.count <= 4096, "\(r.stdout.utf8.count) bytes out")
        #expect(payload["aps"]?["content-available"]?.intValue == 1)
        #expect(payload["blob"] == nil)
        #expect(r.stderr.contains("more than APNs' 4096"), "\(r.stderr)")
    }
}
