// libFuzzer harness: the XLIFF 1.2 reader (`XLIFFDocument.read`), then the import
// `herald import --dry-run` makes (`XLIFFImport` with validate's placeholder check)
// into a small tables folder: a private copy, made once, of the repository's
// `Localizations/en.lproj` and `Messages.xcstrings`, the Xcode-export fixture's tables
// and the String Catalog fixtures (the files the seed XLIFFs name). Beyond "no crash":
// diagnostics have text and their origins are 1-based and inside the input; every
// planned write is inside the tables folder, named once, and (when the plan has no
// error, so that `herald import` would write it) reads back as its table format without
// an error; the same plan comes out twice; and a dry run leaves the folder as it was.
import Foundation
import HeraldTableInterchange
import HeraldTables

/// The repository, from this file's place (Tools/fuzz/harnesses/).
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The tables folder and its files' bytes, as made.
private let tables: (root: String, files: [String: Data]) = {
    let root = NSTemporaryDirectory() + "herald-fuzz-xliff-\(getpid())"
    // A run that found a crash stopped before its atexit: its folder is removed here.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [] where name.hasPrefix("herald-fuzz-xliff-") {
        if let pid = pid_t(name.dropFirst("herald-fuzz-xliff-".count)), kill(pid, 0) != 0, errno == ESRCH {
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + name)
        }
    }
    let copies = [
        "Localizations/en.lproj/Localizable.strings": "en.lproj/Localizable.strings",
        "Localizations/en.lproj/Localizable.stringsdict": "en.lproj/Localizable.stringsdict",
        "Localizations/Messages.xcstrings": "Messages.xcstrings",
        "Tests/HeraldTablesTests/Fixtures/xliff/xcode-sample/tables/en.lproj/Main.strings": "en.lproj/Main.strings",
        "Tests/HeraldTablesTests/Fixtures/xliff/xcode-sample/tables/en.lproj/Main.stringsdict": "en.lproj/Main.stringsdict",
        "Tests/HeraldTablesTests/Fixtures/xliff/xcode-sample/tables/Localizable.xcstrings": "Localizable.xcstrings",
        "Tests/HeraldTablesTests/Fixtures/xcstrings/Notifications.xcstrings": "Notifications.xcstrings",
        "Tests/HeraldTablesTests/Fixtures/xcstrings/Constructs.xcstrings": "Constructs.xcstrings",
    ]
    var files: [String: Data] = [:]
    for (from, to) in copies {
        guard let data = FileManager.default.contents(atPath: repository + "/" + from) else {
            fatalError("fuzz-xliff: cannot read \(repository)/\(from)")
        }
        let path = root + "/" + to
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        require(FileManager.default.createFile(atPath: path, contents: data), "cannot write \(path)")
        files[path] = data
    }
    atexit { try? FileManager.default.removeItem(atPath: tables.root) }
    return (root, files)
}()

/// The folder's files now (path → bytes).
private func folderNow() -> [String: Data] {
    var now: [String: Data] = [:]
    guard let walk = FileManager.default.enumerator(atPath: tables.root) else { return now }
    for case let rel as String in walk {
        let path = tables.root + "/" + rel
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            now[path] = FileManager.default.contents(atPath: path) ?? Data()
        }
    }
    return now
}

/// Checks `origin` points into `lines` (each line's length in Unicode scalars).
private func requireInside(_ origin: Origin?, _ lines: [Int], file: String, what: String) {
    guard let origin else { return }
    requireOrigin(origin, file: file)
    require(origin.line <= lines.count, "\(what) at line \(origin.line) of \(lines.count)")
    require(origin.column <= lines[origin.line - 1] + 1, "\(what) at column \(origin.column) of a line of \(lines[origin.line - 1])")
}

/// The import's plan, with its placeholder check, as `herald import` makes it.
private func plan(_ document: XLIFFDocument, path: String) throws(TableExport.InputProblem) -> XLIFFImport {
    try XLIFFImport(documents: [(path, document)], root: tables.root)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "fuzz/de.xliff"
    let bytes = fuzzBytes(data, size)
    // Line lengths in scalars (a byte order mark is not a column); a line ends at LF.
    var lines = [0]
    for (i, c) in bytes.enumerated() where c & 0xC0 != 0x80 && !(i < 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) {
        if c == 0x0A { lines.append(0) } else { lines[lines.count - 1] += 1 }
    }
    let document: XLIFFDocument
    do { document = try XLIFFDocument.read(bytes, path: path) } catch {
        require(!error.diagnostic.message.isEmpty, "empty diagnostic message")
        require(error.diagnostic.severity == .error, "a refused XLIFF is not an error")
        requireInside(error.diagnostic.origin, lines, file: path, what: "\(error.diagnostic.rule)")
        return 0
    }
    for file in document.files {
        requireInside(file.origin, lines, file: path, what: "<file>")
        for unit in file.units {
            requireInside(unit.origin, lines, file: path, what: "<trans-unit>")
            requireInside(unit.targetOrigin, lines, file: path, what: "<target>")
        }
    }
    let first: XLIFFImport
    do { first = try plan(document, path: path) } catch { fatalError("the tables folder is refused: \(error)") }
    for d in first.diagnostics {
        require(!d.message.isEmpty, "empty diagnostic message")
        requireInside(d.origin, lines, file: path, what: "\(d.rule)")
    }
    require(first.errors == first.diagnostics.count { $0.severity == .error }, "\(first.errors) errors counted")
    var written = Set<String>()
    for w in first.writes {
        require(w.path.hasPrefix(tables.root + "/") && !w.path.split(separator: "/").contains(".."),
            "a write outside the tables folder: \(w.path)")
        require(written.insert(w.path).inserted, "\(w.path) written twice")
        // A plan with an error writes nothing (herald import), so only a clean plan must read back.
        guard first.errors == 0 else { continue }
        let read: [Diagnostic]
        if w.path.hasSuffix(".xcstrings") {
            read = XCStringsReader.read(bytes: w.bytes, file: w.path).diagnostics
        } else if w.path.hasSuffix(".stringsdict") {
            read = StringsdictReader.read(bytes: w.bytes, file: w.path).diagnostics
        } else {
            require(w.path.hasSuffix(".strings"), "a write of \(w.path)")
            read = StringsReader.read(bytes: w.bytes, file: w.path).diagnostics
        }
        for d in read where d.severity == .error { require(false, "\(w.path) as planned does not read back: \(d)") }
    }
    // The plan does not depend on a dictionary's order (each Dictionary has its own seed).
    let again = try? plan(document, path: path)
    require(again.map { $0.writes.map(\.path) == first.writes.map(\.path) && $0.writes.map(\.bytes) == first.writes.map(\.bytes) } == true,
        "a second plan of the same XLIFF writes differently")
    require(again.map { $0.diagnostics.map(\.description) == first.diagnostics.map(\.description) } == true,
        "a second plan of the same XLIFF reports differently")
    require(folderNow() == tables.files, "the dry run changed the tables folder")
    return 0
}
