import Foundation
import HeraldTableFormats
import HeraldTableInterchange
import HeraldTables
import Testing

/// What `herald export` moved into the tables library: reading its paths
/// (`TableExport.Input`) and writing files (`OutputFiles`), with the one-line problems
/// Docs/cli.md shows.
@Suite struct ExportInputTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/en.lproj", withIntermediateDirectories: true)
        return path
    }

    @Test func foldersAndFilesAreRead() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "\"a\" = \"A\";\n\"a\" = \"again\";\n".write(toFile: root + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        let input = try TableExport.Input(paths: [root])
        #expect(input.tables.map(\.name) == ["Localizable"])
        // The duplicate key is reported under the folder as given.
        #expect(input.diagnostics.contains { $0.origin?.file == root + "/en.lproj/Localizable.strings" })
        let file = try TableExport.Input(paths: [root + "/en.lproj/Localizable.strings"])
        #expect(file.tables.count == 1)
    }

    @Test func pathsThatCannotBeExportedAreSaid() throws {
        func problem(_ path: String) -> String? {
            do { _ = try TableExport.Input(paths: [path]) } catch { return error.description }
            return nil
        }
        #expect(problem("/nonexistent/x") == "/nonexistent/x: no such file or directory")
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "x".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(problem(root + "/notes.txt") == "\(root)/notes.txt: not a .strings, .stringsdict or .xcstrings file")
    }

    @Test func outputFilesMakeFoldersAndSayWhatFailed() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try OutputFiles.createFolder(root + "/a/b")
        try OutputFiles.write(Array("hi".utf8), to: root + "/a/b/f.txt")
        #expect(try String(contentsOfFile: root + "/a/b/f.txt", encoding: .utf8) == "hi")
        do {
            try OutputFiles.createFolder(root + "/a/b/f.txt/c")
            Issue.record("a folder was made under a file")
        } catch {
            #expect(error.description == "\(root)/a/b/f.txt: cannot create the folder: not a directory")
        }
    }
}
