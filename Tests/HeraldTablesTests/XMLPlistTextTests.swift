import Testing

@testable import HeraldTableFormats
@testable import HeraldTables

/// The text of an XML property list's `<string>` and `<key>`: plain runs, entities, character
/// references, CDATA sections and comments in any mix come out as CoreFoundation reads them
/// (entities decoded, CDATA as written, comments dropped, line ends kept), whichever of the
/// reader's two ways (one run taken whole, or several gathered) a value takes.
@Suite struct XMLPlistTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("", ""),
        ("a&amp;b", "a&b"),
        ("&lt;&gt;&quot;&apos;&amp;", "<>\"'&"),
        ("x<![CDATA[<y>&amp;]]>z", "x<y>&amp;z"),
        ("p<!-- note -->q", "pq"),
        ("<!-- only a note -->", ""),
        ("smile &#x263A; and &#233;", "smile \u{263A} and é"),
        ("line\r\nends\rkept", "line\r\nends\rkept"),
        ("é<![CDATA[]]>ü", "éü"),
    ])
    func valueText(_ written: String, _ expected: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>k&amp;ey</key><string>\(written)</string></dict></plist>
            """
        var parser = XMLPlistParser(text: Array(xml.utf8), file: "L.strings")
        let root = try parser.document()
        guard let pair = parser.tree.pairs(root).first, let value = parser.tree.string(pair.value) else {
            Issue.record("not a dictionary with one string")
            return
        }
        #expect(pair.key == "k&ey")
        #expect(value == expected)
    }
}
