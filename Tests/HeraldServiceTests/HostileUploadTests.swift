import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldService

/// Entries an upload may not unpack, each refused with a 400 naming it, before anything is
/// written: links, devices, FIFOs, absolute paths, `..`, files that are not tables, and
/// uploads over the limits (413). The archives come from GNU tar (`-P` keeps absolute
/// names and `..` as given; `--transform` renames a member on the way in), except a block
/// device, which a container may not have: Python's tarfile writes that one.
@Suite struct HostileUploadTests {
    static let tar = "application/x-tar"

    /// Expects a 400 with `code`, its message naming `entry` and saying `words`.
    func expectRefused(
        _ archive: [UInt8], code: String, entry: String, words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar, sourceLocation: sourceLocation)
        let error = try UploadFixtures.error(answer)
        #expect(answer.status == 400, "\(error)", sourceLocation: sourceLocation)
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains("\"\(entry)\""), "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
    }

    @Test func symbolicLink() async throws {
        let tables = try UploadFixtures.tables()
        try tables.link("de.lproj/Secrets.strings", to: "/etc/passwd")
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        try expectRefused(archive, code: "unsafe-entry", entry: "./de.lproj/Secrets.strings", words: "symbolic link")
    }

    @Test func hardLink() async throws {
        let tables = try UploadFixtures.tables()
        try FileManager.default.linkItem(atPath: tables.path("en.lproj/Localizable.strings"), toPath: tables.path("en.lproj/Other.strings"))
        // Named in this order, the second is written as a link to the first.
        let archive = try await UploadFixtures.tar(["en.lproj/Localizable.strings", "en.lproj/Other.strings"], in: tables.path)
        try expectRefused(archive, code: "unsafe-entry", entry: "en.lproj/Other.strings", words: "hard link")
    }

    @Test func characterDevice() async throws {
        let archive = try await UploadFixtures.tar(["--transform", "s,^null$,de.lproj/Null.strings,", "null"], in: "/dev")
        try expectRefused(archive, code: "unsafe-entry", entry: "de.lproj/Null.strings", words: "character device")
    }

    @Test func blockDevice() async throws {
        let script = """
            import sys, tarfile
            with tarfile.open(fileobj=sys.stdout.buffer, mode="w|", format=tarfile.USTAR_FORMAT) as t:
                i = tarfile.TarInfo("de.lproj/Disk.strings"); i.type = tarfile.BLKTYPE; i.devmajor = 7
                t.addfile(i)
            """
        let archive = try await UploadFixtures.run("python3", ["-c", script])
        try expectRefused(archive, code: "unsafe-entry", entry: "de.lproj/Disk.strings", words: "block device")
    }

    @Test func fifo() async throws {
        let tables = try UploadFixtures.tables()
        _ = try await UploadFixtures.run("mkfifo", [tables.path("de.lproj/Pipe.strings")])
        let archive = try await UploadFixtures.tar(["de.lproj"], in: tables.path)
        try expectRefused(archive, code: "unsafe-entry", entry: "de.lproj/Pipe.strings", words: "FIFO")
    }

    @Test func absolutePath() async throws {
        let tables = try UploadFixtures.tables()
        let absolute = tables.path("de.lproj/Localizable.strings")
        let archive = try await UploadFixtures.tar(["-P", absolute], in: tables.path)
        try expectRefused(archive, code: "unsafe-entry", entry: absolute, words: "absolute path")
    }

    @Test(arguments: ["../de.lproj/Localizable.strings", "de.lproj/../../de.lproj/Localizable.strings"])
    func dotDot(name: String) async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(
            ["-P", "--transform", "s,^de.lproj/Localizable.strings$,\(name),", "de.lproj/Localizable.strings"], in: tables.path)
        try expectRefused(archive, code: "unsafe-entry", entry: name, words: "..")
    }

    /// Only what `herald validate` reads: `.strings`/`.stringsdict` inside an `.lproj`
    /// folder, `.xcstrings` anywhere (and the configuration at the top).
    @Test(arguments: ["README.md", "Localizable.strings", "de.lproj/notes.txt", "Sub/.herald-validate.json", ".lproj/Localizable.strings"])
    func notATable(name: String) async throws {
        let tables = try UploadFixtures.tables()
        try tables.write("x", to: name)
        let archive = try await UploadFixtures.tar(["en.lproj", name], in: tables.path)
        try expectRefused(archive, code: "not-a-table", entry: name, words: "not a table file")
    }

    @Test func noTables() async throws {
        let tables = try TemporaryFolder("herald-upload-empty")
        try FileManager.default.createDirectory(atPath: tables.path("de.lproj"), withIntermediateDirectories: true)
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar)
        #expect(answer.status == 400)
        #expect(try UploadFixtures.error(answer).code == "no-tables")
    }

    /// A configuration's globs are not taken from an upload (their matching is not linear);
    /// a broken one is named with its line and column.
    @Test func configurationGlobsAndErrors() async throws {
        let tables = try UploadFixtures.tables()
        try tables.write("{\"ignore\": [\"**/**/**/x\"]}", to: ".herald-validate.json")
        let globs = try UploadFixtures.respond(try await UploadFixtures.tar(["."], in: tables.path), contentType: Self.tar)
        #expect(globs.status == 400)
        #expect(try UploadFixtures.error(globs).message.contains("\"ignore\""))
        try tables.write("{\"strict\": tru}", to: ".herald-validate.json")
        let broken = try UploadFixtures.respond(try await UploadFixtures.tar(["."], in: tables.path), contentType: Self.tar)
        let error = try UploadFixtures.error(broken)
        #expect(broken.status == 400)
        #expect(error.code == "bad-configuration")
        #expect(error.message.hasPrefix(".herald-validate.json:1:"), "\(error.message)")
    }

    @Test func limits() async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        let cases: [(UploadLimits, String)] = [
            (UploadLimits(maxEntries: 3), "too-many-entries"),
            (UploadLimits(maxTotalBytes: 500), "upload-too-large"),
            (UploadLimits(maxFileBytes: 300), "file-too-large"),
        ]
        for (limits, code) in cases {
            let answer = try UploadFixtures.respond(archive, contentType: Self.tar, limits: limits)
            #expect(answer.status == 413, "\(code)")
            #expect(try UploadFixtures.error(answer).code == code)
        }
        let deep = try UploadFixtures.respond(archive, contentType: Self.tar, limits: UploadLimits(maxPathBytes: 10))
        #expect(deep.status == 400)
        #expect(try UploadFixtures.error(deep).code == "path-too-long")
    }

    /// A file appearing twice, and a file where the upload has a folder.
    @Test func duplicatesAndConflicts() async throws {
        let tables = try UploadFixtures.tables()
        // Named twice, GNU tar writes the second as a hard link unless told to dereference.
        let twice = try await UploadFixtures.tar(
            ["--hard-dereference", "de.lproj/Localizable.strings", "de.lproj/Localizable.strings"], in: tables.path)
        try expectRefused(twice, code: "duplicate-entry", entry: "de.lproj/Localizable.strings", words: "more than once")
        let other = try TemporaryFolder("herald-upload-conflict")
        try other.write("x", to: "de.lproj/Localizable.strings/inner.xcstrings")
        // One archive, a file then (appended with `tar -r`) a file below a folder of that name.
        let file = tables.path("both.tar")
        _ = try await UploadFixtures.run("tar", ["-c", "-f", file, "de.lproj/Localizable.strings"], directory: tables.path)
        _ = try await UploadFixtures.run("tar", ["-r", "-f", file, "-C", other.path, "de.lproj/Localizable.strings/inner.xcstrings"])
        let both = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        try expectRefused(both, code: "conflicting-entries", entry: "de.lproj/Localizable.strings/inner.xcstrings", words: "as a file")
    }
}
