import ArgumentParser
import Foundation
import HeraldJSON
import HeraldTables
import HeraldDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `herald export [DIR|FILE]... [--format json|xcstrings|strings] [--output DIR]`
/// (Docs/cli.md): the tables as data, as String Catalogs, or as
/// `.lproj` folders.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write translation tables as JSON, as String Catalogs, or as .lproj folders.",
        discussion: """
            Reads .strings, .stringsdict and .xcstrings files (a folder is scanned for \
            <lang>.lproj folders and .xcstrings files). Problems are printed to standard \
            error as file:line:column; a file a device would drop makes the export fail.
            --format json (default) prints {"<locale>": {"<table>": {"<key>": value}}}.
            --format xcstrings prints one String Catalog (or writes <Table>.xcstrings \
            files into --output DIR when there are several tables).
            --format strings writes <locale>.lproj/<Table>.strings and .stringsdict \
            files into --output DIR; App Shortcuts phrase sets (stringSet), which those \
            files cannot hold, are left out with a warning.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, xcstrings, strings
    }

    @Argument(help: "Folders or table files (default: Localizations).")
    var paths: [String] = []

    @Option(help: "json, xcstrings or strings.")
    var format: Format = .json

    @Option(help: "Output folder (required for --format strings; for xcstrings with several tables).")
    var output: String?

    @Option(help: "Source language of a written String Catalog (default: the catalogs' own, else en).")
    var sourceLanguage: String?

    func run() throws {
        do {
            try export()
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    /// The export; a usage problem (a path that is not there, a missing --output) is a
    /// `CLIFailure` with exit status 2, said the way `herald validate` says it.
    func export() throws {
        // Read before anything is written: a String Catalog must not carry a tag Herald's
        // own reader refuses; it gets the canonical BCP 47 form (`pt_br` → `pt-BR`).
        let sourceTag = try sourceLanguage.map { try LocaleFlag.read($0, flag: "--source-language").bcp47 }
        let inputs = paths.isEmpty ? ["Localizations"] : paths
        var tables: [Table] = []
        var failed = false
        var development: String? = nil
        let fm = FileManager.default
        var files: [String] = []
        for path in inputs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw CLIFailure(code: 2, message: "\(path): no such file or directory")
            }
            if !isDir.boolValue, !TableFormat.isTableFileName(path) {
                throw CLIFailure(code: 2, message: "\(path): not a .strings, .stringsdict or .xcstrings file")
            }
            if isDir.boolValue {
                let catalog: Catalog
                do { catalog = try Catalog(root: path) } catch { throw CLIFailure(code: 2, message: error.description) }
                failed = report(catalog, prefix: path) || failed
                tables += catalog.loadAll().tables
                if development == nil { development = catalog.developmentLocalization }
            } else {
                files.append(path)
            }
        }
        if !files.isEmpty {
            let catalog = Catalog(files: files, keepDroppedEntries: false)
            failed = report(catalog, prefix: nil) || failed
            tables += catalog.loadAll().tables
            if development == nil { development = catalog.developmentLocalization }
        }
        if failed { throw ExitCode(1) }

        switch format {
        case .json:
            print(JSONWriter.write(TableExport.json(tables), pretty: true))
        case .xcstrings:
            let names = Set(tables.map(\.name)).sorted()
            let source = sourceTag ?? development ?? "en"
            if names.count > 1 || output != nil {
                guard let output else {
                    throw CLIFailure(
                        code: 2,
                        message: "--format xcstrings: \(names.count) tables (\(names.joined(separator: ", "))); give --output DIR to write one .xcstrings file each")
                }
                try OutputFiles.createFolder(output)
                for name in names {
                    let (catalog, warnings) = TableExport.xcstrings(tables, table: name, sourceLanguage: source)
                    for w in warnings { printError(w.description) }
                    try write(xcstringsText(catalog), to: output + "/" + name + ".xcstrings")
                }
            } else if let name = names.first {
                let (catalog, warnings) = TableExport.xcstrings(tables, table: name, sourceLanguage: source)
                for w in warnings { printError(w.description) }
                print(xcstringsText(catalog), terminator: "")
            }
        case .strings:
            guard let output else {
                throw CLIFailure(code: 2, message: "--format strings: writes .lproj folders; give --output DIR")
            }
            var warnings: [TableExport.Warning] = []
            let files = TableExport.stringsFiles(tables, warnings: &warnings)
            for w in warnings { printError(w.description) }
            for (rel, bytes) in files.sorted(by: { $0.key < $1.key }) {
                let path = output + "/" + rel
                try OutputFiles.createFolder((path as NSString).deletingLastPathComponent)
                try OutputFiles.write(bytes, to: path)
            }
        }
    }

    /// Xcode's layout: two-space indent and ` : ` between key and value.
    func xcstringsText(_ v: JSONValue) -> String {
        XcodeJSON.write(v) + "\n"
    }

    func write(_ text: String, to path: String) throws {
        try OutputFiles.write(Array(text.utf8), to: path)
    }

    /// Prints a catalog's diagnostics; true when one of them is an error.
    func report(_ catalog: Catalog, prefix: String?) -> Bool {
        var failed = false
        var diags = catalog.scanDiagnostics
        diags += catalog.loadAll().diagnostics.filter { !catalog.scanDiagnostics.contains($0) }
        for d in diags {
            var o = d.origin ?? Origin(file: "", line: 0, column: 0)
            if let prefix, !o.file.hasPrefix("/") { o.file = prefix + "/" + o.file }
            let pos = o.line > 0 ? "\(o.file):\(o.line):\(o.column)" : o.file
            printError("\(pos): \(d.severity.rawValue): \(d.message) [\(d.rule)]")
            if d.severity == .error { failed = true }
        }
        return failed
    }

    func printError(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
}

/// JSON laid out the way Xcode writes String Catalogs.
enum XcodeJSON {
    static func write(_ v: JSONValue, indent: Int = 0) -> String {
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
/// (`herald: error: <path>: cannot write: not a directory`, exit 1) instead of Foundation's
/// `NSCocoaErrorDomain` text: the system's reason for the path that failed.
enum OutputFiles {
    /// The reason for `code` as every command words it (lower case).
    static func reason(_ code: Int32) -> String {
        var reason = String(cString: strerror(code))
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        return reason
    }

    static func failure(_ path: String, _ what: String, errno code: Int32) -> CLIFailure {
        CLIFailure(code: 1, message: "\(OutsideText.escaped(path)): \(what): \(reason(code))")
    }

    /// `mkdir -p`: each missing folder of `path` is made; one that exists must be a folder.
    static func createFolder(_ path: String) throws(CLIFailure) {
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

    /// Writes `bytes` to `path` (created 0666 less the umask, or truncated).
    static func write(_ bytes: [UInt8], to path: String) throws(CLIFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, "cannot write", errno: errno) }
        var failed = bytes.withUnsafeBufferPointer { writeAll(fd: fd, $0) }
        if close(fd) != 0, failed == 0 { failed = errno }
        if failed != 0 { throw failure(path, "cannot write", errno: failed) }
    }
}

