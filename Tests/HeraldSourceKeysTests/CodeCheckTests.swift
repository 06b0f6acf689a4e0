import HeraldDiagnostics
import HeraldLint
import Foundation
import HeraldSourceKeys
import Testing

/// The code's lookups against tables: keys no table has, format calls' arguments against every
/// language, keys no code names. Tables and code are written here; each expected finding was
/// worked out by hand from what iOS does (a missing key shows the key, or the default value).
@Suite struct CodeCheckTests {
    let folder: Folder

    init() throws {
        folder = try Folder()
        try folder.write("""
            "files.count" = "%d files in %@";
            "settings.title" = "Settings";
            "Welcome" = "Welcome";
            "dead.key" = "Never shown";
            "onboarding.step.1" = "First";
            """, to: "tables/en.lproj/Localizable.strings")
        try folder.write("""
            "files.count" = "%2$@: %1$d Dateien";
            "settings.title" = "Einstellungen";
            "Welcome" = "Willkommen";
            "dead.key" = "Nie gezeigt";
            "onboarding.step.1" = "Erstens";
            "only.translated" = "Nur hier";
            "Only German text" = "Nur Deutsch";
            """, to: "tables/de.lproj/Localizable.strings")
        try folder.write("""
            "files.count" = "%d fichiers dans %@ (%3$@)";
            """, to: "tables/fr.lproj/Localizable.strings")
        try folder.write(#""NSCameraUsageDescription" = "Kamera";"#, to: "tables/de.lproj/InfoPlist.strings")
        try folder.write(#""8Yf-dI-lNQ.text" = "Knopf";"#, to: "tables/de.lproj/Main.strings")
    }

    func lint(_ code: String?) throws -> [Diagnostic] {
        var linter = Linter()
        if let code {
            linter.code = SourceKeyScanner.scan(sources: [("App/Code.swift", code)])
            linter.codeRoot = "App"
        }
        return try linter.run(paths: [folder.path("tables")]).diagnostics
    }

    func rule(_ d: [Diagnostic], _ id: String) -> [Diagnostic] { d.filter { $0.rule.rawValue == id } }

    @Test func aKeyNoTableHasShowsTheRawKeyOrTheDefault() throws {
        let d = try lint("""
            let a = NSLocalizedString("missing.key", comment: "")
            let b = NSLocalizedString("missing.with.value", value: "Fallback", comment: "")
            let c = NSLocalizedString("settings.title", tableName: "Nope", comment: "")
            let e = NSLocalizedString("settings.title", comment: "")
            let f = NSLocalizedString("only.translated", comment: "")
            let g = NSLocalizedString("Only German text", comment: "")
            let h = Text("CarPlay")
            let i = Text("•")
            """)
        let missing = rule(d, "code-missing-key")
        #expect(missing.map(\.message) == [
            "NSLocalizedString looks up \"missing.key\", but no Localizable table has it: the device shows the raw key \"missing.key\"",
            "NSLocalizedString looks up \"missing.with.value\", but no Localizable table has it: every language shows the default value \"Fallback\"",
            "NSLocalizedString looks up \"settings.title\", but no table is named Nope: the device shows the raw key \"settings.title\"",
            // de has it, en does not: an English device shows the key. A key that reads as text
            // ("Only German text") is what English shows then, which is right: not reported.
            "NSLocalizedString looks up \"only.translated\", which Localizable has in de but not in en: en devices show the raw key",
            // A name reads as text, not as a raw key; "•" has no letter and reads the same everywhere.
            "Text looks up \"CarPlay\", but no Localizable table has it: every language shows the key itself, untranslated",
        ])
        #expect(missing.allSatisfy { $0.severity == .error })
        #expect(missing.first?.origin == Origin(file: "App/Code.swift", line: 1, column: 27))
    }

