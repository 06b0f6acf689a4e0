import Foundation
import HeraldTestSupport
import Testing

/// `herald import` writes only inside --tables, never through a link, and applies a whole
/// import or nothing (issue 31, items 12 and 13). The XLIFF is the hand-written Xcode sample:
/// it writes de.lproj/Main.strings, de.lproj/Main.stringsdict, then Localizable.xcstrings.
@Suite struct ImportWriteTests {
    static let sample = XLIFFCLITests.sample

    /// The sample's tables in a fresh folder; returns (folder, tables path).
    static func tables() throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder("herald-import-writes")
        return (folder, try XLIFFCLITests.copy(sample + "/tables", into: folder))
    }

    static func text(_ path: String) -> String? { XLIFFCLITests.text(path) }

    /// Every file below `path` whose name says it is one of import's temporary files.
    static func leftovers(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).filter { $0.contains("herald-import") }
    }

    static func importSample(_ tables: String) async throws -> Subprocess.Result {
        try await HeraldBinary.run(["import", sample + "/de.xliff", "--tables", tables])
    }

    @Test func aLanguageFolderLinkedOutsideIsNotWrittenThrough() async throws {
        let (folder, tables) = try Self.tables()
        defer { withExtendedLifetime(folder) {} }
        let outside = folder.path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tables + "/de.lproj", withDestinationPath: "../outside")
        let r = try await Self.importSample(tables)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("de.lproj: is a symbolic link to a folder outside the tables folder"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        // Nothing else was written either.
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))
    }

    @Test func aFileLinkIsNotWrittenThrough() async throws {
        let (folder, tables) = try Self.tables()
        defer { withExtendedLifetime(folder) {} }
        try FileManager.default.createDirectory(atPath: tables + "/de.lproj", withIntermediateDirectories: true)
        let victim = tables + "/en.lproj/Main.strings"
        let before = Self.text(victim)
        try FileManager.default.createSymbolicLink(atPath: tables + "/de.lproj/Main.strings", withDestinationPath: "../en.lproj/Main.strings")
        let r = try await Self.importSample(tables)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Main.strings: is a symbolic link; not written through"), "\(r.stderr)")
        #expect(Self.text(victim) == before)
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))
        #expect(Self.leftovers(tables).isEmpty)
    }

    /// The second file cannot be written (a folder is in its place): the first is not written
    /// either, and no temporary file is left behind.
    @Test func aFailedWriteLeavesEveryTableAsItWas() async throws {
        let (folder, tables) = try Self.tables()
        defer { withExtendedLifetime(folder) {} }
        try FileManager.default.createDirectory(atPath: tables + "/de.lproj/Main.stringsdict", withIntermediateDirectories: true)
        let r = try await Self.importSample(tables)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tables + "/de.lproj/Main.strings"))
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))
        #expect(Self.leftovers(tables).isEmpty)
    }

    /// A full disk (here: a file size limit of 2 KB, which the 4 KB catalog passes) leaves the
    /// catalog as it was, valid JSON, instead of truncated.
    @Test func aFullDiskLeavesTheCatalogWhole() async throws {
        let (folder, tables) = try Self.tables()
        defer { withExtendedLifetime(folder) {} }
        let script = #"ulimit -f 4; trap '' XFSZ; exec "$0" "$@""#
        let r = try await Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, try HeraldBinary.url().path, "import", Self.sample + "/de.xliff", "--tables", tables])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("Localizable.xcstrings: cannot write"), "\(r.stderr)")
        #expect(Self.text(tables + "/Localizable.xcstrings") == Self.text(Self.sample + "/tables/Localizable.xcstrings"))
        #expect(!FileManager.default.fileExists(atPath: tables + "/de.lproj"))
        #expect(Self.leftovers(tables).isEmpty)
    }

    /// A clean import still writes all three files, with the permissions the old ones had.
    @Test func aCleanImportWritesEveryFileAndKeepsPermissions() async throws {
        let (folder, tables) = try Self.tables()
        defer { withExtendedLifetime(folder) {} }
        chmod(tables + "/Localizable.xcstrings", 0o640)
        let r = try await Self.importSample(tables)
        #expect(r.status == 0, "\(r.stderr)")
        for f in ["Localizable.xcstrings", "de.lproj/Main.strings", "de.lproj/Main.stringsdict"] {
            #expect(Self.text(tables + "/" + f) == Self.text(Self.sample + "/expected/" + f), "\(f)")
        }
        var info = stat()
        #expect(stat(tables + "/Localizable.xcstrings", &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(Self.leftovers(tables).isEmpty)
    }
}
