import Foundation
import HeraldICU
import HeraldJSON
import HeraldTableFormats
import HeraldTables
import Testing
import HeraldTestSupport

/// Hostile folders below a tables root: links that loop, links out of the root, named
/// pipes and other files that are not files. The walk lists each real folder once, never
/// reads outside the root, and refuses what is not a regular file before reading a byte.
@Suite struct HostileTreeTests {
    static func tables() throws -> TemporaryFolder {
        let f = try TemporaryFolder("herald-tree")
        try f.write("\"greeting\" = \"Hello\";\n", to: "en.lproj/Localizable.strings")
        try f.write("\"greeting\" = \"Hallo\";\n", to: "de.lproj/Localizable.strings")
        return f
    }

    @Test func linksToTheRootAreNotWalkedAgain() throws {
        // `ln -s . a; ln -s . b` (and one inside a localization): followed to depth 32
        // that was 2^32 paths. Each real folder is listed once, so exactly the three
        // folders are listed and the two real files found, once each.
        let f = try Self.tables()
        try f.link("a", to: ".")
        try f.link("b", to: ".")
        try f.link("en.lproj/up", to: "..")
        let tree = TableTree.walk(root: f.path)
        #expect(tree.files.map(\.relativePath) == ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
        #expect(tree.directoriesListed == 3)
        #expect(tree.diagnostics.isEmpty)
        let catalog = try Catalog(root: f.path)
        #expect(catalog.localizations == ["de", "en"])
        #expect(catalog.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("de"))?.entry.message.texts.first?.value == "Hallo")
    }

    @Test func aLinkNeverTakesThePlaceOfTheFolderItNames() throws {
        // `aaa` sorts before `en.lproj`: were it walked first, en.lproj's table would be
        // found as aaa/Localizable.strings (no localization) and en lost.
        let f = try Self.tables()
        try f.link("aaa", to: "en.lproj")
        let tree = TableTree.walk(root: f.path)
        #expect(tree.files.map(\.relativePath) == ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
        #expect(try Catalog(root: f.path).localizations == ["de", "en"])
    }

    @Test func aLinkToAFileOutsideTheRootIsReportedAndNotRead() throws {
        let outside = try TemporaryFolder("herald-tree")
        try outside.write("\"secret\" = \"root:x:0:0\";\n", to: "passwd.strings")
        let f = try Self.tables()
        try f.write("", to: "fr.lproj/.keep")
        try f.link("fr.lproj/Localizable.strings", to: outside.path + "/passwd.strings")
        // A folder outside the root, through a link, is not entered either.
        try f.link("es.lproj", to: outside.path)
        // A link that stays inside the root is read.
        try f.write("", to: "it.lproj/.keep")
        try f.link("it.lproj/Localizable.strings", to: "../de.lproj/Localizable.strings")
        let catalog = try Catalog(root: f.path)
        let all = catalog.loadAll()
        #expect(all.diagnostics.map(\.description) == [
            "fr.lproj/Localizable.strings: error: is a symbolic link to a file outside the folder being read; not read [io]"
        ])
        #expect(!all.tables.contains { $0.entries["secret"] != nil })
        #expect(!catalog.localizations.contains("es"))
        #expect(catalog.lookup(key: "greeting", table: "Localizable", locale: try LocaleID("it"))?.entry.message.texts.first?.value == "Hallo")
    }

    @Test(arguments: ["fifo", "directory", "socket"])
    func aTableThatIsNotARegularFileIsRefusedBeforeItIsRead(_ kind: String) throws {
        // A named pipe with no writer blocked open() for ever; it is opened without
        // blocking and refused after fstat.
        let f = try Self.tables()
        let target = f.path + "/fr.lproj/Localizable.strings"
        try FileManager.default.createDirectory(atPath: f.path + "/fr.lproj", withIntermediateDirectories: true)
        let expected: String
        switch kind {
        case "fifo":
            #expect(mkfifo(target, 0o600) == 0)
            expected = "is a named pipe, not a regular file; not read"
        case "directory":
            // A folder named like a table is walked as a folder; named on its own, it is refused.
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let c = Catalog(files: [target])
            #expect(c.loadAll().diagnostics.map(\.message) == ["is a directory, not a regular file; not read"])
            return
        default:
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in target.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "socket path too long: \(target)")
            expected = "is a socket, not a regular file; not read"
        }
        let all = try Catalog(root: f.path).loadAll()
        #expect(all.diagnostics.map(\.description) == ["fr.lproj/Localizable.strings: error: \(expected) [io]"])
        // The refused file serves nothing: French falls back to English.
        #expect(all.tables.first { $0.localization == "fr" }?.entries.isEmpty ?? true)
        #expect(try Catalog(root: f.path).lookup(key: "greeting", table: "Localizable", locale: try LocaleID("fr"))?.localization == "en")
    }

    @Test func aTableOverTheSizeLimitIsRefusedUnread() throws {
        let f = try Self.tables()
        let big = f.path + "/fr.lproj/Localizable.strings"
        try FileManager.default.createDirectory(atPath: f.path + "/fr.lproj", withIntermediateDirectories: true)
        // A sparse file: its size is past the limit, its blocks are never written.
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(InputLimits.tableFileBytes + 1)) == 0)
        let all = try Catalog(root: f.path).loadAll()
        #expect(all.diagnostics.map(\.message) == ["is 33554433 bytes, more than the 32 MiB a table file may hold; not read"])
    }
}
