import Glibc
import HeraldTableFormats

/// The table files below a folder the user named, found the one way every command
/// finds them (`render`, `format`, `export` through `Catalog(root:)`, `validate`
/// through its bundle grouping).
///
/// - Each real directory is listed once, told apart by device and inode, so links
///   that loop (`ln -s . a`) or lead to the same folder twice add nothing: the walk
///   is linear in the entries of the folders below the root.
/// - Nothing outside the root is read: a link is followed only when its target (all
///   links resolved) lies inside the root's real path; any other link named like a
///   table is reported and skipped. Folders reached only through a link are walked
///   after every real folder, so a link never takes the place of the folder it names.
/// - Hidden entries (`.git`, `.build`) are skipped, and folders deeper than
///   `maximumDepth` are not entered.
public struct TableTree: Sendable {
    /// One table file: where to open it (a link's target, already resolved) and its
    /// path relative to the root (what diagnostics and `.lproj` names are read from).
    public struct File: Sendable, Hashable {
        public var readPath: String
        public var relativePath: String
    }

    public static let maximumDepth = 32

    /// Table files, in walk order (sorted names, depth first; folders reached through a
    /// link last).
    public var files: [File] = []
    /// Folders that could not be listed, links that lead out of the root or nowhere.
    /// Origins are relative to the root.
    public var diagnostics: [Diagnostic] = []
    /// How many folders were listed: each real folder once, however many links lead to it.
    public var directoriesListed = 0


    /// Walks `root`; `skip(relativePath, isDirectory)` leaves out an entry (and all below it).
    public static func walk(root: String, skip: (String, Bool) -> Bool = { _, _ in false }) -> TableTree {
        var tree = TableTree()
        guard let rootReal = FileBytes.realPath(root) else {
            tree.diagnostics.append(Diagnostic(.io, .error, "no such directory", at: .file(Origin(file: ".", line: 0, column: 0))))
            return tree
        }
        let inside = rootReal == "/" ? "/" : rootReal + "/"
        func isInside(_ real: String) -> Bool { real == rootReal || real.hasPrefix(inside) }
        struct Identity: Hashable {
            var device: UInt64
            var inode: UInt64
        }
        var seen = Set<Identity>()
        func identity(_ path: String) -> Identity? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        // Folders to list: (path to list, path relative to the root, depth).
        var linked: [(abs: String, rel: String, depth: Int)] = []
        func refuse(_ rel: String, _ message: String) {
            tree.diagnostics.append(Diagnostic(.io, .error, message, at: .file(Origin(file: rel, line: 0, column: 0))))
        }
        func list(_ abs: String, _ rel: String, depth: Int) {
            guard let id = identity(abs), seen.insert(id).inserted else { return }
            tree.directoriesListed += 1
            guard let names = FileBytes.names(in: abs) else {
                refuse(rel.isEmpty ? "." : rel, "cannot list directory")
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                let childAbs = abs + "/" + name
                var info = stat()
                guard lstat(childAbs, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    if depth + 1 < maximumDepth, !skip(childRel, true) { list(childAbs, childRel, depth: depth + 1) }
                    continue
                }
                if type == S_IFLNK {
                    let table = TableFormat.isTableFileName(name)
                    guard let real = FileBytes.realPath(childAbs) else {
                        if table, !skip(childRel, false) { refuse(childRel, "is a symbolic link to nothing; not read") }
                        continue
                    }
                    guard isInside(real) else {
                        if table, !skip(childRel, false) { refuse(childRel, "is a symbolic link to a file outside the folder being read; not read") }
                        continue
                    }
                    var target = stat()
                    guard stat(real, &target) == 0 else { continue }
                    if target.st_mode & S_IFMT == S_IFDIR {
                        if depth + 1 < maximumDepth, !skip(childRel, true) { linked.append((real, childRel, depth + 1)) }
                    } else if table, !skip(childRel, false) {
                        tree.files.append(File(readPath: real, relativePath: childRel))
                    }
                    continue
                }
                // Regular files and anything else named like a table (a named pipe is
                // listed so that reading it reports what it is).
                if TableFormat.isTableFileName(name), !skip(childRel, false) { tree.files.append(File(readPath: childAbs, relativePath: childRel)) }
            }
        }
        list(rootReal, "", depth: 0)
        var next = 0
        while next < linked.count {
            let (abs, rel, depth) = linked[next]
            next += 1
            list(abs, rel, depth: depth)
        }
        return tree
    }
}
