import HeraldJSON
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

/// Removing many members at once (the stage drops every custom key of a payload that
/// cannot fit): one pass, order kept, lookups still right afterwards.
@Suite struct JSONObjectRemovalTests {
    @Test func removeAllKeepsOrderAndIndex() {
        var o = JSONObject()
        for n in 0..<5_000 { o["k\(n)"] = .int(n) }
        o.removeAll { key, _ in key != "k1" && key != "k4999" && key != "k2500" }
        #expect(o.keys == ["k1", "k2500", "k4999"])
        #expect(o["k2500"] == .int(2500))
        #expect(o["k3"] == nil)
        // The index is rebuilt for what is left: a new key is found, an old one replaced.
        o["k3"] = .int(3)
        o["k1"] = .int(-1)
        #expect(o.keys == ["k1", "k2500", "k4999", "k3"])
        #expect(o["k1"] == .int(-1))
    }
}
