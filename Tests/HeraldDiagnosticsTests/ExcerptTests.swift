import HeraldDiagnostics
import Testing

/// The one way diagnostics quote input: bounded, escaped, in quotes.
@Suite struct ExcerptTests {
    @Test(arguments: [
        // (input, expected): written by hand from Excerpt's contract.
        ("greeting", #""greeting""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
        ("\u{1B}[2J\u{7}", #""\u{1B}[2J\u{7}""#),
        ("abc\u{202E}def\u{2066}", #""abc\u{202E}def\u{2066}""#),
        ("\u{0}\u{85}é😀", #""\u{0}\u{85}é😀""#),
    ])
    func escapesWhatCouldForgeOrFlood(_ input: String, _ expected: String) {
        #expect(Excerpt.quoted(input) == expected)
    }

    @Test func aLongInputIsCutAfterTheLimit() {
        let long = String(repeating: "x", count: 1 << 20)
        let q = Excerpt.quoted(long)
        #expect(q == "\"" + String(repeating: "x", count: Excerpt.defaultLimit) + "…\"")
        // Exactly the limit: no ellipsis.
        #expect(Excerpt.quoted(String(repeating: "y", count: 64)) == "\"" + String(repeating: "y", count: 64) + "\"")
        // A cluster of a million combining marks is cut by scalars, not kept whole.
        let marks = "a" + String(repeating: "\u{301}", count: 1 << 20)
        #expect(Excerpt.quoted(marks).unicodeScalars.count == 2 + Excerpt.defaultLimit + 1)
    }
}
