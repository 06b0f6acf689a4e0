import HeraldDiagnostics
public import HeraldJSON

import Glibc
import HeraldTableFormats
import HeraldTables

/// A folder or file an export could not write; the description names the path (escaped)
/// and the system's reason.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// JSON laid out the way Xcode writes String Catalogs.
public enum XcodeJSON {
    public static func write(_ v: JSONValue, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        switch v {
        case .object(let o):
            if o.isEmpty { return "{\n\n\(pad)}" }
            let inner = o.entries.map { "\(pad)  \(JSONWriter.quote($0.key)) : \(write($0.value, indent: indent + 1))" }
            return "{\n" + inner.joined(separator: ",\n") + "\n\(pad)}"
        case .array(let a):
            if a.isEmpty { return "[]" }
            return "[\n" + a.map { "\(pad)  " + write($0, indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        default:
            return JSONWriter.write(v)
        }
    }
}

/// Folders and files `export --output` writes, with failures said the one way
/// (`<path>: cannot write: not a directory`) instead of Foundation's
/// `NSCocoaErrorDomain` text: the system's reason for the path that failed.
public enum OutputFiles {
    static func failure(_ path: String, _ what: String, errno code: Int32) -> OutputFileError {
        OutputFileError(description: "\(OutsideText.escaped(path)): \(what): \(InputFileError.reason(code))")
    }

    /// `mkdir -p`: each missing folder of `path` is made; one that exists must be a folder.
    public static func createFolder(_ path: String) throws(OutputFileError) {
        guard !path.isEmpty else { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o777) == 0 { continue }
            let code = errno
            var st = stat()
            if code == EEXIST {
                guard stat(prefix, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
                    throw failure(prefix, "cannot create the folder", errno: ENOTDIR)
                }
                continue
            }
            // Permission to search but not to create: fine when the folder is already there.
            if stat(prefix, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { continue }
            throw failure(prefix, "cannot create the folder", errno: code)
        }
    }

    /// One thing an export writes: a file, or a folder that may stay empty.
    public enum Item: Sendable, Equatable {
        case file(String, [UInt8])
        case folder(String)

        /// The path, relative to the output folder.
        public var path: String {
            switch self {
            case .file(let path, _), .folder(let path): path
            }
        }
    }

    /// Writes `items` below `folder` (made first, with every folder a path needs).
    public static func write(_ items: [Item], into folder: String) throws(OutputFileError) {
        try createFolder(folder)
        for item in items {
            let path = folder + "/" + item.path
            switch item {
            case .folder: try createFolder(path)
            case .file(_, let bytes): try writeMakingFolders(bytes, to: path)
            }
        }
    }

    /// Writes `bytes` to `path`, making first every folder the path names.
    public static func writeMakingFolders(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try createFolder(String(path[..<slash])) }
        try write(bytes, to: path)
    }

    /// Writes `bytes` to `path` (created 0666 less the umask, or truncated).
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, "cannot write", errno: errno) }
        var failed = bytes.withUnsafeBufferPointer { BufferedOutput.writeAll(fd: fd, $0) }
        if close(fd) != 0, failed == 0 { failed = errno }
        if failed != 0 { throw failure(path, "cannot write", errno: failed) }
    }
}

