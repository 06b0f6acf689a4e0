import Foundation
@testable import HeraldTableFormats
@testable import HeraldTableInterchange
@testable import HeraldTables
import Testing

/// The XLIFF reader's XML: well-formedness errors with their line and column, and the
/// hostile documents XML allows refused (entities, deep nesting) or read in one pass.
@Suite struct XMLReaderTests {
    static func parse(_ s: String) throws(XMLError) -> XMLNode { try XMLReader.parse(Array(s.utf8)) }

    static func failure(_ s: String) -> XMLError? {
        do { _ = try parse(s); return nil } catch { return error }
    }

    @Test func readsElementsAttributesAndText() throws {
        let root = try Self.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <a x="1 &amp; 2" y='&#10;&#x41;'><b>t&lt;&gt;&quot;&apos;<![CDATA[<raw>&amp;]]></b><c/>\r\nz</a>
            """)
        #expect(root.name == "a")
        #expect(root[attribute: "x"] == "1 & 2")
        #expect(root[attribute: "y"] == "\nA")
        #expect(root.children.map(\.name) == ["b", "c"])
        #expect(root.children[0].text == "t<>\"'<raw>&amp;")
        // XML's end-of-line handling: CR LF reads as LF.
        #expect(root.text == "t<>\"'<raw>&amp;\nz")
        #expect((root.line, root.column) == (3, 1))
        #expect((root.children[1].line, root.children[1].column) == (3, 84))
    }

    /// Positions count characters, not bytes: "é" is one column.
    @Test func errorsSayLineAndColumn() {
        #expect(Self.failure("<a>\n  <b>é</c></a>") == XMLError(message: "end tag </c> does not match <b> (line 2, column 3)", line: 2, column: 7))
        #expect(Self.failure("<a>\n<b x=\"1\" x=\"2\"/></a>")?.message == "attribute x appears twice in <b>")
        #expect(Self.failure("<a>&bogus;</a>").map { ($0.line, $0.column) }! == (1, 4))
        #expect(Self.failure("<a>")?.message == "the document ends inside <a>, which is never closed")
        #expect(Self.failure("<a></a><b/>")?.message == "content after the root element")
        #expect(Self.failure("<a>\u{1}</a>")?.message == "control character U+1 is not allowed in XML")
        #expect(Self.failure("<a>&#0;</a>") != nil)
        #expect(XMLReader.invalidUTF8([0x3C, 0x61, 0xC3, 0x28], from: 0) == 2)
        #expect(XMLReader.invalidUTF8([0xED, 0xA0, 0x80], from: 0) == 0)  // an encoded surrogate
        #expect(XMLReader.invalidUTF8(Array("<a>é😀</a>".utf8), from: 0) == nil)
    }

    /// "Billion laughs" and external entities need a DTD: any DOCTYPE is refused before
    /// an entity could be declared, and an undeclared entity is an error, never expanded.
    @Test func entityExpansionIsRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <lolz>&lol2;</lolz>
            """
        #expect(Self.failure(laughs).map { ($0.line, $0.column) }! == (2, 1))
        #expect(Self.failure(laughs)?.message.contains("DOCTYPE") == true)
        let external = "<!DOCTYPE x SYSTEM \"file:///etc/passwd\"><x>&xxe;</x>"
        #expect(Self.failure(external)?.message.contains("DOCTYPE") == true)
        #expect(Self.failure("<x><!ENTITY a \"b\"></x>")?.message == "a declaration (<!…>) inside the document is not accepted")
        #expect(Self.failure("<x>&xxe;</x>")?.message.contains("not one of XML's predefined entities") == true)
    }

    /// A million nested elements stop at the depth limit (no recursion, no stack overflow).
    @Test func deepNestingIsRefused() {
        let n = 1_000_000
        let deep = String(repeating: "<a>", count: n) + String(repeating: "</a>", count: n)
        let e = Self.failure(deep)
        #expect(e?.message == "elements nest more than \(XMLReader.maxDepth) deep")
        #expect(e?.column == XMLReader.maxDepth * 3 + 1)
        let ok = String(repeating: "<a>", count: XMLReader.maxDepth) + String(repeating: "</a>", count: XMLReader.maxDepth)
        #expect(Self.failure(ok) == nil)
    }

    /// An 8 MiB attribute (and one never closed) is read in one pass; the error points at
    /// where the attribute starts. A long line of many elements keeps its columns right
    /// (each column counted on from the previous one, not from the line's start).
    @Test func hugeAttributesAndLongLines() throws {
        let big = String(repeating: "x", count: 8 << 20)
        let root = try Self.parse("<a v=\"\(big)\"/>")
        #expect(root[attribute: "v"]?.utf8.count == 8 << 20)
        let open = Self.failure("<a v=\"\(big)")
        #expect(open?.message == "the document ends inside the value of attribute v")
        #expect(open.map { ($0.line, $0.column) }! == (1, 4))
        let many = try Self.parse("<r>" + String(repeating: "<é/>", count: 100_000) + "</r>")
        #expect(many.children.last?.column == 4 + 99_999 * 4)
    }
}
