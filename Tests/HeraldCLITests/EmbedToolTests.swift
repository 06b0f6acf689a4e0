import Foundation
import HeraldTestSupport
import Testing

/// `herald-embed-localizations`, the tool the EmbedLocalizations build plugin runs, on tables a
/// translator could write that a naive generator would break: CRLF line ends, `"#` and `"""`
/// (which end raw and multi-line literals), backslashes at a line's end, bidi and control
/// characters, no final newline, an empty file, a non-ASCII path with a space. Its output is
/// compiled with swiftc and must give back every file's bytes exactly as written here.
@Suite struct EmbedToolTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-embed-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ bytes: [UInt8], _ relative: String) throws {
            let file = url.appendingPathComponent("in/" + relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
    }

    static func tool() throws -> URL { try BuiltExecutable.url(named: "herald-embed-localizations") }

    static let files: [(String, [UInt8])] = [
        ("façade.lproj/Local izable.strings", Array("\"a\" = \"x\\\"#y\";\r\n\"b\" = \"\"\";\n// \\ end\\\n".utf8)),
        ("ar.lproj/Localizable.stringsdict", Array("\u{202E}rtl\u{2028}ls\ttab\u{01}ctl\u{200C}zwnj 😀 é\u{FEFF}\n\n".utf8)),
        ("Messages.xcstrings", Array("no newline at end \"#\"\"\"##".utf8)),
        ("empty.strings", []),
    ]

    @Test func compiledOutputGivesBackEveryByte() async throws {
        let folder = Folder()
        for (path, bytes) in Self.files { try folder.write(bytes, path) }
        let generated = folder.url.appendingPathComponent("Embedded.swift")
        let run = try await Subprocess.run(
            try Self.tool(), [generated.path, folder.url.appendingPathComponent("in").path] + Self.files.map(\.0))
        #expect(run.status == 0, "\(run.stderr)")

        // A program around the generated file that prints each path and its bytes in hex.
        let main = folder.url.appendingPathComponent("main.swift")
        try Data("""
            enum EmbeddedLocalizations {}
            for (path, contents) in EmbeddedLocalizations.files {
                print(path + ":" + contents.utf8.map { String($0, radix: 16) }.joined(separator: " "))
            }
            """.utf8).write(to: main)
        let program = folder.url.appendingPathComponent("program")
        let compile = try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-swift-version", "6", generated.path, main.path, "-o", program.path])
        #expect(compile.status == 0, "swiftc: \(compile.stdout)\(compile.stderr)")
        let printed = try await Subprocess.run(program, [])
        let expected = Self.files.map { $0.0 + ":" + $0.1.map { String($0, radix: 16) }.joined(separator: " ") }
        #expect(printed.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
    }

    @Test func aTableThatIsNotUTF8StopsTheBuildNamingIt() async throws {
        let folder = Folder()
        try folder.write([0x61, 0x62, 0xFF, 0x63], "de.lproj/Localizable.strings")
        let run = try await Subprocess.run(
            try Self.tool(),
            [folder.url.appendingPathComponent("out.swift").path, folder.url.appendingPathComponent("in").path,
             "de.lproj/Localizable.strings"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("in/de.lproj/Localizable.strings: not UTF-8 (first bad byte at offset 2)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.swift").path))
    }

    /// A table added after SwiftPM planned the build (the plugin's listing is made then) is
    /// named, with what to do, and nothing is written: the build never embeds a stale listing.
    /// Other files (a README, a folder) are not tables and do not count.
    @Test func aTableTheListingDoesNotHaveStopsTheBuildNamingIt() async throws {
        let folder = Folder()
        try folder.write(Array("\"a\" = \"b\";\n".utf8), "de.lproj/Localizable.strings")
        try folder.write(Array("\"a\" = \"c\";\n".utf8), "fr.lproj/Localizable.strings")
        try folder.write(Array("notes\n".utf8), "README.md")
        let out = folder.url.appendingPathComponent("out.swift").path
        let run = try await Subprocess.run(
            try Self.tool(), [out, folder.url.appendingPathComponent("in").path, "de.lproj/Localizable.strings"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("1 table file(s) added to in/ since the build was planned: fr.lproj/Localizable.strings"), "\(run.stderr)")
        #expect(run.stderr.contains("touch Package.swift"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let listed = try await Subprocess.run(
            try Self.tool(),
            [out, folder.url.appendingPathComponent("in").path, "de.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
        #expect(listed.status == 0, "\(listed.stderr)")
    }
}
