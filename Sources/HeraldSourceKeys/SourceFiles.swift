import Glibc
import HeraldDiagnostics

/// The Swift files below the folder `herald validate --sources DIR` names, found and read
/// without leaving it: symbolic links are not followed (a link can lead anywhere), hidden
/// entries (`.git`, `.build`), other people's code (`vendored`) and folders deeper than
/// `maximumDepth` are skipped, and only regular files are read, each up to `maximumBytes`.
enum SourceFiles {
    static let maximumDepth = 32
    /// Where dependency managers keep other projects' code, with lookups in their own bundles.
    static let vendored: Set<String> = ["Pods", "Carthage", "DerivedData", "SourcePackages"]
    /// A Swift file larger than this is not read (reported): generated code of that size holds no lookups worth the time.
    static let maximumBytes = 16 << 20

    /// The paths of the `.swift` files below `root` (sorted, depth first), and the folders that could not be listed.
    static func list(root: String) -> (files: [String], problems: [Diagnostic]) {
        var files: [String] = []
        var problems: [Diagnostic] = []
        func list(_ dir: String, depth: Int) {
            guard let names = names(in: dir) else {
                problems.append(Diagnostic(.io, .error, "cannot list directory", at: .file(Origin(file: dir, line: 0, column: 0))))
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: if depth + 1 < maximumDepth, !vendored.contains(name) { list(path, depth: depth + 1) }
                case S_IFREG: if name.hasSuffix(".swift") { files.append(path) }
                default: continue  // links are not followed; pipes and devices are not code
                }
            }
        }
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return ([], [Diagnostic(.io, .error, "no such directory", at: .file(Origin(file: root, line: 0, column: 0)))])
        }
        list(root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root, depth: 0)
        return (files, problems)
    }

    static func names(in path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    enum Read {
        case bytes([UInt8])
        case refused(Diagnostic)
    }

    /// A regular file's bytes, or why it was not read.
    static func read(_ path: String) -> Read {
        func refuse(_ message: String) -> Read {
            .refused(Diagnostic(.io, .error, message, at: .file(Origin(file: path, line: 0, column: 0))))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return refuse("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return refuse("is not a regular file; not read") }
        guard Int(info.st_size) <= maximumBytes else { return refuse("is larger than \(maximumBytes >> 20) MiB; not read") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { b in Glibc.read(fd, b.baseAddress! + filled, b.count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return .bytes(Array(bytes.prefix(filled)))
    }
}
