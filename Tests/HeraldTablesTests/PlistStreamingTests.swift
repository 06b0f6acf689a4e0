import Testing
import Foundation

@testable import HeraldTableFormats
@testable import HeraldTables

/// A `.stringsdict` is made into entries while it is read: the XML plist reader hands over
/// the root dictionary's pairs one at a time and forgets each pair's nodes before reading the
/// next, so the nodes alive are one entry's, not the file's (a 4 MiB plural nest held a
/// 12 MB tree beside the entries made from it). The nodes are 16 bytes each.
@Suite struct PlistStreamingTests {
    /// `n` entries, each a plural format with one variable of two forms.
    static func stringsdict(entries n: Int) -> String {
        var body = ""
        for k in 0..<n {
            body += """
                <key>files\(k)</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d file &amp; more</string>
                <key>other</key><string>%d files</string>
                </dict></dict>

                """
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n\(body)</dict></plist>\n"
    }

    @Test func pairsAreHandedOverAsReadAndNoNodeOutlivesItsEntry() throws {
        var x = XMLPlistParser(text: Array(Self.stringsdict(entries: 50).utf8), file: "en.lproj/L.stringsdict")
        #expect(try x.openRootDictionary())
        var keys: [String] = []
        while let pair = try x.nextRootPair() {
            keys.append(pair.key)
            // The value's nodes only: the dict, its format key and string, the variable's key
            // and dict, and four keys with their strings (1 + 2 + 2 + 8 = 13); the one text
            // with an entity is the one kept decoded.
            #expect(pair.value == 0)
            #expect(x.tree.nodes.count == 13)
            #expect(x.tree.end(pair.value) == 13)
            #expect(x.tree.decoded == ["%d file & more"])
        }
        #expect(keys == (0..<50).map { "files\($0)" })
    }

    @Test func aNodeIsSixteenBytes() {
        #expect(MemoryLayout<PlistTree.Node>.stride == 16)
    }

    @Test func entriesReadAsTheyStreamKeepTheirPlaces() throws {
        let r = StringsdictReader.read(bytes: Array(Self.stringsdict(entries: 3).utf8), file: "en.lproj/L.stringsdict")
        #expect(r.diagnostics.isEmpty)
        #expect(r.entries.count == 3)
        let e = try #require(r.entries["files2"])
        // Each entry takes 8 lines, after the 2-line prolog: files2's <key> is line 19, column 1.
        #expect(e.origin.line == 19 && e.origin.column == 1)
        guard case .plural(let format, let variables) = e.message, let n = variables["n"] else {
            Issue.record("not a plural")
            return
        }
        #expect(format.value == "%#@n@" && format.origin.line == 20)
        #expect(n.forms[.one]?.value == "%d file & more")
        #expect(n.forms[.other]?.value == "%d files" && n.forms[.other]?.origin.line == 25)
    }

    /// A syntax error after entries were already made drops them all: the device loads
    /// nothing from a file it cannot parse, and neither does the reader.
    @Test(arguments: ["<integer>x</integer>", "<string>unterminated", "<nope/>"])
    func aLateSyntaxErrorLeavesNoEntry(_ broken: String) {
        var xml = Self.stringsdict(entries: 3)
        xml = xml.replacingOccurrences(of: "</dict></plist>", with: "<key>late</key>\(broken)</dict></plist>")
        let r = StringsdictReader.read(bytes: Array(xml.utf8), file: "en.lproj/L.stringsdict")
        #expect(r.entries.count == 0)
        #expect(r.droppedOnDevice)
        #expect(r.diagnostics.count == 1 && r.diagnostics.first?.origin?.line == 27)
    }

    /// The same rule for a `.strings` file in plist form.
    @Test func aLateSyntaxErrorInAStringsPlistLeavesNoEntry() {
        let xml = "<plist><dict><key>a</key><string>A</string><key>b</key><string>B</string><key>c</key><real>z</real></dict></plist>"
        let r = StringsReader.read(bytes: Array(xml.utf8), file: "en.lproj/L.strings")
        #expect(r.entries.count == 0)
        #expect(r.diagnostics.count == 1)
    }
}
