import HeraldLint
import Testing

// Imports HeraldLint alone: the linter is usable from another package.

@Suite struct LintProductTests {
    /// The repository's own tables lint clean (CI's `herald validate` says the same).
    @Test func lintTheRepositoryTables() throws {
        let tables = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/Localizations"
        let report = try Linter().run(paths: [tables])
        #expect(report.errors == 0)
        #expect(report.locales > 1)
        let origin = Origin(file: "en.lproj/Localizable.strings", line: 1, column: 1)  // a HeraldTables type, re-exported
        #expect(origin.description == "en.lproj/Localizable.strings:1:1")
    }
}
