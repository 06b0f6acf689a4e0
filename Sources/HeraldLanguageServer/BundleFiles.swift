import HeraldJSON
import HeraldTables

import Glibc

/// Where a table file sits in its bundle: the folder holding the `.lproj` folders and
/// String Catalogs, the file's path relative to it and its table's name.
public struct BundlePlace: Sendable, Hashable {
    /// The bundle folder (absolute, as the client named it).
    public var directory: String
    /// `de.lproj/Localizable.strings` or `Localizable.xcstrings`.
    public var relativePath: String
    /// `Localizable`.
    public var table: String
    /// The `.lproj` localization (nil for a String Catalog).
    public var localization: String?

    /// The place of a table file's path; nil for a file that is not a table in a bundle.
    public init?(path: String) {
        guard TableFormat.isTableFileName(path) else { return nil }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.popLast(), !name.isEmpty else { return nil }
        var table = name
        for ext in TableFormat.fileExtensions where name.hasSuffix(ext) { table = String(name.dropLast(ext.count)) }
        self.table = table
        if name.hasSuffix(".xcstrings") {
            localization = nil
            relativePath = name
        } else {
            guard let folder = parts.popLast(), folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
            localization = String(folder.dropLast(6))
            relativePath = folder + "/" + name
        }
        directory = parts.joined(separator: "/")
    }
}

/// The table files of a bundle one document is compared with, read from disk and kept
/// while their size, time and inode stay the same: an edit re-reads nothing.
///
/// Only regular files are read (a link is not followed), each at most the size a table may
/// have, and, when the server was given a workspace folder, only below it.
struct BundleFiles {
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
    }

    struct Held {
        var stamp: Stamp
        var bytes: [UInt8]
    }

    /// The real path of the folder reads must stay in (nil: no workspace folder given).
    var root: String?
    /// Absolute path → what was read.
    private(set) var held: [String: Held] = [:]

    init(root: String?) {
        self.root = root.flatMap(Self.realPath)
    }

    /// The files of `place`'s table in its bundle (relative path → bytes), without the
    /// document itself.
    mutating func siblings(of place: BundlePlace) -> [String: [UInt8]] {
        guard allowed(place.directory) else { return [:] }
        var wanted: [String] = []
        let names = [place.table + ".strings", place.table + ".stringsdict"]
        // Only real folders: an `.lproj` that is a link could lead out of the workspace.
        for entry in Self.list(place.directory) where entry.hasSuffix(".lproj") && Self.isRealFolder(place.directory + "/" + entry) {
            for n in names { wanted.append(entry + "/" + n) }
        }
        wanted.append(place.table + ".xcstrings")
        var out: [String: [UInt8]] = [:]
        var kept = Set<String>()
        for rel in wanted where rel != place.relativePath {
            let abs = place.directory + "/" + rel
            if let bytes = load(abs) {
                out[rel] = bytes
                kept.insert(abs)
            }
        }
        // What is no longer there (a deleted language) is forgotten.
        let prefix = place.directory + "/"
        for key in Array(held.keys) where key.hasPrefix(prefix) && !kept.contains(key) && Self.tableName(key) == place.table {
            held[key] = nil
        }
        return out
    }

    /// What identifies the held copy of a file (device, inode, size, time); "" when none is held.
    func stampText(_ path: String) -> String {
        guard let s = held[path]?.stamp else { return "" }
        return "\(s.device):\(s.inode):\(s.size):\(s.modified).\(s.modifiedNanoseconds)"
    }

    /// Forgets every file of a bundle's table (its last document was closed).
    mutating func forget(_ place: BundlePlace) {
        let prefix = place.directory + "/"
        for key in Array(held.keys) where key.hasPrefix(prefix) && Self.tableName(key) == place.table { held[key] = nil }
    }

    /// Whether reads below `directory` are allowed.
    func allowed(_ directory: String) -> Bool {
        guard let root else { return true }
        guard let real = Self.realPath(directory) else { return false }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// A regular file's bytes, from the cache while it is unchanged; nil when it is not
    /// there, not a regular file (links included) or too large.
    mutating func load(_ path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            held[path] = nil
            return nil
        }
        let stamp = Stamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        if let hit = held[path], hit.stamp == stamp { return hit.bytes }
        guard stamp.size <= InputLimits.tableFileBytes, let bytes = Self.contents(path, limit: InputLimits.tableFileBytes) else {
            held[path] = nil
            return nil
        }
        held[path] = Held(stamp: stamp, bytes: bytes)
        return bytes
    }

    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func tableName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for ext in TableFormat.fileExtensions where name.hasSuffix(ext) { return String(name.dropLast(ext.count)) }
        return name
    }

    /// A folder's entry names, sorted ([] when it cannot be listed).
    static func list(_ directory: String) -> [String] {
        guard let dir = opendir(directory.isEmpty ? "/" : directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != ".", name != "..", !name.hasPrefix(".") { names.append(name) }
            if names.count > 10_000 { break }
        }
        return names.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Reads a regular file without following a link, at most `limit` bytes.
    static func contents(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return out }
            guard out.count + n <= limit else { return nil }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}
