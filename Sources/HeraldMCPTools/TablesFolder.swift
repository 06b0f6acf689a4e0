public import HeraldTables

import Glibc

/// The one folder `herald mcp` was given: every path a tool names is relative to it, and
/// nothing outside it is read (its real path is checked after links are resolved; the walk
/// below it is `TableTree`'s, through `Catalog(root:)` and the linter).
public struct TablesFolder: Sendable {
    /// The real path of the folder.
    public let root: String

    public init(_ path: String) throws(ToolError) {
        guard let p = realpath(path, nil) else { throw ToolError("\(path): no such folder") }
        defer { free(p) }
        let real = String(cString: p)
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw ToolError("\(path): not a folder") }
        root = real
    }

    /// The real path of `relative` below the folder; an absolute path, a `..` component, or
    /// a link that leads out of the folder is refused. The error never shows the server's path.
    public func resolve(_ relative: String) throws(ToolError) -> String {
        if relative.isEmpty || relative == "." { return root }
        guard !relative.hasPrefix("/") else { throw ToolError("\(relative): give a path relative to the tables folder") }
        guard !relative.split(separator: "/").contains("..") else { throw ToolError("\(relative): '..' leads out of the tables folder") }
        guard let p = realpath(root + "/" + relative, nil) else { throw ToolError("\(relative): no such file or folder in the tables folder") }
        defer { free(p) }
        let real = String(cString: p)
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw ToolError("\(relative): is outside the tables folder (a link); not read")
        }
        return real
    }

    /// The folder's tables, read as `herald render --tables` reads them.
    public func catalog() throws(ToolError) -> Catalog {
        do {
            return try Catalog(root: root)
        } catch {
            throw ToolError("the tables folder cannot be read: \(error.message)")
        }
    }

    /// A path shown to the assistant: relative to the folder.
    func shown(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
