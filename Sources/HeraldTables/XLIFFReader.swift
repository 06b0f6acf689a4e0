// Reading XLIFF 1.2 (Xcode's or a translation service's): `xliff` › `file` ›
// `body` (and `group`s) › `trans-unit` › `source`/`target`/`note`. Inline
// elements inside `source` and `target` (`g`, `ph`, `x`…) are read as their
// text. Attribute order and unit order do not matter. Elements with a namespace
// prefix are not XLIFF's and are left out.

import HeraldDiagnostics

extension Diagnostic.Rule {
    /// The XLIFF file is not well-formed XML or not XLIFF 1.2.
    public static let xliffSyntax = Self("xliff-syntax")
}

extension XLIFFDocument {
    /// Reads `bytes`; `path` names the file in diagnostics. A document that is not
    /// well-formed, or not XLIFF 1.2, throws a diagnostic with its line and column.
    public static func read(_ bytes: [UInt8], path: String) throws(XLIFFReadError) -> XLIFFDocument {
        let root: XMLNode
        do { root = try XMLReader.parse(bytes) } catch {
            throw XLIFFReadError(Diagnostic(.xliffSyntax, .error, error.message, at: .file(Origin(file: path, line: error.line, column: error.column))))
        }
        func origin(_ e: XMLNode) -> Origin { Origin(file: path, line: e.line, column: e.column) }
        func fail(_ e: XMLNode, _ message: String) -> XLIFFReadError {
            XLIFFReadError(Diagnostic(.xliffSyntax, .error, message, at: .file(origin(e))))
        }
        guard root.name == "xliff" else { throw fail(root, "the root element is <\(root.name)>, not <xliff>") }
        guard root[attribute: "version"] == "1.2" else {
            throw fail(root, "XLIFF version \(root[attribute: "version"].map { "'\($0)'" } ?? "(none)") is not 1.2, the version Xcode reads and writes")
        }
        var files: [XLIFFFile] = []
        for f in root.children where f.name == "file" {
            guard let original = f[attribute: "original"] else { throw fail(f, "<file> has no original attribute") }
            guard let sourceLanguage = f[attribute: "source-language"] else { throw fail(f, "<file> has no source-language attribute") }
            var units: [XLIFFUnit] = []
            // `body` holds units and groups of units; walk them with a stack (no recursion).
            var pending: [XMLNode] = f.children.filter { $0.name == "body" }.reversed()
            var ordered: [XMLNode] = []
            while let e = pending.popLast() {
                if e.name == "trans-unit" { ordered.append(e); continue }
                if e.name == "body" || e.name == "group" { pending += e.children.reversed() }
            }
            for u in ordered {
                guard let id = u[attribute: "id"] else { throw fail(u, "<trans-unit> has no id attribute") }
                let kids = u.children
                guard let source = kids.first(where: { $0.name == "source" }) else { throw fail(u, "<trans-unit> has no <source>") }
                let target = kids.first { $0.name == "target" }
                let notes = kids.filter { $0.name == "note" }.map(\.text)
                units.append(XLIFFUnit(
                    id: id, resname: u[attribute: "resname"], source: source.text, target: target?.text,
                    state: target?[attribute: "state"], note: notes.joined(separator: "\n"),
                    origin: origin(u), targetOrigin: target.map(origin)))
            }
            files.append(XLIFFFile(
                original: original, sourceLanguage: sourceLanguage, targetLanguage: f[attribute: "target-language"],
                units: units, origin: origin(f)))
        }
        return XLIFFDocument(files: files)
    }
}

/// An XLIFF file that cannot be read, as one diagnostic.
public struct XLIFFReadError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    init(_ d: Diagnostic) { diagnostic = d }
    public var description: String { diagnostic.description }
}
