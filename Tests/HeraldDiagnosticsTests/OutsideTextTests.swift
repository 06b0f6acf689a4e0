import HeraldDiagnostics
import Testing

/// The one escaping rule for outside text on a terminal or in a diagnostic. Expected strings
/// are written by hand from the rule in OutsideText's documentation.
@Suite struct OutsideTextTests {
    @Test func controlCharactersAreEscaped() {
        #expect(OutsideText.escaped("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(OutsideText.escaped("line\nnext\r\tend") == "line\\nnext\\r\\tend")
        #expect(OutsideText.escaped("\u{7F}\u{85}\u{9B}") == "\\u{7F}\\u{85}\\u{9B}")
        #expect(OutsideText.escaped("\u{202E}x\u{2066}\u{2069}\u{200F}\u{2028}") == "\\u{202E}x\\u{2066}\\u{2069}\\u{200F}\\u{2028}")
        // Other languages are text, not controls.
        #expect(OutsideText.escaped("مرحبا 漢字 é") == "مرحبا 漢字 é")
    }

    @Test func bidiControlsCanBeKeptForDisplay() {
        #expect(OutsideText.escaped("\u{2068}x\u{2069}\u{1B}", bidi: false) == "\u{2068}x\u{2069}\\u{1B}")
    }

    @Test func aLimitCutsTheText() {
        #expect(OutsideText.escaped("abcdef", limit: 3) == "abc…")
        #expect(OutsideText.escaped("abc", limit: 3) == "abc")
    }

    @Test func plainASCIIIsItsOwnEscapeButQuotesAndTheLimitStillApply() {
        // Printable ASCII is returned as it is; a quote, a backslash (when quoting), DEL,
        // or one scalar past the limit takes the full path.
        #expect(OutsideText.escaped("plain text 123 ~!") == "plain text 123 ~!")
        #expect(OutsideText.escaped("say \"hi\" \\", quotes: true) == "say \\\"hi\\\" \\\\")
        #expect(OutsideText.escaped("say \"hi\"", quotes: false) == "say \"hi\"")
        #expect(OutsideText.escaped("ab\u{7F}", limit: 5) == "ab\\u{7F}")
        #expect(OutsideText.escaped("abcd", limit: 4) == "abcd")
        #expect(OutsideText.escaped("abcde", limit: 4) == "abcd…")
        #expect(Excerpt.quoted("k\"1") == "\"k\\\"1\"")
    }
}
