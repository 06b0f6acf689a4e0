import Foundation
import HeraldLint

/// Paths of the fixtures (Tests/HeraldLintTests/Fixtures) and of the
/// repository's Localizations, found from this file's path.
enum Fixtures {
    static let directory: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return here.appendingPathComponent("Fixtures").path
    }()

    static let localizations: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Localizations").path
    }()

    static func bad(_ rule: String) -> String { directory + "/bad/" + rule }
    static func good(_ name: String) -> String { directory + "/good/" + name }

    /// The names of the folders below `sub` ("bad" or "good").
    static func names(_ sub: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + sub)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Lints `paths` with an optional configuration.
    static func lint(_ paths: [String], configuration: LintConfiguration = LintConfiguration(), source: String? = nil) throws -> LintReport {
        try Linter(configuration: configuration, sourceLocale: source).run(paths: paths)
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "herald-lint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` at `root/relative`, creating folders.
    static func write(_ text: String, _ relative: String, in root: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
