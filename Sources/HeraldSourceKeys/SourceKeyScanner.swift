public import HeraldLint
import HeraldDiagnostics
import SwiftParser
import SwiftSyntax

/// Reads an app's Swift code for its table lookups (`herald validate --sources DIR`):
/// `NSLocalizedString`, `String(localized:)`, `LocalizedStringResource`, `LocalizedStringKey`,
/// SwiftUI's `Text("…")` and the other views and modifiers that take a `LocalizedStringKey`,
/// Bundle's `localizedString(forKey:value:table:)` and
/// `NSString.localizedUserNotificationString(forKey:arguments:)`, with their tables, default
/// values and the arguments a format call passes. Parsed with swift-syntax, no type checker:
/// what is not written out (a computed key, an argument's type) is counted or left unknown,
/// never guessed.
public enum SourceKeyScanner {
    /// Every `.swift` file below `directory` (links not followed, hidden folders skipped).
    /// Paths in origins start with `directory` as given.
    public static func scan(directory: String) -> CodeLookups {
        let (files, problems) = SourceFiles.list(root: directory)
        var scans: [FileScan] = []
        var out = CodeLookups()
        out.problems = problems
        for path in files {
            switch SourceFiles.read(path) {
            case .bytes(let bytes): scans.append(scanFile(bytes, file: path, relative: String(path.dropFirst(directory.count))))
            case .refused(let problem): out.problems.append(problem)
            }
        }
        return resolve(scans, into: out)
    }

    /// Files' code, each named in origins by its `file`, read as one app (a format call in
    /// one may name a property another declares).
    public static func scan(sources: [(file: String, text: String)]) -> CodeLookups {
        resolve(sources.map { scanFile(Array($0.text.utf8), file: $0.file) }, into: CodeLookups())
    }

    struct FileScan {
        var found: CodeLookups
        var properties: [String: [Int]]
        var namedFormats: [(name: String, arguments: [CodeArgument], origin: Origin)]
        var swiftGenLookups: [CodeLookup] = []
        var declaresSwiftGenTr = false
    }

    /// A test's file (`Tests/`, `AppUITests/`, `ViewTests.swift`, `View.test.swift`): no device runs it.
    static func isTest(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.dropLast().contains(where: { $0 == "Tests" || $0.hasSuffix("Tests") }) { return true }
        guard let name = parts.last else { return false }
        return name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift") || name.hasSuffix(".test.swift")
    }

    /// `relative`: the path below the folder named (what says whether it is a test).
    static func scanFile(_ bytes: [UInt8], file: String, relative: String? = nil) -> FileScan {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let visitor = LookupVisitor(file: file, tree: tree, bytes: bytes, shipped: !isTest(relative ?? file))
        visitor.walk(tree)
        visitor.found.filesRead = 1
        return FileScan(
            found: visitor.found, properties: visitor.properties, namedFormats: visitor.namedFormats,
            swiftGenLookups: visitor.swiftGenLookups, declaresSwiftGenTr: visitor.declaresSwiftGenTr)
    }

    /// The files' findings in one, with format calls that name a property (`String(format:
    /// UserText.count, n)`) given to the property's lookup when every property of that name
    /// holds the same key.
    static func resolve(_ scans: [FileScan], into start: CodeLookups) -> CodeLookups {
        var out = start
        var properties: [String: [Int]] = [:]
        for s in scans {
            for (name, indexes) in s.properties { properties[name, default: []] += indexes.map { $0 + out.lookups.count } }
            out.merge(s.found)
        }
        for s in scans {
            for f in s.namedFormats {
                guard let indexes = properties[f.name], let first = indexes.first else { continue }
                let key = out.lookups[first]
                guard indexes.allSatisfy({ out.lookups[$0].segments == key.segments && out.lookups[$0].holes == key.holes && out.lookups[$0].table == key.table })
                else { continue }
                out.lookups[first].calls.append(CodeFormatCall(arguments: f.arguments, origin: f.origin))
            }
        }
        // SwiftGen's `tr("Table", "key")` calls are lookups where the code declares its `tr`.
        if scans.contains(where: \.declaresSwiftGenTr) { for s in scans { out.lookups += s.swiftGenLookups } }
        return out
    }
}
