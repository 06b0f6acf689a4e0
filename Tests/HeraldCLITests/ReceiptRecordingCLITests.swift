import Foundation
import Testing

/// The stage records a display receipt for a push that asks for one
/// (`push_id`, or `herald.receipt`), once per push id, and the receipt then
/// waits for `herald receipts flush`.
@Suite struct ReceiptRecordingCLITests {
    @Test func renderRecordsEachPushIDOnce() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("herald-rr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let withPushID = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"push_id":"P-42","custom-encrypted-message":"Uryyb"}"#
        let withReceipt = #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Hi","receipt":"R-7"}}"#
        for push in [withPushID, withPushID, withReceipt] {
            let r = try await HeraldBinary.run(
                ["render", "--allow-unsealed", "--payload", "-", "--locale", "en", "--store", store.path], stdin: Data(push.utf8))
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("\"\u{2068}Hello\u{2069}\"") || r.stdout.contains("\"\u{2068}Hi\u{2069}\""))
        }
        let list = try await HeraldBinary.run(["receipts", "list", "--all", "--store", store.path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("pending 2\n"), "\(list.stdout)")
        #expect(list.stdout.contains("P-42") && list.stdout.contains("R-7"))
        #expect(list.stdout.contains("message"))
    }

    @Test func aPushWithoutAReceiptRecordsNothing() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("herald-rr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let push = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1,"badge":1},"custom-encrypted-message":"Uryyb"}"#
        let r = try await HeraldBinary.run(["render", "--allow-unsealed", "--payload", "-", "--locale", "en", "--store", store.path], stdin: Data(push.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let list = try await HeraldBinary.run(["receipts", "list", "--store", store.path])
        #expect(list.stdout.hasPrefix("pending 0\n"), "\(list.stdout)")
    }
}
