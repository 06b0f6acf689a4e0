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
    var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }

    /// A path that is not there, or not a table file: a usage error.
    struct UsageProblem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func isTableFile(_ name: String) -> Bool { TableFormat.isTableFileName(name) }

    /// Collects the files below `paths`, skipping paths that match `ignore`
    /// (relative to the folder given, or the path as given for a file).
    static func collect(_ paths: [String], ignore: [Glob]) throws(UsageProblem) -> TableFiles {
        let fm = FileManager.default
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
                guard isTableFile(path) else {
                    throw UsageProblem(message: "\(path): not a .strings, .stringsdict or .xcstrings file")
                }
                if !ignore.contains(where: { $0.matches(path) }) { add(path) }
                continue
            }
            let prefix = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            var stack: [(rel: String, depth: Int)] = [("", 0)]
            var found: [String] = []
            while let (rel, depth) = stack.popLast() {
                let abs = prefix + rel
                guard let names = try? fm.contentsOfDirectory(atPath: abs.isEmpty ? "." : abs) else { continue }
                for name in names.sorted().reversed() where !name.hasPrefix(".") {
                    let childRel = rel + name
                    if ignore.contains(where: { $0.matches(childRel) || $0.matches(childRel + "/") }) { continue }
                    var d: ObjCBool = false
                    guard fm.fileExists(atPath: prefix + childRel, isDirectory: &d) else {
                        // A broken link named like a table: listed, so reading it reports the problem.
                        if isTableFile(name), name.hasSuffix(".xcstrings") || rel.hasSuffix(".lproj/") { found.append(prefix + childRel) }
                        continue
                    }
                    if d.boolValue {
                        // Folders reached through a link are not entered: a link to a parent would loop.
                        let isLink = (try? fm.destinationOfSymbolicLink(atPath: prefix + childRel)) != nil
                        if depth < 40, !isLink { stack.append((childRel + "/", depth + 1)) }
                    } else if isTableFile(name) {
                        // .strings / .stringsdict count only inside an .lproj folder.
                        if name.hasSuffix(".xcstrings") || rel.hasSuffix(".lproj/") {
                            found.append(prefix + childRel)
                        }
                    }
                }
            }
            for f in found.sorted() { add(f) }
        }
        var out = TableFiles()
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
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return "" }
        let folder = parts[parts.count - 2]
        return folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : ""
    }

    /// `Localizable.strings` → `Localizable`.
    static func tableName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for ext in TableFormat.fileExtensions where name.hasSuffix(ext) { return String(name.dropLast(ext.count)) }
        return name
    }
}