    @Test func formatArgumentsAgainstEveryLanguage() throws {
        let d = try lint("""
            func show(n: Int, name: String) {
                _ = String(format: NSLocalizedString("files.count", comment: ""), n, name)
                _ = String(format: NSLocalizedString("files.count", comment: ""), name, n)
                _ = String(format: NSLocalizedString("settings.title", comment: ""), n)
            }
            """)
        let args = rule(d, "code-arguments")
        #expect(args.map(\.message) == [
            // fr reads a third argument the call never passes.
            "the call passes 2 arguments to \"files.count\", but its fr text reads argument 3: the app reads memory it never passed (garbage or a crash)",
            "argument 1 of the call is a string or object, but the de, en, fr text of \"files.count\" reads it as an integer with '%1$d': garbage or a crash",
            "argument 2 of the call is an integer, but the de, en, fr text of \"files.count\" reads it as an object (%@) with '%2$@': garbage or a crash",
            "the call passes 2 arguments to \"files.count\", but its fr text reads argument 3: the app reads memory it never passed (garbage or a crash)",
            "the call passes argument 1 to \"settings.title\", but no language's text shows it",
        ])
        #expect(args.map(\.severity) == [.error, .error, .error, .error, .warning])
        #expect(args.map { $0.origin?.line } == [2, 3, 3, 3, 4])
    }

    @Test func interpolatedKeysAgainstEveryLanguage() throws {
        try folder.write("""
            "%lld trackers" = "%lld Tracker";
            "Hello %@" = "Hallo %1$@ und %2$@";
            """, to: "tables/de.lproj/Privacy.strings")
        try folder.write(#""%lld trackers" = "%@ trackers";"#, to: "tables/fr.lproj/Privacy.strings")
        let d = try lint("""
            func v(count: Int, name: String, thing: Thing) {
                _ = Text("\\(count) trackers", tableName: "Privacy")
                _ = Text("Hello \\(thing)", tableName: "Privacy")
            }
            """)
        #expect(rule(d, "code-arguments").map(\.message) == [
            // fr reads the Int Text passes as an object: a crash.
            "argument 1 of the interpolation is an integer, but the fr text of \"%lld trackers\" reads it as an object (%@) with '%@': garbage or a crash",
            // The key matched "Hello %@" (the type of `thing` is not evident): de reads a second value.
            "the interpolation passes 1 argument to \"Hello %@\", but its de text reads argument 2: the app reads memory it never passed (garbage or a crash)",
        ])
    }

    @Test func unusedKeysOnceEachWithSources() throws {
        let d = try lint("""
            let a = NSLocalizedString("files.count", comment: "")
            let b = Text("Welcome")
            let c = "settings.title"
            func step(_ n: Int) -> String { NSLocalizedString("onboarding.step.\\(n)", comment: "") }
            """)
        let extra = rule(d, "extra-key")
        // dead.key (en and de: once, at en's entry), only.translated and "Only German text"
        // (de only). InfoPlist and the storyboard's table are read by iOS: never unused.
        #expect(extra.map(\.subject.key) == ["only.translated", "Only German text", "dead.key"])
        #expect(extra.last?.subject.locale == "en")
        #expect(extra.last?.message == "no code in App looks up \"dead.key\" (Localizable, 2 localizations): no lookup, string literal or key built from parts names it, so nothing shows it")
    }

    @Test func withoutSourcesExtraKeyClaimsNothingAboutTheCode() throws {
        let d = try lint(nil)
        let extra = rule(d, "extra-key")
        // Once, for the key that reads as an identifier; not for text (a source-language
        // device shows it as written), nor for InfoPlist or a storyboard's keys.
        #expect(extra.map(\.subject.key) == ["only.translated"])
        #expect(extra.first?.message.contains("either no code looks it up (a dead key), or en devices show the raw key") == true)
        #expect(rule(d, "code-missing-key").isEmpty && rule(d, "code-arguments").isEmpty)
    }

    @Test func theFolderWalkStaysInsideAndSkipsOthersCode() throws {
        try folder.write(#"let a = NSLocalizedString("app.key", comment: "")"#, to: "code/App/A.swift")
        try folder.write(#"let b = NSLocalizedString("pod.key", comment: "")"#, to: "code/Pods/Lib/B.swift")
        try folder.write(#"let c = NSLocalizedString("hidden.key", comment: "")"#, to: "code/.build/C.swift")
        try folder.write(#"let d = NSLocalizedString("outside.key", comment: "")"#, to: "outside/D.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path("code/Linked"), withDestinationPath: folder.path("outside"))
        let found = SourceKeyScanner.scan(directory: folder.path("code"))
        #expect(found.lookups.map(\.literalKey) == ["app.key"])
        #expect(found.filesRead == 1 && found.problems.isEmpty)
        #expect(found.lookups.first?.origin.file == folder.path("code") + "/App/A.swift")
    }
}

/// A fresh folder under the temporary directory, removed with everything in it when released.
final class Folder: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-sourcekeys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func path(_ relative: String) -> String { path + "/" + relative }

    func write(_ text: String, to relative: String) throws {
        let file = path(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }
}
