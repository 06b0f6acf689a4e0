import Foundation
import Testing

/// Localizations/ is the source of the app's translations and CI checks it with
/// `herald validate --strict Localizations` (its `.herald-validate.json` lists the locales it
/// must keep). Each case copies the folder, plants one defect a translator could make, and
/// runs the real binary: the check must fail and name the rule. The defects are hand-made
/// edits of the shipped text; what each breaks is said next to it.
@Suite struct LocalizationsCheckTests {
    static let localizations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations")

    /// A defect: a file of the copy, the exact text replaced (nil: the file is deleted), and the rule it breaks.
    struct Defect: Sendable, CustomTestStringConvertible {
        var name, file, old: String
        var new: String?
        var rule: String
        var testDescription: String { name }
    }

    static let defects: [Defect] = [
        // Polish loses a key English has.
        Defect(
            name: "missing key", file: "pl.lproj/Localizable.strings",
            old: "\"media.failed\" = \"Nie udało się wczytać załączonych multimediów.\";\n", new: "", rule: "missing-key"),
        // Russian needs 'few' (CLDR: v = 0 and i % 10 = 2..4 and i % 100 != 12..14).
        Defect(
            name: "plural category missing", file: "ru.lproj/Localizable.stringsdict",
            old: "\t\t\t<key>few</key>\n\t\t\t<string>%ld непрочитанных уведомления</string>\n", new: "",
            rule: "plural-missing-category"),
        // Japanese has only 'other' (CLDR: no plural rules for ja).
        Defect(
            name: "plural category the language never selects", file: "ja.lproj/Localizable.stringsdict",
            old: "\t\t\t<key>other</key>\n\t\t\t<string>%ld件の未読通知</string>\n",
            new: "\t\t\t<key>one</key>\n\t\t\t<string>%ld件</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%ld件の未読通知</string>\n",
            rule: "plural-unused-category"),
        // English passes an object (%@); Italian would read it as an integer.
        Defect(
            name: "specifier mismatch", file: "it.lproj/Localizable.strings",
            old: "Combinazione migliore: %@", new: "Combinazione migliore: %d", rule: "specifier-mismatch"),
        Defect(
            name: "empty value", file: "da.lproj/Localizable.strings",
            old: "\"reminder.title\" = \"Påmindelse\";", new: "\"reminder.title\" = \"\";", rule: "empty-value"),
        // Irish leaves Localizable entirely (its folder's .strings and .stringsdict).
        Defect(name: "locale deleted", file: "ga.lproj", old: "", new: nil, rule: "missing-locale"),
    ]

    final class Copy {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-l10n-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.copyItem(at: LocalizationsCheckTests.localizations, to: url)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func theShippedFolderPasses() async throws {
        let copy = try Copy()
        #expect(FileManager.default.fileExists(atPath: copy.url.appendingPathComponent(".herald-validate.json").path))
        let r = try await HeraldBinary.run(["validate", "--strict", copy.url.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }

    @Test(arguments: defects) func aPlantedDefectFailsTheCheck(_ defect: Defect) async throws {
        let copy = try Copy()
        let file = copy.url.appendingPathComponent(defect.file)
        if let new = defect.new {
            let text = try String(contentsOf: file, encoding: .utf8)
            try #require(text.contains(defect.old), "\(defect.file) no longer holds the text the case edits")
            try Data(text.replacingOccurrences(of: defect.old, with: new).utf8).write(to: file)
        } else {
            try FileManager.default.removeItem(at: file)
        }
        let r = try await HeraldBinary.run(["validate", "--strict", copy.url.path])
        #expect(r.status == 1, "\(defect.name): exit \(r.status)\n\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("[\(defect.rule)]"), "\(defect.name): \(r.stdout)")
    }
}
