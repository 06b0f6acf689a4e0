import HeraldJSON
import HeraldDiagnostics

/// A pattern a team declares in `.herald-validate.json`'s `patterns` (Docs/validate-rules.md
/// "Configured text rules"), reported by the `pattern` rule:
///
/// ```json
/// { "id": "no-exclamation", "pattern": "!{2,}", "in": "translation",
///   "locales": ["de"], "keys": "Localizable:promo.*",
///   "message": "Write one exclamation mark at most.", "severity": "warning" }
/// ```
public struct PatternRule: Sendable {
    /// Which texts a pattern looks at.
    public enum Scope: String, Sendable {
        case source, translation, both
    }
    /// The pattern's own name, said in each finding.
    public var id: String
    /// The expression (linear-time: LinearPattern.swift).
    public var pattern: LinearPattern
    public var scope: Scope
    /// Localizations or languages (lowercased) it looks at; nil: all.
    public var locales: Set<String>?
    /// `Table:key` glob of the keys it looks at; nil: all.
    public var keys: Glob?
    /// What the finding says.
    public var message: String
    public var severity: Diagnostic.Severity

    static let fields: Set<String> = ["id", "pattern", "in", "locales", "keys", "message", "severity"]
    static let maxCount = 500

    /// Reads the value of `patterns` (`path` is only said in messages).
    static func read(_ value: JSONValue, path: String) throws(LintConfiguration.Problem) -> [PatternRule] {
        func fail(_ what: String) -> LintConfiguration.Problem { LintConfiguration.Problem(message: "\(path): \(what)") }
        func plain(_ s: String) -> Bool { !s.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format } }
        guard let list = value.arrayValue else {
            throw fail("\"patterns\" is a list of {\"id\": …, \"pattern\": …, \"message\": …}")
        }
        guard list.count <= maxCount else { throw fail("\"patterns\" has \(list.count) patterns, over the limit of \(maxCount)") }
        var out: [PatternRule] = []
        for item in list {
            guard let o = item.objectValue else { throw fail("each of \"patterns\" is {\"id\": …, \"pattern\": …, \"message\": …}") }
            guard let id = o["id"]?.stringValue, !id.isEmpty, id.count <= 100, plain(id) else {
                throw fail("each of \"patterns\" has an \"id\" (text, at most 100 characters)")
            }
            let name = "pattern \(Excerpt.quoted(id))"
            if let unknown = o.keys.filter({ !fields.contains($0) }).sorted().first {
                throw fail("\(name): unknown setting \(Excerpt.quoted(unknown)) (known: id, pattern, in, locales, keys, message, severity)")
            }
            guard !out.contains(where: { $0.id == id }) else { throw fail("\(name) is declared twice") }
            guard let source = o["pattern"]?.stringValue else { throw fail("\(name) has no \"pattern\" (text)") }
            let pattern: LinearPattern
            do { pattern = try LinearPattern(source) } catch {
                throw fail("\(name): \(Excerpt.quoted(source)) is refused: \(error.message)")
            }
            guard let message = o["message"]?.stringValue, !message.isEmpty, message.count <= 500, plain(message) else {
                throw fail("\(name) has no \"message\" (text, at most 500 characters, no control characters)")
            }
            let scopeName = o["in"]?.stringValue ?? "translation"
            guard let scope = Scope(rawValue: scopeName) else {
                throw fail("\(name): \"in\" is \"source\", \"translation\" or \"both\", not \(Excerpt.quoted(scopeName))")
            }
            let severityName = o["severity"]?.stringValue ?? "warning"
            guard let severity = Diagnostic.Severity(rawValue: severityName) else {
                throw fail("\(name): \"severity\" is \"error\", \"warning\" or \"note\", not \(Excerpt.quoted(severityName))")
            }
            var locales: Set<String>? = nil
            if let l = o["locales"] {
                guard let a = l.arrayValue, !a.isEmpty, case let s = a.compactMap(\.stringValue), s.count == a.count else {
                    throw fail("\(name): \"locales\" is a list of localizations or languages (\"de\", \"pt-BR\")")
                }
                locales = Set(s.map { $0.lowercased() })
            }
            var keys: Glob? = nil
            if let k = o["keys"] {
                guard let s = k.stringValue, !s.isEmpty else { throw fail("\(name): \"keys\" is a Table:key glob") }
                keys = Glob(s, separator: nil)
            }
            out.append(PatternRule(id: id, pattern: pattern, scope: scope, locales: locales, keys: keys, message: message, severity: severity))
        }
        return out
    }
}
