import Foundation
import HeraldDiagnostics
public import HeraldJSON
import HeraldLint
import HeraldTables

import Glibc

/// How much one `POST /v1/validate` upload may hold once unpacked. The body's own size is
/// the server's limit; these bound what the body unpacks to (a tar's entries can announce
/// sizes and counts the body does not pay for up front).
public struct UploadLimits: Sendable, Equatable {
    /// Files and folders in the upload (a tar's folder entries count too).
    public var maxEntries: Int
    /// Bytes of all the files together.
    public var maxTotalBytes: Int
    /// Bytes of one file: the largest table file `herald validate` reads.
    public var maxFileBytes: Int
    /// Bytes of one entry's relative path.
    public var maxPathBytes: Int
    /// Folders above a file (`de.lproj/Localizable.strings` is 1 deep).
    public var maxDepth: Int

    /// Limits far above a real app's tables (a few hundred files, a few MiB).
    public init(
        maxEntries: Int = 10_000, maxTotalBytes: Int = 64 << 20, maxFileBytes: Int = InputLimits.tableFileBytes,
        maxPathBytes: Int = 1024, maxDepth: Int = 16
    ) {
        self.maxEntries = maxEntries
        self.maxTotalBytes = maxTotalBytes
        self.maxFileBytes = maxFileBytes
        self.maxPathBytes = maxPathBytes
        self.maxDepth = maxDepth
    }
}

/// Why an upload is refused: the HTTP status it is answered with, a stable code a client
/// can match on, and a message naming the entry at fault.
struct UploadProblem: Error, Equatable, CustomStringConvertible {
    enum Kind: Int {
        /// 400: not a well-formed tar or form, or an entry that may not be unpacked.
        case malformed = 400
        /// 413: over `UploadLimits`.
        case tooLarge = 413
        /// 415: neither a tar nor a form.
        case unsupportedMediaType = 415
        /// 500: the server could not unpack or check what it was given (a full disk).
        case serverFailure = 500
    }

    var kind: Kind
    /// `malformed-tar`, `unsafe-entry`, `not-a-table`, `too-many-entries`…
    var code: String
    var message: String

    var description: String { "\(code): \(message)" }

    static func malformed(_ code: String, _ message: String) -> UploadProblem {
        UploadProblem(kind: .malformed, code: code, message: message)
    }

    static func tooLarge(_ code: String, _ message: String) -> UploadProblem {
        UploadProblem(kind: .tooLarge, code: code, message: message)
    }

    /// The problem as the service's one error shape.
    var serviceError: ServiceError { ServiceError(status: kind.rawValue, code: code, message) }
}

/// One entry of an upload as its archive or form names it, before it is checked.
struct UploadEntry {
    enum Kind: Equatable {
        case file
        case directory
        /// Anything else a tar can hold (links, devices, FIFOs): never unpacked; the
        /// words say what it is (`a symbolic link to "/etc"`).
        case refused(String)
    }

    /// The name as written in the upload (bytes: a tar's names need not be UTF-8).
    var name: [UInt8]
    var kind: Kind
    /// The file's bytes, a slice of the request body (empty for the other kinds).
    var bytes: ArraySlice<UInt8>

    /// The name for a message: quoted, escaped, bounded (long enough for a real path).
    var shownName: String { Excerpt.quoted(String(decoding: name, as: UTF8.self), limit: 256) }
}

/// An upload's entries checked and unpacked into a fresh folder of their own: relative
/// paths only (no `/` in front, no `..`), regular files and folders only, names only of
/// the table files `herald validate` reads, within `UploadLimits`. Every entry is checked
/// before anything is written (a `.herald-validate.json` at the top is kept aside for the
/// linter, not written); files are created new (`O_EXCL`, `O_NOFOLLOW`) in folders
/// this code made, so nothing is written outside the folder.
struct TablesUpload {
    /// The folder's absolute, resolved path.
    let root: String
    /// The files unpacked, as the upload named them (normalized: no `./`).
    let files: [String]
    /// The bytes of the upload's `.herald-validate.json` (not unpacked).
    let configuration: [UInt8]?

    /// What `check` found: the relative paths of the folders and files in the upload's
    /// order, and the `.herald-validate.json` at the upload's top, if there is one.
    struct Checked {
        var directories: [String] = []
        var files: [(path: String, bytes: ArraySlice<UInt8>)] = []
        var configuration: ArraySlice<UInt8>? = nil
    }

