#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads with POSIX calls: the bytes land in one array (no `Data`
/// copy), which is all the table readers need.
enum FileBytes {
    /// The file's bytes, or nil when it cannot be opened or read (or is not a regular file).
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(Int(max(0, info.st_size)) + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return read(fd, base, raw.count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// What a path is, following symbolic links (as FileManager's `fileExists` does).
    enum Kind {
        case directory
        case other
    }

    /// The kind of `path`, or nil when it does not exist (or is a dangling link).
    static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    /// The entries of a directory (without "." and ".."), unsorted; nil when it cannot be listed.
    static func names(in path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }
}
