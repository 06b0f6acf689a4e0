import Foundation
import HeraldJSON
import HeraldTables
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pushKeyMissing = Self("push-key-missing")
    public static let pushArgumentCount = Self("push-argument-count")
}

/// `herald validate --pushes DIR`: the push payloads or templates below DIR (JSON files whose
/// `aps.alert` names `loc-key`, `title-loc-key`, `subtitle-loc-key` and their `-args`) against
/// the `Localizable` tables being validated. A key no localization has is shown raw on the lock
/// screen; a message that reads more arguments than the push gives shows no value for them.
public enum PushKeyChecks {
    /// Push files larger than this are not payloads (APNs takes 4 KB); they are reported, not read.
    static let maximumBytes = 1 << 20

    /// The alert keys and the argument arrays that go with them, as APNs names them.
    static let keys: [(key: String, args: String)] = [
        ("title-loc-key", "title-loc-args"), ("subtitle-loc-key", "subtitle-loc-args"), ("loc-key", "loc-args"),
    ]

    /// The findings for the JSON files below `pushes`, against the tables below `tables`.
    public static func findings(
        pushes: String, tables: [String], configuration: LintConfiguration = LintConfiguration()
    ) throws(Linter.UsageError) -> [Diagnostic] {
        let files: TableFiles
        do { files = try TableFiles.collect(tables, ignore: configuration.ignore) } catch { throw Linter.UsageError(message: error.message) }
        // Localization → the Localizable table (APNs looks alert keys up there).
        var localizable: [(localization: String, table: Table)] = []
        for g in files.groups {
            let bundle = BundleTables.load(g, development: configuration.sourceLocale) { _ in }
            for t in bundle.tables where t.name == "Localizable" { localizable.append((t.localization, t)) }
        }
        var run = LintRun(configuration: configuration)
        for path in try jsonFiles(below: pushes) { check(path, localizable, &run) }
        return run.takeSortedDiagnostics()
    }

    /// The regular `.json` files below `root` (links are not followed), in name order.
    static func jsonFiles(below root: String) throws(Linter.UsageError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw Linter.UsageError(message: "--pushes \(root): no such file or directory")
        }
        guard isDirectory.boolValue else { return [root] }
        var out: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if type == .typeRegular { out.append(path) }
        }
        return out.sorted()
    }

    static func check(_ path: String, _ localizable: [(localization: String, table: Table)], _ run: inout LintRun) {
        let place = { (p: SourcePosition, key: String) in LintRun.Place(origin: Origin(file: path, line: p.line, column: p.column), locale: "", table: "Localizable", key: key) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        guard size <= maximumBytes, let data = FileManager.default.contents(atPath: path) else {
            run.emit(.io, place(.start, ""), size > maximumBytes ? "\(size) bytes is no push payload (APNs takes 4096); not read" : "cannot be read")
            return
        }
        let parsed: JSONParser.Result
        do { parsed = try JSONParser.parseDetailed([UInt8](data), options: .init(recordPositions: true)) } catch {
            run.emit(.syntax, place(error.position, ""), "not valid JSON: \(error.message)")
            return
        }
        guard let alert = parsed.value["aps"]?["alert"]?.objectValue else { return }
        for (keyName, argsName) in keys {
            guard let value = alert[keyName] else { continue }
            let at = parsed.positions["/aps/alert/\(keyName)"] ?? .start
            guard let key = value.stringValue else {
                run.emit(.pushKeyMissing, place(at, ""), "\(keyName) is \(value.typeName), not a key: the device shows no \(keyName.hasPrefix("loc") ? "body" : "title") from it")
                continue
            }
            let given = alert[argsName]?.arrayValue?.count ?? 0
            let having = localizable.filter { $0.table[key] != nil }
            if having.isEmpty {
                run.emit(.pushKeyMissing, place(at, key),
                         "\(keyName) \(Excerpt.quoted(key)) is in no Localizable table (\(localizable.isEmpty ? "none was found" : localizable.map(\.localization).sorted().joined(separator: ", "))): the device shows the raw key")
                continue
            }
            for (localization, table) in having.sorted(by: { $0.localization < $1.localization }) {
                guard let entry = table[key] else { continue }
                let reads = MessageArguments.analyze(entry.message, substitutions: entry.format == .xcstrings).argumentCount
                if reads > given {
                    run.emit(.pushArgumentCount, LintRun.Place(origin: Origin(file: path, line: at.line, column: at.column), locale: localization, table: "Localizable", key: key),
                             "\(Excerpt.quoted(key)) in \(localization) reads \(reads) argument\(reads == 1 ? "" : "s") but the push's \(argsName) gives \(given): the device has no value for argument \(given + 1) and shows garbage or \"(null)\" there")
                }
            }
        }
    }
}