    /// Checks `entries` against `limits` and the rules above.
    static func check(_ entries: [UploadEntry], limits: UploadLimits) throws(UploadProblem) -> Checked {
        if entries.count > limits.maxEntries {
            throw .tooLarge("too-many-entries", "the upload has \(entries.count) entries; at most \(limits.maxEntries) are taken")
        }
        var out = Checked()
        var total = 0
        var seenFiles = Set<String>()
        var seenDirectories = Set<String>()
        for entry in entries {
            if case .refused(let what) = entry.kind {
                throw .malformed("unsafe-entry", "entry \(entry.shownName) is \(what); only regular files and folders are unpacked")
            }
            let components = try relativeComponents(entry, limits: limits)
            guard !components.isEmpty else { continue }  // `./` itself
            let path = components.joined(separator: "/")
            // A file where a folder of the upload is, or the other way round.
            for i in 1..<components.count where seenFiles.contains(components[..<i].joined(separator: "/")) {
                throw .malformed("conflicting-entries", "entry \(entry.shownName) is inside \(Excerpt.quoted(components[..<i].joined(separator: "/"), limit: 256)), which the upload has as a file")
            }
            if entry.kind == .directory {
                if seenFiles.contains(path) {
                    throw .malformed("conflicting-entries", "entry \(entry.shownName) is a folder and also a file of the upload")
                }
                if seenDirectories.insert(path).inserted { out.directories.append(path) }
                continue
            }
            if seenFiles.contains(path) {
                throw .malformed("duplicate-entry", "entry \(entry.shownName) appears more than once in the upload")
            }
            if seenDirectories.contains(path) {
                throw .malformed("conflicting-entries", "entry \(entry.shownName) is a file and also a folder of the upload")
            }
            if components == [LintConfiguration.fileName] {
                guard entry.bytes.count <= limits.maxFileBytes else {
                    throw .tooLarge("file-too-large", "entry \(entry.shownName) has \(entry.bytes.count) bytes; at most \(InputLimits.describe(limits.maxFileBytes))")
                }
                seenFiles.insert(path)
                out.configuration = entry.bytes
                continue
            }
            guard isTableFile(components) else {
                throw .malformed(
                    "not-a-table",
                    "entry \(entry.shownName) is not a table file: the upload holds .lproj folders of .strings and .stringsdict files, and .xcstrings String Catalogs")
            }
            if entry.bytes.count > limits.maxFileBytes {
                throw .tooLarge("file-too-large", "entry \(entry.shownName) has \(entry.bytes.count) bytes; a table file may have \(InputLimits.describe(limits.maxFileBytes))")
            }
            total += entry.bytes.count
            if total > limits.maxTotalBytes {
                throw .tooLarge("upload-too-large", "the upload's files add up to more than \(InputLimits.describe(limits.maxTotalBytes)) (at entry \(entry.shownName))")
            }
            seenFiles.insert(path)
            for i in 1..<components.count {
                let folder = components[..<i].joined(separator: "/")
                if seenDirectories.insert(folder).inserted { out.directories.append(folder) }
            }
            out.files.append((path, entry.bytes))
        }
        if out.files.isEmpty {
            throw .malformed("no-tables", "the upload holds no table files (.lproj folders of .strings and .stringsdict files, or .xcstrings String Catalogs)")
        }
        return out
    }

    /// The entry's path as components: `./` and empty components dropped; absolute
    /// paths, `..`, names that are not UTF-8 or hold control characters refused.
    static func relativeComponents(_ entry: UploadEntry, limits: UploadLimits) throws(UploadProblem) -> [String] {
        if entry.name.count > limits.maxPathBytes {
            throw .malformed("path-too-long", "entry \(entry.shownName) has a path of \(entry.name.count) bytes; at most \(limits.maxPathBytes) are taken")
        }
        guard let name = String(validating: entry.name, as: UTF8.self) else {
            throw .malformed("unsafe-entry", "entry \(entry.shownName) has a name that is not UTF-8")
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .malformed("unsafe-entry", "entry \(entry.shownName) has a control character in its name")
        }
        if name.hasPrefix("/") {
            throw .malformed("unsafe-entry", "entry \(entry.shownName) has an absolute path; only paths relative to the upload are taken")
        }
        let components = name.split(separator: "/").map(String.init).filter { $0 != "." }
        if components.contains("..") {
            throw .malformed("unsafe-entry", "entry \(entry.shownName) has `..` in its path; only paths inside the upload are taken")
        }
        if components.count - 1 > limits.maxDepth {
            throw .malformed("path-too-deep", "entry \(entry.shownName) is \(components.count - 1) folders deep; at most \(limits.maxDepth) are taken")
        }
        return components
    }

    /// What `herald validate` reads in a folder: `.strings` and `.stringsdict` files in an
    /// `.lproj` folder, `.xcstrings` catalogs anywhere.
    static func isTableFile(_ components: [String]) -> Bool {
        TablePath(components.joined(separator: "/"))?.isInBundle == true
    }

    /// Checks `entries` and unpacks them into a new folder below `parent` (the system's
    /// temporary folder); the caller removes it (`remove()`), also when a later step fails.
    static func unpack(_ entries: [UploadEntry], limits: UploadLimits, below parent: String) throws(UploadProblem) -> TablesUpload {
        let checked = try check(entries, limits: limits)
        let root = try makeFolder(below: parent)
        let upload = TablesUpload(root: root, files: checked.files.map(\.path), configuration: checked.configuration.map(Array.init))
        do throws(UploadProblem) {
            for folder in checked.directories where mkdir(root + "/" + folder, 0o700) != 0 {
                throw UploadProblem(kind: .serverFailure, code: "unpack-failed", message: "cannot make folder \(Excerpt.quoted(folder, limit: 256)): \(String(cString: strerror(errno)))")
            }
            for file in checked.files { try write(file.bytes, to: root + "/" + file.path, shown: file.path) }
        } catch {
            upload.remove()
            throw error
        }
        return upload
    }

    /// A fresh folder only this process can read (`mkdtemp`, mode 0700), its path resolved.
    private static func makeFolder(below parent: String) throws(UploadProblem) -> String {
        var template = Array((parent + "/herald-validate-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw UploadProblem(kind: .serverFailure, code: "unpack-failed", message: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: made)
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to path: String, shown: String) throws(UploadProblem) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw UploadProblem(kind: .serverFailure, code: "unpack-failed", message: "cannot write \(Excerpt.quoted(shown, limit: 256)): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var failed: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += n
            }
        }
        if failed != 0 {
            throw UploadProblem(kind: .serverFailure, code: "unpack-failed", message: "cannot write \(Excerpt.quoted(shown, limit: 256)): \(String(cString: strerror(failed)))")
        }
    }

    /// Removes the folder and everything in it (nothing in it is a link: only folders and
    /// files this code made).
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
