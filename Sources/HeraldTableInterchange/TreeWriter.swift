import HeraldDiagnostics
import HeraldJSON

import Glibc
import HeraldTableFormats
import HeraldTables

/// Writes files below a folder the user named as one change (`herald import`), by the rule
/// reads follow (`TableTree`): nothing is written outside the folder, and nothing through a
/// link.
///
/// - A folder on the way may be a link only when its target (all links resolved) lies inside
///   the folder's real path; a missing folder is made (and removed again if the change fails).
/// - The file itself is never written through: a link where a file goes, or anything but a
///   regular file, is refused (a link to another language's table would otherwise overwrite
///   that table).
/// - All or nothing: every file is first written in full to a temporary name in its own folder
///   and flushed to disk (`fsync`); only when every one of them is written are they renamed
///   over their targets, each rename atomic, and the folders flushed. A failure while writing
///   (a full disk, a folder that cannot be made) removes the temporary files and the folders
///   made, and leaves every table as it was. The one window left: a rename failing after
///   others were done (an I/O error of the disk, the machine losing power between renames);
///   the error then names the files already replaced.
public enum TreeWriter {
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Writes each file of `files` (path relative to `root`, bytes) below `root`.
    public static func apply(_ files: [(relativePath: String, bytes: [UInt8])], under root: String) throws(Problem) {
        var change = Change()
        defer { change.closeFolders() }
        guard let rootReal = FileBytes.realPath(root) else { throw change.problem(root, "cannot write", errno: ENOENT) }
        change.rootReal = rootReal
        do {
            for (index, file) in files.enumerated() {
                let (folder, name) = try change.folder(of: file.relativePath)
                try change.stage(file.bytes, as: name, in: folder, index: index, shown: root + "/" + file.relativePath)
            }
        } catch {
            change.rollBack()
            throw error
        }
        try change.commit(root: root)
    }

    /// One change under way: the folders opened (by relative path), the files staged.
    struct Change {
        var rootReal = ""
        var folders: [String: Int32] = [:]
        var made: [String] = []
        var staged: [(folder: Int32, temporary: String, name: String, shown: String)] = []

        func problem(_ path: String, _ what: String, errno code: Int32) -> Problem {
            Problem(description: "\(OutsideText.escaped(path)): \(what): \(InputFileError.reason(code))")
        }

        func isInside(_ real: String) -> Bool {
            real == rootReal || real.hasPrefix(rootReal == "/" ? "/" : rootReal + "/")
        }

        /// The open folder a relative path's file goes in, made when missing, and the file's name.
        mutating func folder(of relativePath: String) throws(Problem) -> (Int32, String) {
            let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            let shown = rootReal + "/" + relativePath
            guard let name = parts.last, !parts.contains(".."), !parts.contains("."), !relativePath.hasPrefix("/") else {
                throw Problem(description: "\(OutsideText.escaped(relativePath)): not a path inside the tables folder; nothing written")
            }
            var path = ""
            var fd = try open(folder: "")
            for part in parts.dropLast() {
                path += (path.isEmpty ? "" : "/") + part
                if let known = folders[path] {
                    fd = known
                    continue
                }
                var info = stat()
                if fstatat(fd, part, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                    guard errno == ENOENT else { throw problem(rootReal + "/" + path, "cannot write", errno: errno) }
                    guard mkdirat(fd, part, 0o777) == 0 else { throw problem(rootReal + "/" + path, "cannot create the folder", errno: errno) }
                    made.append(path)
                } else if info.st_mode & S_IFMT == S_IFLNK {
                    // A linked folder is written into only when it lies inside the root.
                    guard let real = FileBytes.realPath(rootReal + "/" + path), isInside(real) else {
                        throw Problem(
                            description: "\(OutsideText.escaped(rootReal + "/" + path)): is a symbolic link to a folder outside the tables folder; nothing written")
                    }
                } else if info.st_mode & S_IFMT != S_IFDIR {
                    throw problem(rootReal + "/" + path, "cannot write", errno: ENOTDIR)
                }
                fd = try open(folder: path)
            }
            var info = stat()
            if fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK {
                    throw Problem(description: "\(OutsideText.escaped(shown)): is a symbolic link; not written through (nothing written)")
                }
                guard info.st_mode & S_IFMT == S_IFREG else { throw problem(shown, "cannot write", errno: EISDIR) }
            }
            return (fd, name)
        }

        /// Opens the folder at `path` (relative; "" the root), its real path checked to be inside.
        mutating func open(folder path: String) throws(Problem) -> Int32 {
            if let fd = folders[path] { return fd }
            let full = path.isEmpty ? rootReal : rootReal + "/" + path
            guard let real = FileBytes.realPath(full), isInside(real) else {
                throw Problem(description: "\(OutsideText.escaped(full)): is outside the tables folder; nothing written")
            }
            let fd = Glibc.open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw problem(full, "cannot write", errno: errno) }
            folders[path] = fd
            return fd
        }

        /// Writes `bytes` in full to a new temporary file beside `name`, flushed to disk; an
        /// existing file's permissions are kept.
        mutating func stage(_ bytes: [UInt8], as name: String, in folder: Int32, index: Int, shown: String) throws(Problem) {
            let temporary = ".\(name).herald-import-\(getpid())-\(index)"
            var existing = stat()
            let keepMode = fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0
            let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw problem(shown, "cannot write", errno: errno) }
            staged.append((folder, temporary, name, shown))
            var failed = bytes.withUnsafeBufferPointer { BufferedOutput.writeAll(fd: fd, $0) }
            if failed == 0, keepMode, fchmod(fd, existing.st_mode & 0o7777) != 0 { failed = errno }
            if failed == 0, fsync(fd) != 0 { failed = errno }
            if close(fd) != 0, failed == 0 { failed = errno }
            if failed != 0 { throw problem(shown, "cannot write", errno: failed) }
        }

        /// Removes every staged file and every folder made.
        func rollBack() {
            for file in staged { unlinkat(file.folder, file.temporary, 0) }
            for path in made.reversed() { rmdir(rootReal + "/" + path) }
        }

        /// Renames every staged file over its target, then flushes the folders.
        func commit(root: String) throws(Problem) {
            var done: [String] = []
            for (index, file) in staged.enumerated() {
                if renameat(file.folder, file.temporary, file.folder, file.name) != 0 {
                    let code = errno
                    for rest in staged[index...] { unlinkat(rest.folder, rest.temporary, 0) }
                    var message = problem(file.shown, "cannot replace", errno: code).description
                    message += done.isEmpty ? "; nothing written" : "; already replaced: " + done.map { OutsideText.escaped($0) }.joined(separator: ", ")
                    throw Problem(description: message)
                }
                done.append(file.shown)
            }
            for fd in folders.values { fsync(fd) }
        }

        func closeFolders() {
            for fd in folders.values { close(fd) }
        }
    }
}
