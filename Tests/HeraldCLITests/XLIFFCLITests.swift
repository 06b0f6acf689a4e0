import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald export --format xliff|xcloc` and `herald import`, run as the user runs them.
/// What the XLIFF must look like comes from outside Herald: libxml2's `xmllint`
/// (well-formedness, and a hand-written subset of XLIFF 1.2's schema,
/// Tests/HeraldTablesTests/Fixtures/xliff/xliff-core-1.2-subset.xsd), and an XLIFF written
/// by hand the way Xcode writes one (Fixtures/xliff/xcode-sample, with its README).
@Suite struct XLIFFCLITests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let fixtures = project + "/Tests/HeraldTablesTests/Fixtures"
    static let sample = fixtures + "/xliff/xcode-sample"
    static let schema = fixtures + "/xliff/xliff-core-1.2-subset.xsd"

    static func copy(_ from: String, into folder: TemporaryFolder, as name: String = "tables") throws -> String {
        let to = folder.path(name)
        try FileManager.default.copyItem(atPath: from, toPath: to)
        return to
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// `xmllint --noout --schema XSD FILE`: well-formed and valid against XLIFF 1.2's structure.
    static func xmllint(_ files: [String]) async throws {
        let tool = "/usr/bin/xmllint"
        guard ExternalTool.isExecutable(tool) else {
            // Without it (a machine with only the Swift toolchain) the rest of the test still
            // runs; under CI its absence fails.
            if ExternalTool.isCI { Issue.record("xmllint is not installed: apt-get install libxml2-utils (.ci/run installs it)") }
            return
        }
        for f in files {
            let r = try await Subprocess.run(tool, ["--noout", "--nonet", "--schema", schema, f])
            #expect(r.status == 0, "\(f): \(r.stderr)")
        }
    }

    @Test func xcodeMadeXLIFFImports() async throws {
        let folder = try TemporaryFolder("herald-xliff")
        let tables = try Self.copy(Self.sample + "/tables", into: folder)
        let dry = try await HeraldBinary.run(["import", Self.sample + "/de.xliff", "--tables", tables, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tables + "/de.lproj"))
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))

        let r = try await HeraldBinary.run(["import", Self.sample + "/de.xliff", "--tables", tables])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("de.xliff:3:3: note: \"App/Base.lproj/Main.storyboard\" is not a .strings, .stringsdict or .xcstrings table; its units are not imported [xliff-skipped-file]"), "\(r.stderr)")
        #expect(r.stderr.contains("herald import: 12 units imported, 1 without a target; wrote 3 files"), "\(r.stderr)")
        for f in ["Localizable.xcstrings", "de.lproj/Main.strings", "de.lproj/Main.stringsdict"] {
            let got = Self.text(tables + "/" + f)
            #expect(got != nil && got == Self.text(Self.sample + "/expected/" + f), "\(f):\n\(got ?? "(missing)")")
        }
        // Importing the same XLIFF again changes nothing.
        let again = try await HeraldBinary.run(["import", Self.sample + "/de.xliff", "--tables", tables])
        #expect(again.status == 0 && again.stderr.contains("wrote 0 files"), "\(again.stderr)")
    }

    /// Everything Herald exports is well-formed XLIFF 1.2: its own tables, the sample's, and
    /// the real apps' catalogs (plurals in device variations, substitutions, phrase sets).
    @Test func exportedXLIFFIsValidXLIFF12() async throws {
        let folder = try TemporaryFolder("herald-xliff")
        var files: [String] = []
        for (i, root) in [Self.project + "/Localizations", Self.sample + "/tables"].enumerated() {
            let out = folder.path("out\(i)")
            let r = try await HeraldBinary.run(["export", root, "--format", "xliff", "--output", out])
            #expect(r.status == 0, "\(root): \(r.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".xliff") }
            #expect(!names.isEmpty)
            files += names.map { out + "/" + $0 }
        }
        try await Self.xmllint(files)
    }

    @Test func xclocBundleIsLaidOutAsXcodeDoes() async throws {
        let folder = try TemporaryFolder("herald-xliff")
        let tables = try Self.copy(Self.sample + "/tables", into: folder)
        let out = folder.path("export")
        let r = try await HeraldBinary.run(["export", tables, "--format", "xcloc", "--language", "fr", "--output", out])
        #expect(r.status == 0, "\(r.stderr)")
        let bundle = out + "/fr.xcloc"
        let contents = try #require(Self.text(bundle + "/contents.json"))
        // Xcode's contents.json: sorted keys, two-space indent, " : ", no final newline.
        #expect(contents == """
            {
              "developmentRegion" : "en",
              "project" : "tables",
              "targetLocale" : "fr",
              "toolInfo" : {
                "toolBuildNumber" : "0.1.0",
                "toolID" : "herald",
                "toolName" : "Herald",
                "toolVersion" : "0.1.0"
              },
              "version" : "1.0"
            }
            """)
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: bundle + "/Notes", isDirectory: &isDir) && isDir.boolValue)
        let source = try #require(Self.text(bundle + "/Source Contents/Localizable.xcstrings"))
        #expect(source.contains("\"en\" : {") && !source.contains("\"fr\" : {"), "Source Contents keeps only the source language")
        #expect(Self.text(bundle + "/Source Contents/en.lproj/Main.strings") == Self.text(tables + "/en.lproj/Main.strings"))
        let xliff = try #require(Self.text(bundle + "/Localized Contents/fr.xliff"))
        #expect(xliff.contains(#"<file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">"#))
        #expect(xliff.contains("""
                  <trans-unit id="Check Type Defence" resname="Check Type Defence" xml:space="preserve">
                    <source>Check Type Defense</source>
                    <target state="translated">Type de contrôle Défense</target>
                    <note/>
                  </trans-unit>
            """), "\(xliff)")
        // French has a 'many' plural: Xcode adds it with the 'other' text as source and no target.
        #expect(xliff.contains("""
                  <trans-unit id="interpolation_key|==|plural.many" resname="interpolation_key" xml:space="preserve">
                    <source>There are %lld things.</source>
                    <note>mind the pluralization</note>
                  </trans-unit>
            """), "\(xliff)")
        #expect(xliff.contains("<source>This %@ has %2$#@strings@.</source>"))
        #expect(xliff.contains("<source>%2$lld strings</source>"))
        try await Self.xmllint([bundle + "/Localized Contents/fr.xliff"])
        // The bundle imports back as it is: nothing to change.
        let back = try await HeraldBinary.run(["import", bundle, "--tables", tables])
        #expect(back.status == 0 && back.stderr.contains("1 unit imported") && back.stderr.contains("wrote 0 files"), "\(back.stderr)")
    }

    /// A key that is gone, a source changed since the export, a placeholder the source does
    /// not pass: each reported at the unit's line and column with its rule id; the
    /// placeholder error fails the import and nothing is written.
    @Test func importReportsUnitsItCannotTake() async throws {
        let folder = try TemporaryFolder("herald-xliff")
        let tables = try Self.copy(Self.sample + "/tables", into: folder)
        let xliff = try folder.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="gone" xml:space="preserve"><source>Gone</source><target>Weg</target></trans-unit>
                  <trans-unit id="Check Type Defence" xml:space="preserve"><source>Check Type Defence</source><target>Prüftyp</target></trans-unit>
                  <trans-unit id="one_substitution" xml:space="preserve">
                    <source>This %1$@ has %2$#@strings@.</source>
                    <target>Dieses %1$d hat %2$#@strings@.</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>
            """, to: "de.xliff")
        let r = try await HeraldBinary.run(["import", xliff, "--tables", tables])
        #expect(r.status == 1)
        #expect(r.stderr.contains("de.xliff:5:7: warning: unit \"gone\" matches no key of the table; not imported [xliff-unknown-unit]"), "\(r.stderr)")
        #expect(r.stderr.contains("de.xliff:6:7: warning: the source of \"Check Type Defence\" has changed since the export (now \"Check Type Defense\"); not imported [xliff-changed-source]"), "\(r.stderr)")
        #expect(r.stderr.contains("de.xliff:9:9: error: ") && r.stderr.contains("[specifier-mismatch]"), "\(r.stderr)")
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))

        let broken = try folder.write("<xliff version=\"1.2\">\n  <file>\n</xliff>\n", to: "broken.xliff")
        let b = try await HeraldBinary.run(["import", broken, "--tables", tables])
        #expect(b.status == 1)
        #expect(b.stderr.contains("broken.xliff:3:1: error: end tag </xliff> does not match <file> (line 2, column 3) [xliff-syntax]"), "\(b.stderr)")
    }

    /// Review states: exported as XLIFF states, counted per language by validate,
    /// and `--fail-on-state` fails the run on them.
    @Test func reviewStatesAreExportedCountedAndCanFail() async throws {
        let folder = try TemporaryFolder("herald-xliff")
        func unit(_ state: String, _ value: String) -> String { #"{"stringUnit": {"state": "\#(state)", "value": "\#(value)"}}"# }
        _ = try folder.write("""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "a": {"localizations": {"en": \(unit("translated", "Apple")), "de": \(unit("translated", "Apfel"))}},
              "b": {"localizations": {"en": \(unit("translated", "Banana")), "de": \(unit("needs_review", "Banane"))}},
              "c": {"localizations": {"en": \(unit("translated", "Cherry")), "de": \(unit("stale", "Kirsche"))}},
              "d": {"localizations": {"en": \(unit("translated", "Date")), "de": \(unit("new", "Dattel"))}}
            }}
            """, to: "tables/Fruit.xcstrings")
        let tables = folder.path("tables")
        let x = try await HeraldBinary.run(["export", tables, "--format", "xliff", "--language", "de"])
        #expect(x.status == 0, "\(x.stderr)")
        for (id, state) in [("a", "translated"), ("b", "needs-review-l10n"), ("c", "x-stale"), ("d", "new")] {
            #expect(x.stdout.contains("<trans-unit id=\"\(id)\" resname=\"\(id)\" xml:space=\"preserve\">\n        <source>"), "\(id)")
            #expect(x.stdout.contains("<target state=\"\(state)\">"), "\(state)")
        }

        let json = try await HeraldBinary.run(["validate", tables, "--format", "json"])
        let report = try JSONParser.parse(json.stdout)
        #expect(JSONWriter.write(report["summary"]?["states"] ?? .null) == #"{"de":{"needs_review":1,"new":1,"stale":1,"translated":1},"en":{"translated":4}}"#)
        let text = try await HeraldBinary.run(["validate", tables])
        #expect(text.stdout.contains("herald validate: review states: de: 1 needs_review, 1 new, 1 stale, 1 translated\n"), "\(text.stdout)")
        let sarif = try await HeraldBinary.run(["validate", tables, "--format", "sarif"])
        #expect(JSONWriter.write(try JSONParser.parse(sarif.stdout)["runs"]?.arrayValue?.first?["properties"]?["reviewStates"]?["de"]?["stale"] ?? .null) == "1")

        // catalog-state findings are warnings: without --strict or --fail-on-state the run passes.
        #expect(text.status == 0, "\(text.stdout)")
        let fails = try await HeraldBinary.run(["validate", tables, "--fail-on-state", "needs_review,stale"])
        #expect(fails.status == 1)
        #expect(fails.stderr.contains("herald validate: fails on review state needs_review, stale: de 2"), "\(fails.stderr)")
        let bad = try await HeraldBinary.run(["validate", tables, "--fail-on-state", "reviewed"])
        #expect(bad.status == 2 && bad.stderr.contains("'reviewed' is not a review state"), "\(bad.stderr)")
    }
}
