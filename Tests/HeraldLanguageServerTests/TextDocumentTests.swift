import HeraldLanguageServer
import Testing

/// Incremental sync: ranges in UTF-16 units, past-the-end positions clamped, CR LF lines.
@Test func incrementalEditsCountUTF16Units() {
    var doc = TextDocument(uri: "file:///a", version: 1, text: "\"k\" = \"🎉 a\";\r\n\"l\" = \"b\";\n")
    // After the emoji (2 UTF-16 units) and the quote: line 0, character 7 + 2.
    doc.apply(range: TextRange(TextPosition(line: 0, character: 10), TextPosition(line: 0, character: 11)), text: "Z", version: 2)
    #expect(doc.line(0) == "\"k\" = \"🎉 Z\";")
    #expect(doc.version == 2)
    // Insert a line at the end (a position past the last line is the end of the document).
    doc.apply(range: TextRange(TextPosition(line: 9, character: 0), TextPosition(line: 9, character: 0)), text: "\"m\" = \"c\";\n", version: 3)
    #expect(doc.lineCount == 4)
    #expect(doc.line(2) == "\"m\" = \"c\";")
    // A character past a line's end is its end, before CR LF.
    doc.apply(range: TextRange(TextPosition(line: 0, character: 99), TextPosition(line: 1, character: 0)), text: " ", version: 4)
    #expect(doc.line(0) == "\"k\" = \"🎉 Z\"; \"l\" = \"b\";")
    // A whole-text change.
    doc.apply(range: nil, text: "x", version: 5)
    #expect(doc.text == "x")
}

@Test func scalarColumnsMapToUTF16() {
    let doc = TextDocument(uri: "file:///a", version: 1, text: "🎉é\"k\"\n")
    // Column 3 in scalars (after 🎉 and é) is character 3 in UTF-16 (🎉 is two units).
    #expect(doc.position(line: 1, scalarColumn: 3) == TextPosition(line: 0, character: 3))
    #expect(doc.position(ofOffset: doc.offset(of: TextPosition(line: 0, character: 3))) == TextPosition(line: 0, character: 3))
}

@Test func fileURIsRoundTrip() {
    let path = "/tmp/a b/é#1.lproj/Localizable.strings"
    #expect(FileURI.path(FileURI.uri(path)) == path)
    #expect(FileURI.path("untitled:Untitled-1") == nil)
    #expect(FileURI.path("file://elsewhere/x") == nil)
}
