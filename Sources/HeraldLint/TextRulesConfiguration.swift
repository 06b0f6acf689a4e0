import HeraldJSON
import HeraldDiagnostics

/// The configuration of the text rules a team declares for its own texts
/// (`.herald-validate.json`, Docs/validate-rules.md "Configured text rules"):
///
/// ```json
/// {
///   "terms": [
///     { "term": "Powerball", "keep": true },
///     { "term": "ticket", "translations": { "de": "Los", "fr": "billet" } }
///   ],
///   "lengthLimits": [ { "keys": "AppShortcuts:*", "max": 30, "unit": "graphemes" } ],
///   "sameAsSource": { "words": { "de": ["Name", "Status"] }, "keys": ["Localizable:brand.*"] }
/// }
/// ```
public struct TextRules: Sendable {
    /// A glossary entry.
    public struct Term: Sendable {
        /// The source-language term, matched as a whole word, ignoring case.
        public var term: String
        /// Do not translate: a translation of a text containing it must contain it as written.
        public var keep: Bool
        /// Language (or localization) → the required translation, matched as a whole word ignoring case.
        public var translations: [String: String]
    }
    /// How a length limit counts.
    public enum Unit: String, Sendable {
        /// Unicode scalars.
        case characters
        /// What a reader sees as one character (extended grapheme clusters).
        case graphemes
        /// UTF-8 bytes.
        case utf8
    }
    /// A maximum length for the texts of some keys.
    public struct LengthLimit: Sendable {
        /// `Table:key` glob (`*` matches any text).
        public var keys: Glob
        public var max: Int
        public var unit: Unit
    }

    /// The glossary (`terms`).
    public var terms: [Term] = []
    /// `lengthLimits`.
    public var lengthLimits: [LengthLimit] = []
    /// `sameAsSource.words`: language → texts that read the same as the source there.
    public var sameWords: [String: Set<String>] = [:]
    /// `sameAsSource.keys`: `Table:key` globs whose texts may equal the source.
    public var sameKeys: [Glob] = []
    /// `patterns` (PatternRules.swift).
    public var patterns: [PatternRule] = []

    public init() {}

    /// The configuration keys read here.
    static let keys: Set<String> = ["terms", "lengthLimits", "sameAsSource", "patterns"]

    /// Reads one of `keys` from a configuration file (`path` is only said in messages).
    mutating func read(_ key: String, _ value: JSONValue, path: String) throws(LintConfiguration.Problem) {
        func fail(_ what: String) -> LintConfiguration.Problem { LintConfiguration.Problem(message: "\(path): \(what)") }
        func strings(_ v: JSONValue?) -> [String]? {
            guard let a = v?.arrayValue else { return nil }
            let s = a.compactMap(\.stringValue)
            return s.count == a.count ? s : nil
        }
        switch key {
        case "terms":
            guard let list = value.arrayValue else { throw fail("\"terms\" is a list of {\"term\": …, \"keep\": true} or {\"term\": …, \"translations\": {language: text}}") }
            for item in list {
                guard let o = item.objectValue, let term = o["term"]?.stringValue, !term.isEmpty, term.count <= 200 else {
                    throw fail("each of \"terms\" has a \"term\" (text, at most 200 characters)")
                }
                var translations: [String: String] = [:]
                if let t = o["translations"] {
                    guard let obj = t.objectValue else { throw fail("\"translations\" of term \(Excerpt.quoted(term)) maps languages to texts") }
                    for (lang, v) in obj {
                        guard let s = v.stringValue, !s.isEmpty else { throw fail("\"translations\" of term \(Excerpt.quoted(term)) maps languages to texts") }
                        translations[lang.lowercased()] = s
                    }
                }
                let keep = o["keep"]?.boolValue ?? false
                guard keep || !translations.isEmpty else { throw fail("term \(Excerpt.quoted(term)) says neither \"keep\": true nor \"translations\"") }
                terms.append(Term(term: term, keep: keep, translations: translations))
            }
        case "lengthLimits":
            guard let list = value.arrayValue else { throw fail("\"lengthLimits\" is a list of {\"keys\": \"Table:key glob\", \"max\": n, \"unit\": \"characters|graphemes|utf8\"}") }
            for item in list {
                guard let o = item.objectValue, let keys = o["keys"]?.stringValue, let n = o["max"]?.intValue, n > 0, n <= 1_000_000 else {
                    throw fail("each of \"lengthLimits\" has \"keys\" (a Table:key glob) and \"max\" (1 to 1000000)")
                }
                let unitName = o["unit"]?.stringValue ?? "graphemes"
                guard let unit = Unit(rawValue: unitName) else { throw fail("\"unit\" is \"characters\", \"graphemes\" or \"utf8\", not \(Excerpt.quoted(unitName))") }
                lengthLimits.append(LengthLimit(keys: Glob(keys, separator: nil), max: Int(n), unit: unit))
            }
        case "sameAsSource":
            guard let o = value.objectValue else { throw fail("\"sameAsSource\" is {\"words\": {language: [texts]}, \"keys\": [Table:key globs]}") }
            for (k, v) in o {
                switch k {
                case "words":
                    guard let w = v.objectValue else { throw fail("\"sameAsSource.words\" maps languages to lists of texts") }
                    for (lang, list) in w {
                        guard let s = strings(list) else { throw fail("\"sameAsSource.words\" maps languages to lists of texts") }
                        sameWords[lang.lowercased(), default: []].formUnion(s)
                    }
                case "keys":
                    guard let s = strings(v) else { throw fail("\"sameAsSource.keys\" is a list of Table:key globs") }
                    sameKeys += s.map { Glob($0, separator: nil) }
                default:
                    throw fail("unknown setting \(Excerpt.quoted("sameAsSource." + k)) (known: words, keys)")
                }
            }
        case "patterns":
            patterns += try PatternRule.read(value, path: path)
        default:
            break
        }
    }
}
