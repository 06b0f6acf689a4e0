import Foundation
import HeraldTestSupport
import Testing

/// `herald export --format mf2` through the real `herald` (issue #35): a `.stringsdict` plural
/// and an ICU MessageFormat table become `.mf2` tables whose keys render the texts written here
/// by hand (English: 1 is one; Polish: 2 few, 5 many, and 1000 grouped with a no-break space);
/// a key that cannot be converted is said with its file:line and left out.
@Suite struct ExportMF2CLITests {
    static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-mf2-export-\(UUID().uuidString)")
        for loc in ["en", "pl"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("\(loc).lproj"), withIntermediateDirectories: true)
        }
        try #"""
            "hello" = "Hi %@, %d new";
            "km" = "%.1f km";
            """#.write(to: root.appendingPathComponent("en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@ from %@</string>
            <key>n</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d file</string><key>other</key><string>%d files</string>
            </dict></dict>
            </dict></plist>
            """.write(to: root.appendingPathComponent("en.lproj/Localizable.stringsdict"), atomically: true, encoding: .utf8)
        try #"""
            "files" = "{0, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}} od {1}";
            """#.write(to: root.appendingPathComponent("pl.lproj/N.icu.strings"), atomically: true, encoding: .utf8)
        return root
    }

    func format(_ tables: URL, _ key: String, _ table: String, _ locale: String, _ args: [String]) async throws -> String {
        let r = try await HeraldBinary.run(
            ["format", "--key", key, "--locale", locale, "--table", table, "--tables", tables.path, "--no-isolate"] + args.flatMap { ["--arg", $0] })
        return r.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func convertedTablesRenderTheSameTexts() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let r = try await HeraldBinary.run(["export", root.path, "--format", "mf2", "--output", out.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains(root.path + "/en.lproj/Localizable.strings:2:1: warning: \"km\" in en/Localizable not converted to MessageFormat 2: '%.1f'"))
        #expect(r.stderr.contains("3 messages converted to MessageFormat 2, 1 not converted"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("en.lproj/Localizable.mf2.strings").path))
        #expect(try await format(out, "hello", "Localizable.mf2", "en", ["Ana", "3"]) == "Hi Ana, 3 new")
        #expect(try await format(out, "files", "Localizable.mf2", "en", ["1", "Ana"]) == "1 file from Ana")
        #expect(try await format(out, "files", "Localizable.mf2", "en", ["1000", "Ana"]) == "1,000 files from Ana")
        #expect(try await format(out, "files", "N.mf2", "pl", ["2", "Ewy"]) == "2 pliki od Ewy")
        #expect(try await format(out, "files", "N.mf2", "pl", ["5", "Ewy"]) == "5 plików od Ewy")
        #expect(try await format(out, "files", "N.mf2", "pl", ["1000", "Ewy"]) == "1\u{A0}000 plików od Ewy")
    }

    @Test func outputFolderIsRequired() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["export", root.path, "--format", "mf2"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("give --output DIR"))
    }
}
