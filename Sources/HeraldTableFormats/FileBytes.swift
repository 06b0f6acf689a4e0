import HeraldJSON

package import Glibc

/// Whole-file reads with POSIX calls: the bytes land in one array (no `Data`
/// copy), which is all the table readers need.
package enum FileBytes {
    /// Why a table file was not read: the text of its "io" diagnostic.
    package struct Refusal: Error, Equatable {
        package var message: String
    }

    /// The file's bytes. A path is opened without blocking and without following a link
    /// in its last component (the walk hands over links already resolved), then checked
    /// with `fstat`: a named pipe, a device, a socket or a directory is refused before a
    /// byte is read, and so is a file larger than `InputLimits.tableFileBytes`.
    package static func contents(of path: String) -> Result<[UInt8], Refusal> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { return .failure(Refusal(message: "is a symbolic link; not read")) }
            // A socket cannot be opened at all (ENXIO): say what it is rather than why open failed.
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                return .failure(Refusal(message: "is \(describe(info.st_mode & S_IFMT)), not a regular file; not read"))
            }
            return .failure(Refusal(message: "cannot open (\(String(cString: strerror(code))))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Refusal(message: "cannot read (\(String(cString: strerror(errno))))")) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            return .failure(Refusal(message: "is \(describe(type)), not a regular file; not read"))
        }
        let size = Int(max(0, info.st_size))
        guard size <= InputLimits.tableFileBytes else {
            return .failure(Refusal(message: "is \(size) bytes, more than the \(InputLimits.describe(InputLimits.tableFileBytes)) a table file may hold; not read"))
        }
        var out: [UInt8] = []
        out.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return read(fd, base, raw.count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Refusal(message: "cannot read (\(String(cString: strerror(errno))))"))
            }
            if n == 0 { return .success(out) }
            // A file that grows while it is read is cut off at the limit, not followed.
            guard out.count + n <= InputLimits.tableFileBytes else {
                return .failure(Refusal(message: "grew past the \(InputLimits.describe(InputLimits.tableFileBytes)) a table file may hold while it was read; not read"))
            }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// "a named pipe", "a directory"… for a `st_mode & S_IFMT` value.
    package static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a named pipe"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// The entries of a directory (without "." and ".."), unsorted; nil when it cannot be listed.
    package static func names(in path: String) -> [String]? {
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

    /// The canonical absolute path (links resolved), nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension FileBytes {
    /// True when `path` (links followed) is a directory.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
