import Foundation
import HeraldJSON
import HeraldStage
import HeraldTestSupport
import Testing

/// A push whose text does not fit APNs' 4096 bytes, in-process through `StageHarness`.
@Suite struct StageShorteningTests {
    @Test func oversizeTextIsShortenedAtAGraphemeBoundary() async throws {
        let harness = try StageHarness()
        try harness.keygen()
        // e + combining acute, a thumbs-up with a skin tone, a family (ZWJ sequence), CJK.
        let unit = "e\u{301}👍🏽👨‍👩‍👧 漢字 "
        let text = String(repeating: unit, count: 300)
        let sealed = try harness.seal(
            #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"\#(text)"}}"#)
        let o = try await harness.stage().process(.object(sealed), locale: LocaleID("en"))
        #expect(!o.fallback, "\(o.diagnostics)")
        #expect(o.bytes <= 4096)
        let body = try #require(o.body)
        // The message is isolated (BidiIsolation) and the cut closes the isolate before "…".
        #expect(body.hasPrefix("\u{2068}"))
        #expect(body.hasSuffix("\u{2069}…"))
        let kept = Array(body.dropFirst().dropLast(2))
        #expect(kept.count > 100)
        // Every kept character is a whole grapheme of the original, in place.
        #expect(Array(Array(text).prefix(kept.count)) == kept)
        let note = try #require(o.diagnostics.first { $0.rule == .shortened }, "\(o.diagnostics)")
        #expect(note.message.hasPrefix("shortened to fit 4096 bytes: "))
        #expect(note.severity == .note)
    }
}
