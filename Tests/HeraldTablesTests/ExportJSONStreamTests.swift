import HeraldJSON
import Testing

@testable import HeraldTableFormats
@testable import HeraldTableInterchange
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

    @Test func pluralsAndVariantsAreWrittenAsTheTreeWriterWritesThem() {
        // A plural's variables are written one at a time, never as a tree; inside widths
        // and devices too. Cases a file can hold: a width given twice (its first place, its
        // last message, as in a JSON object), no variables, an empty width list, argNum.
        let o = Origin(file: "f", line: 1, column: 1)
        func text(_ s: String) -> SourceText { SourceText(s, origin: o) }
        var variables: [String: PluralVariable] = [:]
        for k in 0..<40 {
            variables["v\(k)"] = PluralVariable(
                name: "v\(k)", valueType: k % 3 == 0 ? nil : "d", argNum: k % 5 == 0 ? 2 : nil,
                forms: [.one: text("ein \"\(k)\""), .other: text("%d\n\(k)"), .few: text("")], origin: o)
        }
        let plural = Message.plural(format: text("%#@v0@ %#@v1@"), variables: variables)
        let messages: [Message] = [
            plural,
            .plural(format: text("none"), variables: [:]),
            .widths([.init(width: 20, message: plural), .init(width: 20, message: .plain(text("last"))), .init(width: 40, message: .phrases([text("p")]))]),
            .widths([]),
            .devices(["iphone": .widths([.init(width: 1, message: plural)]), "appletv": .plain(text("tv")), "mac": .devices([:])]),
        ]
        var t = Table(name: "Localizable", localization: "de")
        for (i, m) in messages.enumerated() { t.set(Entry(key: "k\(i)", message: m, format: .stringsdict, origin: o)) }
        let whole = JSONWriter.write(TableExport.json([t]), pretty: true)
        for chunk in [1, 7, 64, 1 << 16] {
            #expect(Self.streamed([t], chunk: chunk).text == whole, "chunk \(chunk)")
        }
        // Handed over in pieces while the one plural entry is written.
        #expect(Self.streamed([t], chunk: 256).pieces > 20)
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
