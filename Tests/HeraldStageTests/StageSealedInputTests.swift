import Foundation
import HeraldJSON
import HeraldStage
import HeraldTestSupport
import Testing

/// Sealed pushes that cannot be opened, in-process through `StageHarness`: keys made as
/// `herald keygen` makes them (HPKE, in the key directory), pushes sealed as `herald seal` seals them.
@Suite struct StageSealedInputTests {
    static let message = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon"}}"#

    /// One base64 character flipped in the middle of the ciphertext: the AEAD tag no longer
    /// matches, the push shows its own alert, and neither the plaintext nor the ciphertext is shown.
    @Test func aTamperedCiphertextFallsBackToThePushsOwnAlert() async throws {
        let harness = try StageHarness()
        try harness.keygen()
        var root = try harness.seal(Self.message)
        var herald = try #require(root["herald"]?.objectValue)
        var envelope = try #require(herald["sealed"]?.objectValue)
        var ct = Array(try #require(envelope["ct"]?.stringValue))
        let i = ct.count / 2
        ct[i] = ct[i] == "A" ? "B" : "A"
        envelope["ct"] = .string(String(ct))
        herald["sealed"] = .object(envelope)
        root["herald"] = .object(herald)

        let o = try await harness.stage().process(.object(root), locale: LocaleID("en"))
        #expect(o.fallback)
        #expect(o.body == "New message")
        #expect(!o.json.contains(String(ct)) && !o.json.contains("Meet at noon"))
        #expect(o.payload["herald"] == nil)
        #expect(
            o.diagnostics.contains { $0.rule == .notOpened && $0.message.contains("does not authenticate") },
            "\(o.diagnostics)")
        for d in o.diagnostics { #expect(!d.message.contains(String(ct)) && !d.message.contains("Meet at noon")) }
    }

    /// The same push opened with the right key renders (the harness's sealing is sound), and a
    /// key directory without the key falls back.
    @Test func theRightKeyOpensAndAMissingKeyFallsBack() async throws {
        let harness = try StageHarness()
        try harness.keygen()
        let sealed = try harness.seal(Self.message)
        let opened = try await harness.stage().process(.object(sealed), locale: LocaleID("en"))
        #expect(!opened.fallback, "\(opened.diagnostics)")
        #expect(opened.body == "\u{2068}Meet at noon\u{2069}")

        let other = try StageHarness()
        let o = try await other.stage().process(.object(sealed), locale: LocaleID("de"))
        #expect(o.fallback)
        #expect(o.body == "New message")
        #expect(o.diagnostics.contains { $0.rule == .notOpened }, "\(o.diagnostics)")
    }
}
