import Foundation
import HeraldLint
import Testing

/// `LintConfiguration.load`, which `herald validate` uses to find its configuration:
/// --config (which must exist), else `.herald-validate.json` in a validated folder.
@Suite struct ConfigurationFileTests {
    @Test func theFolderFileIsFoundAndAnExplicitOneMustExist() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lintconf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LintConfiguration.load(explicit: nil, inputs: [folder]).strict == false)
        try #"{"strict": true}"#.write(toFile: folder + "/.herald-validate.json", atomically: true, encoding: .utf8)
        #expect(try LintConfiguration.load(explicit: nil, inputs: [folder]).strict == true)
        do {
            _ = try LintConfiguration.load(explicit: folder + "/missing.json", inputs: [folder])
            Issue.record("a missing --config was accepted")
        } catch {
            #expect(error.message == "--config \(folder)/missing.json: no such file or directory")
        }
        try "[1]".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        #expect(throws: LintConfiguration.Problem.self) { try LintConfiguration.load(explicit: folder + "/bad.json", inputs: []) }
    }
}
