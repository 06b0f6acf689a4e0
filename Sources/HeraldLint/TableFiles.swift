import Foundation
import HeraldTables

/// The table files below the paths given to `herald validate`, grouped by
/// bundle: the folder that holds the `.lproj` folders and String Catalogs of
/// one app target. Tables of different bundles are never compared.
struct TableFiles {
    /// One bundle's files, display paths (what diagnostics print).
    struct Group {
        var directory: String
        var files: [String]
    }

    var groups: [Group] = []
    /// Links out of the folder given, folders that cannot be listed: reported, never read.
    var problems: [Diagnostic] = []
    var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }

    /// A path that is not there, or not a table file: a usage error.
    struct UsageProblem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Collects the files below `paths`, skipping paths that match `ignore`
    /// (relative to the folder given, or the path as given for a file).
    static func collect(_ paths: [String], ignore: [Glob]) throws(UsageProblem) -> TableFiles {
        let fm = FileManager.default
        var problems: [Diagnostic] = []
        var byGroup: [String: [String]] = [:]
        var order: [String] = []
        func add(_ display: String) {
            let g = bundleDirectory(of: display)
            if byGroup[g] == nil { order.append(g) }
            byGroup[g, default: []].append(display)
        }
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw UsageProblem(message: "\(path): no such file or directory")
            }
            if !isDir.boolValue {
                guard TableFormat.isTableFileName(path) else {
                    throw UsageProblem(message: "\(path): not a .strings, .stringsdict or .xcstrings file")
                }
                if !ignore.contains(where: { $0.matches(path) }) { add(path) }
                continue
            }
            let prefix = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            let tree = TableTree.walk(root: path) { rel, _ in
                ignore.contains { $0.matches(rel) || $0.matches(rel + "/") }
            }
            for d in tree.diagnostics {
                var placed = d
                if var origin = d.origin {
                    origin.file = prefix + origin.file
                    placed.location = .file(origin)
                }
                problems.append(placed)
            }
            var found: [String] = []
            for f in tree.files {
                // .strings / .stringsdict count only inside an .lproj folder.
                let rel = f.relativePath
                if TablePath(rel)?.isInBundle == true {
                    found.append(prefix + rel)
                }
            }
            for f in found.sorted() { add(f) }
        }
        var out = TableFiles()
        out.problems = problems
        for g in order { out.groups.append(Group(directory: g, files: byGroup[g] ?? [])) }
        return out
    }

    /// `App/en.lproj/Localizable.strings` → `App`; `App/Localizable.xcstrings` → `App`.
    static func bundleDirectory(of path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        if let last = parts.last, last.hasSuffix(".lproj") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// The `.lproj` localization of a file ("" for String Catalogs and files outside one).
    static func localization(of path: String) -> String {
        TablePath(path)?.localization ?? ""
    }

    /// `Localizable.strings` → `Localizable`.
    static func tableName(of path: String) -> String {
        TableFormat.tableName(of: path) ?? path.split(separator: "/").last.map(String.init) ?? path
    }
}
