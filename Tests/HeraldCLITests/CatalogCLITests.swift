import Foundation
import HeraldJSON
import Testing
import HeraldTestSupport

/// String Catalog phrase sets and several plural samples through the real
/// binary: `preview`, `export` and `validate`.
@Suite struct CatalogCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// CLDR: Russian `one` is 1, 21, 31… 101 (v = 0 and i % 10 = 1 and
    /// i % 100 != 11). The preview shows 1, 21 and 101, and the loss message
    /// states the count for 21 ("ваш 21 билет", not "ваш билет").
    @Test func previewShowsSeveralSamplesOfACategory() async throws {
        let r = try await HeraldBinary.run(["preview", "--format", "json", "--locales", "ru"])
        #expect(r.status == 0, "\(r.stderr)")
        let items = try JSONParser.parse(r.stdout)["locales"]?.arrayValue ?? []
        let loss = items.filter { $0["example"]?.stringValue == "plural:lottery.loss.body" }
        let samples = loss.compactMap { $0["sample"]?.stringValue }
        #expect(samples.contains("one 1") && samples.contains("one 21") && samples.contains("one 101"), "\(samples)")
        #expect(samples.contains("few 22") && samples.contains("many 0"), "\(samples)")
        let twentyOne = loss.first { $0["sample"]?.stringValue == "one 21" }
        #expect(twentyOne?["payload"]?["aps"]?["alert"]?["body"]?.stringValue == "В этот раз ваш 21 билет без выигрыша.")
    }

    /// A catalog with a substitution (`%#@files@`, forms "%arg załączone pliki") written back
    /// out as a catalog and as .stringsdict renders as the original does: `%arg` must not
    /// reach a top-level plural, where it reads as `%a` (hex float) + "rg" ("0x1p+1rg").
    /// Golden: the repository's own Messages.xcstrings rendered directly.
    @Test func substitutionsSurviveExportAsTheyRender() async throws {
        let tables = Self.root.deletingLastPathComponent().appendingPathComponent("Localizations").path
        let dir = try TemporaryFolder("herald-cli-catalog")
        let catalogs = dir.path + "/catalogs", lproj = dir.path + "/lproj"
        let toCatalog = try await HeraldBinary.run(["export", tables, "--format", "xcstrings", "--output", catalogs])
        #expect(toCatalog.status == 0, "\(toCatalog.stderr)")
        let toStrings = try await HeraldBinary.run(["export", catalogs + "/Messages.xcstrings", "--format", "strings", "--output", lproj])
        #expect(toStrings.status == 0, "\(toStrings.stderr)")
        for locale in ["pl", "ar", "cy", "ro", "en"] {
            for count in ["0", "1", "2", "5", "22"] {
                var texts: [String] = []
                for root in [tables, catalogs, lproj] {
                    let r = try await HeraldBinary.run(
                        ["format", "--tables", root, "--table", "Messages", "--key", "message.attachments", "--locale", locale, "--arg", count])
                    #expect(r.status == 0, "\(root) \(locale) \(count): \(r.stderr)")
                    texts.append(r.stdout)
                }
                #expect(!texts[0].contains("rg") && !texts[0].contains("0x"), "\(texts[0])")
                #expect(Set(texts).count == 1, "\(locale) \(count): \(texts)")
            }
        }
    }

    /// An extension shipping only hy.lproj: validated, one missing-source warning, exit 0.
    @Test func validateWithoutTheSourceLocale() async throws {
        let dir = try TemporaryFolder("herald-cli-catalog")
        try FileManager.default.createDirectory(atPath: dir.path + "/hy.lproj", withIntermediateDirectories: true)
        try Data("\"greeting\" = \"Բարեւ %@\";\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/hy.lproj/Localizable.strings"))
        let r = try await HeraldBinary.run(["validate", "--source-locale", "en", dir.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("[missing-source]") && r.stdout.contains("0 errors, 1 warning"), "\(r.stdout)")
        let strict = try await HeraldBinary.run(["validate", "--strict", dir.path])
        #expect(strict.status == 1)
        let nowhere = try await HeraldBinary.run(["validate", "--source", dir.path + "/nowhere", dir.path])
        #expect(nowhere.status == 2, "\(nowhere.stdout)\(nowhere.stderr)")
    }

    /// An `--output` that cannot be written is one line naming the path and the system's reason,
    /// exit 1, nothing on stdout — not Foundation's `NSCocoaErrorDomain` text (QA finding F10).
    @Test func exportOutputFailuresAreOneLine() async throws {
        let dir = try TemporaryFolder("herald-cli-catalog")
        let tables = Self.root.deletingLastPathComponent().appendingPathComponent("Localizations").path
        let file = dir.path + "/afile"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for format in ["strings", "xcstrings"] {
            let r = try await HeraldBinary.run(["export", tables, "--format", format, "--output", file])
            #expect(r.status == 1, "\(format): \(r.stderr)")
            #expect(r.stderr == "herald: error: \(file): cannot create the folder: not a directory\n", "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        // Below a file: the file is the folder that cannot be made.
        let below = try await HeraldBinary.run(["export", tables, "--format", "strings", "--output", file + "/out"])
        #expect(below.status == 1)
        #expect(below.stderr == "herald: error: \(file): cannot create the folder: not a directory\n", "\(below.stderr)")
        // A folder where a catalog file is to be written.
        let out = dir.path + "/out"
        try FileManager.default.createDirectory(atPath: out + "/Messages.xcstrings", withIntermediateDirectories: true)
        let busy = try await HeraldBinary.run(["export", tables, "--format", "xcstrings", "--output", out])
        #expect(busy.status == 1)
        #expect(busy.stderr == "herald: error: \(out)/Messages.xcstrings: cannot write: is a directory\n", "\(busy.stderr)")
        #expect(busy.stdout.isEmpty)
        #expect(!busy.stderr.contains("NSCocoaErrorDomain"))
    }
}
