import HeraldJSON
import Testing

@testable import HeraldTables

/// `herald export --format json` is written as it is made (`TableExport.writeJSON`),
/// never held whole: its text must be exactly what writing the whole JSON tree
/// (`JSONWriter.write(TableExport.json(…), pretty: true)`, a separate writer) gives,
/// for every construct the readers produce, in pieces of any size.
@Suite struct ExportJSONStreamTests {
    static func streamed(_ tables: [Table], chunk: Int) -> (text: String, pieces: Int) {
        var text = ""
        var pieces = 0
        TableExport.writeJSON(tables, chunk: chunk) { piece in
            text += piece
            pieces += 1
        }
        return (text, pieces)
    }

    static let files: [[String]] = [
        // .strings, .stringsdict, Base, several localizations
        ["app/en.lproj/Localizable.strings", "app/en.lproj/Localizable.stringsdict", "app/de.lproj/Localizable.strings"],
        ["xcstrings/Constructs.xcstrings"],  // plurals, devices, widths, substitutions, phrase sets
        ["stringsdict/Localizable.stringsdict"],
    ]

    @Test(arguments: files)
    func streamedTextIsTheTreeWritersText(files: [String]) throws {
        let tables = Catalog(files: files.map(Fixtures.path)).loadAll().tables
        #expect(!tables.isEmpty)
        let whole = JSONWriter.write(TableExport.json(tables), pretty: true)
        for chunk in [1, 64, 1 << 16] {
            #expect(Self.streamed(tables, chunk: chunk).text == whole)
        }
    }

    @Test func emptyAndRepeatedTables() {
        #expect(Self.streamed([], chunk: 1).text == JSONWriter.write(TableExport.json([]), pretty: true))
        var a = Table(name: "Localizable", localization: "de")
        a.set(Entry(key: "k", message: .plain(SourceText("eins", origin: Origin(file: "f", line: 1, column: 1))), format: .strings, origin: Origin(file: "f", line: 1, column: 1)))
        var b = Table(name: "Localizable", localization: "de")
        b.set(Entry(key: "j", message: .plain(SourceText("zwei\n\"", origin: Origin(file: "g", line: 1, column: 1))), format: .strings, origin: Origin(file: "g", line: 1, column: 1)))
        let empty = Table(name: "Alerts", localization: "de")
        let tables = [a, empty, b]
        #expect(Self.streamed(tables, chunk: 1).text == JSONWriter.write(TableExport.json(tables), pretty: true))
    }

    @Test func aLongTextIsHandedOverInPiecesWrittenAsTheTreeWriterWritesIt() {
        // Every kind of escape and scalars of 1 to 4 bytes, so pieces are cut everywhere.
        let unit = "a\"\\\n\r\t\u{1}\u{7F}é€😀\u{2028}\u{2029}</"
        let o = Origin(file: "f", line: 1, column: 1)
        var t = Table(name: "Localizable", localization: "en")
        t.set(Entry(key: "long", message: .plain(SourceText(String(repeating: unit, count: 400), origin: o)), format: .strings, origin: o))
        t.set(Entry(key: "short", message: .plain(SourceText("x", origin: o)), format: .strings, origin: o))
        let whole = JSONWriter.write(TableExport.json([t]), pretty: true)
        for chunk in [1, 2, 3, 5, 7, 64, 1000] {
            let (text, pieces) = Self.streamed([t], chunk: chunk)
            #expect(text == whole, "chunk \(chunk)")
            #expect(pieces >= 12_000 / max(chunk, 4) / 2, "chunk \(chunk)")
        }
    }

    @Test(arguments: [200, 800])
    func aMessageOfThousandsOfFormsIsHandedOverInPieces(variables: Int) {
        // The hostile benchmark's plural nest: variables v0…vN, six forms each naming the next.
        let o = Origin(file: "f", line: 1, column: 1)
        var vars: [String: PluralVariable] = [:]
        for v in 0..<variables {
            var forms: [PluralCategory: SourceText] = [:]
            for c in PluralCategory.allCases { forms[c] = SourceText("\(c.rawValue) %d %#@v\(v + 1)@", origin: o) }
            vars["v\(v)"] = PluralVariable(name: "v\(v)", valueType: "d", forms: forms, origin: o)
        }
        var t = Table(name: "Localizable", localization: "en")
        t.set(Entry(key: "k", message: .plural(format: SourceText("%#@v0@", origin: o), variables: vars), format: .stringsdict, origin: o))
        let (text, pieces) = Self.streamed([t], chunk: 4096)
        #expect(text == JSONWriter.write(TableExport.json([t]), pretty: true))
        // One entry, written a few KiB at a time (it was one string of the whole message).
        #expect(pieces >= text.utf8.count / 8192)
    }

    @Test func aLargeTableIsHandedOverInPieces() {
        var t = Table(name: "Localizable", localization: "en")
        for k in 0..<10_000 {
            let o = Origin(file: "f", line: 1, column: k + 1)
            t.set(Entry(key: "k\(k)", message: .plain(SourceText("v", origin: o)), format: .strings, origin: o))
        }
        let (text, pieces) = Self.streamed([t], chunk: 4096)
        #expect(text == JSONWriter.write(TableExport.json([t]), pretty: true))
        // About 150 KB in pieces of about 4 KiB: never held as one string by the writer.
        #expect(pieces >= text.utf8.count / 8192)
    }
}
