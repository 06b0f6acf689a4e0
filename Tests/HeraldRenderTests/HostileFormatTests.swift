import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// Hostile format strings in a translation table (a translator's typo or a
/// poisoned table) and hostile arguments. Each format yields its exact problem
/// (kind and byte range), rendering it never traps, and the table's other keys
/// still render as before.
@Suite struct HostileFormatTests {
    struct Case: Sendable, CustomStringConvertible {
        var format: String
        var kind: Diagnostic.Rule
        /// The problem's byte range, when it is fixed by the grammar alone.
        var range: Range<Int>?
        var description: String { format }
    }

    static let cases: [Case] = [
        Case(format: "%", kind: .danglingPercent, range: 0..<1),
        Case(format: "Total: 50 %", kind: .danglingPercent, range: 10..<11),
        Case(format: "%ll", kind: .danglingPercent, range: 0..<3),
        Case(format: "%99999d", kind: .widthTooLarge, range: 0..<7),
        Case(format: "%.99999999999999999999f", kind: .widthTooLarge, range: 0..<23),
        Case(format: "%*d", kind: .starWidth, range: 0..<3),
        Case(format: "%0$@", kind: .badPosition, range: 0..<4),
        Case(format: "%70$@", kind: .badPosition, range: 0..<5),
        Case(format: "%#@count", kind: .badVariable, range: nil),
        Case(format: "%1$@ %1$d", kind: .conflictingTypes, range: nil),
        Case(format: "%@ %1$@", kind: .mixedPositional, range: nil),
        Case(format: "%y", kind: .invalidSpecifier, range: nil),
    ]

    static let table: [String: [UInt8]] = {
        var text = "\"good\" = \"Hello %@\";\n"
        for (i, c) in cases.enumerated() {
            text += "\"bad\(i)\" = \"\(c.format)\";\n"
        }
        return ["en.lproj/Localizable.strings": Array(text.utf8)]
    }()

    @Test(arguments: cases) func problemIsExactAndRenderingGoesOn(_ c: Case) throws {
        let parsed = FormatStringParser.parse(c.format)
        let problem = try #require(parsed.problems.first { $0.kind == c.kind }, "\(parsed.problems)")
        if let range = c.range { #expect(problem.utf8Range == range) }
        #expect(!problem.message.isEmpty)

        let catalog = Catalog(contents: Self.table)
        #expect(catalog.loadAll().diagnostics.isEmpty)
        let renderer = Renderer(catalog: catalog)
        let en = try LocaleID("en")
        let index = try #require(Self.cases.firstIndex { $0.format == c.format })
        let hostile = try renderer.render(key: "bad\(index)", locale: en, arguments: [.string("Ana"), .number(.int(3))])
        #expect(hostile.text.utf8.count <= FormatStringParser.maximumWidth + c.format.utf8.count + 16)
        // The other keys of the table still render.
        #expect(try renderer.render(key: "good", locale: en, arguments: [.string("Ana")]).text == "Hello Ana")
    }

    @Test func widthIsCappedNotAllocated() throws {
        let r = Renderer.renderUncached(
            message: .plain(SourceText("%99999d", origin: Origin(file: "t", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: [.number(.int(3))])
        // Padded to the cap (1024), right-aligned.
        #expect(r.text == String(repeating: " ", count: FormatStringParser.maximumWidth - 1) + "3")
    }

    @Test func megabyteArgumentIsInsertedWhole() throws {
        let big = String(repeating: "ж", count: 1 << 19)  // 1 MiB of UTF-8
        let r = Renderer.renderUncached(
            message: .plain(SourceText("<%@>", origin: Origin(file: "t", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: [.string(big)])
        #expect(r.text == "<" + big + ">")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func argumentsThatLookLikeFormatsAreNotFormatted() throws {
        let hostile = "%@%n%s%99999d{0}{count, plural, other {#}}\u{0}tail"
        let r = Renderer.renderUncached(
            message: .plain(SourceText("From %@", origin: Origin(file: "t", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: [.string(hostile)])
        #expect(r.text == "From " + hostile)
        let icu = Renderer.renderUncached(
            message: .plain(SourceText("From {0}", origin: Origin(file: "t", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: [.string(hostile)], icu: true)
        #expect(icu.text == "From " + hostile)
    }
}
