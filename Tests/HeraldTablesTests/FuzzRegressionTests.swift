import Foundation
import HeraldTableFormats
@testable import HeraldTableInterchange
import HeraldTables
import HeraldTestSupport
import Testing

/// Inputs found by fuzzing (Tools/fuzz) that broke HeraldTables, kept as tests.
@Suite struct FuzzRegressionTests {
    /// The binary `.stringsdict` seed of fuzz-stringsdict (plutil's binary1 form of
    /// Localizations/en.lproj/Localizable.stringsdict).
    static func binarySeed() throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Tools/fuzz/corpus/fuzz-stringsdict/en-binary.stringsdict").path
        return [UInt8](try #require(FileManager.default.contents(atPath: path)))
    }

    /// fuzz-stringsdict, SEGV: one flipped bit in this binary plist crashed
    /// Foundation's PropertyListSerialization (in its NSSet bridging) while the
    /// reader still used it. Every single-bit flip of the seed must now be
    /// read or reported, never crash.
    @Test func everyBitFlipOfABinaryStringsdictIsReadOrReported() throws {
        let seed = try Self.binarySeed()
        #expect(Array(seed.prefix(8)) == Array("bplist00".utf8))
        let clean = StringsdictReader.read(bytes: seed, file: "en.lproj/Localizable.stringsdict")
        #expect(clean.diagnostics.filter { $0.severity == .error }.isEmpty, "\(clean.diagnostics)")
        #expect(!clean.entries.isEmpty)
        var reported = 0
        for bit in 0..<(seed.count * 8) {
            var bytes = seed
            bytes[bit / 8] ^= UInt8(1 << (bit % 8))
            let r = StringsdictReader.read(bytes: bytes, file: "t.stringsdict")
            if r.droppedOnDevice { reported += 1 }
            for d in r.diagnostics { #expect(!d.message.isEmpty) }
        }
        // Flips in the header, trailer and offset table break the file as a whole.
        #expect(reported > 0)
    }

    /// A tables folder holding `file` of the Xcode-export fixture's tables (Fixtures/xliff/xcode-sample).
    static func sampleTables(_ file: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("herald-xliff")
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/xliff/xcode-sample/tables/" + file)
        _ = try folder.write([UInt8](try #require(FileManager.default.contents(atPath: sample.path))), to: file)
        return folder
    }

    /// The import plan (no placeholder check) of `de.xliff`: one German `file` of the folder's one
    /// table, `units` from line 2 on.
    static func plan(into folder: TemporaryFolder, _ units: String) throws -> XLIFFImport {
        let original = try #require(try FileManager.default.subpathsOfDirectory(atPath: folder.path).first { $0.contains(".") && !$0.hasSuffix(".lproj") })
        let text = "<xliff version=\"1.2\"><file original=\"\(original)\" source-language=\"en\" target-language=\"de\"><body>\n\(units)\n</body></file></xliff>"
        let doc = try XLIFFDocument.read(Array(text.utf8), path: "de.xliff")
        return try XLIFFImport(documents: [("de.xliff", doc)], root: folder.path) { _, _, _, _, _ in [] }
    }

    /// fuzz-xliff: an XLIFF `file` whose target-language was "`r" (one byte of "fr"
    /// changed) was imported: the catalog got a localization "`r" that its own reader
    /// then ignores with an error, and into a `.strings` table a target-language of
    /// "../up" planned a write of `<tables>/../up.lproj/Main.strings`, outside the
    /// folder. A target-language must be a language id (the catalog reader's rule).
    @Test func anXLIFFTargetLanguageMustBeALanguageID() throws {
        let folder = try TemporaryFolder("herald-xliff")
        // A catalog and a .strings table, each with one key (in the String Catalog and
        // .strings formats: Docs/xliff.md's file/unit mapping).
        _ = try folder.write("""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello %@" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@" } }
                  }
                }
              },
              "version" : "1.0"
            }

            """, to: "Notifications.xcstrings")
        _ = try folder.write("\"greeting\" = \"Hello\";\n", to: "en.lproj/Main.strings")
        func xliff(_ lang: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2">
            <file original="Notifications.xcstrings" source-language="en" target-language="\(lang)"><body>
            <trans-unit id="Hello %@"><source>Hello %@</source><target>Bonjour %@</target></trans-unit>
            </body></file>
            <file original="en.lproj/Main.strings" source-language="en" target-language="\(lang)"><body>
            <trans-unit id="greeting"><source>Hello</source><target>Bonjour</target></trans-unit>
            </body></file>
            </xliff>
            """
        }
        func plan(_ lang: String) throws -> XLIFFImport {
            let doc = try XLIFFDocument.read(Array(xliff(lang).utf8), path: "fr.xliff")
            return try XLIFFImport(documents: [("fr.xliff", doc)], root: folder.path) { _, _, _, _, _ in [] }
        }
        // The same document with a language id: both files are written, in the folder.
        let fr = try plan("fr")
        #expect(fr.writes.map(\.path) == [folder.path("fr.lproj/Main.strings"), folder.path("Notifications.xcstrings")])
        for lang in ["`r", "../up", "fr/../..", "", "fr.lproj"] {
            let p = try plan(lang)
            #expect(p.writes.isEmpty, "\(lang): \(p.writes.map(\.path))")
            #expect(p.imported == 0)
            #expect(p.errors == 2, "\(lang): \(p.diagnostics.map(\.description))")
            #expect(p.diagnostics.allSatisfy { $0.rule == .xliffSkippedFile && $0.origin?.file == "fr.xliff" })
        }
    }

    /// fuzz-xliff: two `file` elements naming the same `.strings` table for the same
    /// language (one XLIFF, or two given to one import) each planned a write of the whole
    /// translation from the table on disk, so the second write dropped the first one's
    /// units. The second goes on from the first: one write holding both.
    @Test func twoXLIFFFilesOfOneTableMakeOneWriteWithBoth() throws {
        let folder = try TemporaryFolder("herald-xliff")
        _ = try folder.write("\"greeting\" = \"Hello\";\n\"farewell\" = \"Goodbye\";\n", to: "en.lproj/Main.strings")
        func file(_ id: String, _ source: String, _ target: String) -> String {
            """
            <file original="en.lproj/Main.strings" source-language="en" target-language="fr"><body>
            <trans-unit id="\(id)"><source>\(source)</source><target>\(target)</target></trans-unit>
            </body></file>
            """
        }
        let one = "<xliff version=\"1.2\">" + file("greeting", "Hello", "Bonjour") + file("farewell", "Goodbye", "Au revoir") + "</xliff>"
        let doc = try XLIFFDocument.read(Array(one.utf8), path: "fr.xliff")
        let second = try XLIFFDocument.read(Array(("<xliff version=\"1.2\">" + file("farewell", "Goodbye", "Adieu") + "</xliff>").utf8), path: "fr2.xliff")
        for (documents, farewell) in [([("fr.xliff", doc)], "Au revoir"), ([("fr.xliff", doc), ("fr2.xliff", second)], "Adieu")] {
            let plan = try XLIFFImport(documents: documents, root: folder.path) { _, _, _, _, _ in [] }
            #expect(plan.imported == documents.count + 1)
            #expect(plan.writes.map(\.path) == [folder.path("fr.lproj/Main.strings")])
            // The .strings writer's form, keys in the development language's order.
            #expect(plan.writes.map { String(decoding: $0.bytes, as: UTF8.self) } == ["\"greeting\" = \"Bonjour\";\n\"farewell\" = \"\(farewell)\";\n"])
        }
    }

    /// fuzz-xliff: a `.stringsdict` format translated as `%#@completedplural._count@`
    /// (the source's `%#@completed_count@` with a word inserted) was imported; the
    /// written file's format then named a variable it does not have, which the
    /// `.stringsdict` reader refuses (the Xcode-export fixture's table, its unit ids as
    /// Docs/xliff.md gives them).
    @Test func aStringsdictFormatNamingNoVariableIsNotImported() throws {
        let folder = try Self.sampleTables("en.lproj/Main.stringsdict")
        func plan(_ format: String) throws -> XLIFFImport {
            try Self.plan(into: folder, """
                <trans-unit id="/COMPLETED_COUNT:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@completed_count@</source><target>\(format)</target></trans-unit>
                <trans-unit id="/COMPLETED_COUNT:dict/completed_count:dict/other:dict/:string"><source>%d tasks completed</source><target>%d Aufgaben erledigt</target></trans-unit>
                """)
        }
        let good = try plan("%#@completed_count@ erledigt")
        #expect(good.errors == 0)
        #expect(good.writes.map(\.path) == [folder.path("de.lproj/Main.stringsdict")])
        for w in good.writes {
            let read = StringsdictReader.read(bytes: w.bytes, file: w.path)
            #expect(!read.diagnostics.contains { $0.severity == .error }, "\(read.diagnostics)")
        }
        let bad = try plan("%#@completedplural._count@")
        #expect(bad.errors == 1)
        #expect(bad.writes.isEmpty)
        // At the format unit's <target>: line 2, column 116 (the 115 characters before it on
        // that line of the literal above, counted by hand).
        #expect(bad.diagnostics.map(\.description) == [
            "de.xliff:2:116: error: the translated NSStringLocalizedFormatKey of \"COMPLETED_COUNT\" uses %#@completedplural._count@ but the translation has no \"completedplural._count\" variable; not imported [structure]"
        ])
    }

    /// fuzz-xliff: of a catalog string with a substitution, the string's own unit was not
    /// taken (its source had changed) but a substitution's form was: the import wrote a
    /// localization of substitutions alone, which the catalog reader refuses ("neither
    /// stringUnit, stringSet nor variations"). Units as Docs/xliff.md's table gives them.
    @Test func substitutionsWithoutTheirStringAreNotImported() throws {
        let folder = try Self.sampleTables("Localizable.xcstrings")
        func plan(_ source: String) throws -> XLIFFImport {
            try Self.plan(into: folder, """
                <trans-unit id="one_substitution"><source>\(source)</source><target>Dieses %1$@ hat %2$#@strings@.</target></trans-unit>
                <trans-unit id="one_substitution|==|substitutions.strings.plural.one"><source>%2$lld string</source><target>%2$lld Zeichenkette</target></trans-unit>
                """)
        }
        let good = try plan("This %1$@ has %2$#@strings@.")
        #expect(good.imported == 2)
        #expect(good.writes.count == 1)
        for w in good.writes {
            let read = XCStringsReader.read(bytes: w.bytes, file: w.path)
            #expect(!read.diagnostics.contains { $0.severity == .error }, "\(read.diagnostics)")
        }
        let changed = try plan("This %1$@ had %2$#@strings@.")
        #expect(changed.writes.isEmpty)
        #expect(changed.imported == 0)
        #expect(changed.errors == 0)
        #expect(changed.diagnostics.map(\.rule) == [.xliffChangedSource, .structure])
        // At the substitution's unit: line 3, column 1.
        #expect(changed.diagnostics.last?.description == "de.xliff:3:1: warning: the translation of \"one_substitution\" would have its substitutions but not the string itself (the unit \"one_substitution\" is not taken); not imported [structure]")
    }
}
