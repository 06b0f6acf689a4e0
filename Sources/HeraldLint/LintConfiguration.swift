import HeraldJSON
public import HeraldDiagnostics
public import HeraldFit

/// What a team sets for `herald validate`, usually in `.herald-validate.json`
/// at the root of the validated folder (or named with `--config`):
///
/// ```json
/// {
///   "sourceLocale": "en",
///   "locales": ["en", "de", "ar"],
///   "rules": { "untranslated": "off", "missing-key": "error", "plural-same-text": "warning" },
///   "ignore": ["Pods/**", "**/Legacy/*.strings"],
///   "notifications": ["Notifications:*", "Localizable:push.*"],
///   "pushArgumentBytes": 64,
///   "pushOverheadBytes": 256,
///   "fit": { "surfaces": [ … ] },
///   "strict": false
/// }
/// ```
///
/// - `sourceLocale`: the locale translations are compared with (a `--source-locale` flag wins).
/// - `locales`: localizations every table must have; one missing is a `missing-locale` finding.
/// - `rules`: rule id → `error`, `warning` or `off` (ids: `herald validate --list-rules`).
/// - `ignore`: globs of paths to skip, relative to the validated folder
///   (`*` within one path component, `**` across components, `?` one character).
/// - `notifications`: `Table:key` globs naming the messages used in notifications,
///   which the push budget rules check (`*` matches any text here). Default: every key of
///   the tables whose names contain "notification", "push" or "APNs" (a key's name is no
///   evidence: `notifications_configurator.footer` is a settings screen); `["*:*"]` checks
///   every message.
/// - `pushArgumentBytes`: bytes each `%@` argument may take in the worst case (default 64).
/// - `pushOverheadBytes`: bytes of the payload besides the body: title, sound, custom keys (default 256).
/// - `fit`: the fit rule's fonts, surfaces and argument samples (`FitSettings`, Docs/fit.md).
/// - `strict`: like `--strict`, warnings fail the run.
///
/// Unknown keys and unknown rule ids are errors, so a typo never silently turns a rule off.
public struct LintConfiguration: Sendable {
    /// The locale translations are compared with (nil: the catalogs' source language, else `en`).
    public var sourceLocale: String?
    /// Localizations every table must have (`missing-locale`); empty: no such check.
    public var locales: [String] = []
    /// Rule → setting, overriding the rule's default severity (`.off` turns a rule off).
    public var rules: [Diagnostic.Rule: RuleSetting] = [:]
    /// Paths left out of the run (globs, relative to the folder validated).
    public var ignore: [Glob] = []
    /// The `table:key` globs of notification texts, which get the push budget checks.
    public var notifications: [Glob] = LintConfiguration.defaultNotifications

    /// Messages the push budget checks when no configuration names them: the tables whose
    /// names say notification, push or APNs. Keys named so are not enough (measured on real
    /// apps, Tools/lint-precision: settings footers, permission screens and alerts whose keys
    /// say "notification" are no notification text).
    public static let defaultNotifications: [Glob] = [
        "*otification*:*", "*Push*:*", "*push*:*", "*APNs*:*",
    ].map { Glob($0, separator: nil) }
    /// Bytes assumed for each argument of a notification text when checking the push budget.
    public var pushArgumentBytes = 64
    /// Bytes of a push that are not the alert text (the `aps` keys and the app's own data).
    public var pushOverheadBytes = 256
    /// Warnings fail the run too.
    public var strict = false
    /// The glossary, length limits and same-as-source exclusions (TextRulesConfiguration.swift).
    public var textRules = TextRules()
    /// The fit rule's fonts and surfaces (`"fit"`, Docs/fit.md).
    public var fit = FitSettings()

    /// The defaults: every rule at its default severity, nothing ignored.
    public init() {}

    /// The file name looked for in a validated folder.
    public static let fileName = ".herald-validate.json"

    /// The severity `rule` has under this configuration; nil when it is off.
    public func severity(of rule: Diagnostic.Rule) -> Diagnostic.Severity? {
        switch rules[rule] {
        case .off: return nil
        case .report(let severity): return severity
        case nil:
            let known = LintRule.byID[rule]
            return known?.enabledByDefault == false ? nil : known?.defaultSeverity ?? .error
        }
    }

    /// True when the push budget applies to `key` of `table`: every glob against "table:key".
    /// A run asks `NotificationKeys`, made once per table, which gives the same answers.
    public func isNotification(table: String, key: String) -> Bool {
        let name = table + ":" + key
        return notifications.contains { $0.matches(name) }
    }

    /// A configuration problem: the file and what is wrong.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong, with the file and the key or value at fault.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Reads a configuration file's bytes; `path` is only used in messages.
    public static func parse(_ bytes: [UInt8], path: String) throws(Problem) -> LintConfiguration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            throw Problem(message: "\(path):\(error.position.line):\(error.position.column): \(error.message)")
        }
        guard let obj = root.objectValue else { throw Problem(message: "\(path): the configuration is a JSON object") }
        var c = LintConfiguration()
        func int(_ v: JSONValue, _ name: String) throws(Problem) -> Int {
            guard let n = v.intValue, n >= 0, n <= 1_000_000 else {
                throw Problem(message: "\(path): \(Excerpt.quoted(name)) is a whole number between 0 and 1000000")
            }
            return Int(n)
        }
        func globs(_ v: JSONValue, _ name: String) throws(Problem) -> [Glob] {
            guard let a = v.arrayValue else { throw Problem(message: "\(path): \(Excerpt.quoted(name)) is a list of glob strings") }
            var out: [Glob] = []
            for e in a {
                guard let s = e.stringValue else { throw Problem(message: "\(path): \(Excerpt.quoted(name)) is a list of glob strings") }
                out.append(Glob(s))
            }
            return out
        }
        for (key, value) in obj {
            switch key {
            case "sourceLocale":
                guard let s = value.stringValue, !s.isEmpty else { throw Problem(message: "\(path): \"sourceLocale\" is a locale tag string") }
                c.sourceLocale = s
            case "locales":
                guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count,
                    !list.contains(where: \.isEmpty)
                else { throw Problem(message: "\(path): \"locales\" is a list of locale tag strings") }
                c.locales = list
            case "rules":
                guard let rules = value.objectValue else { throw Problem(message: "\(path): \"rules\" maps rule ids to \"error\", \"warning\" or \"off\"") }
                for (id, sv) in rules {
                    guard LintRule.byID[Diagnostic.Rule(id)] != nil else {
                        throw Problem(message: "\(path): unknown rule \(Excerpt.quoted(id)) (herald validate --list-rules lists them)")
                    }
                    guard let s = sv.stringValue, let setting = RuleSetting(rawValue: s) else {
                        throw Problem(message: "\(path): rule \(Excerpt.quoted(id)) must be \"error\", \"warning\" or \"off\"")
                    }
                    c.rules[Diagnostic.Rule(id)] = setting
                }
            case "ignore": c.ignore = try globs(value, key)
            case "notifications": c.notifications = try globs(value, key).map { Glob($0.pattern, separator: nil) }
            case "pushArgumentBytes": c.pushArgumentBytes = try int(value, key)
            case "pushOverheadBytes": c.pushOverheadBytes = try int(value, key)
            case "lockScreenCharacters":
                throw Problem(message: "\(path): \"lockScreenCharacters\" is gone: the fit rule lays notification texts out with real fonts on the surfaces of \"fit\" (Docs/fit.md)")
            case "fit":
                do {
                    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
                    c.fit = try FitSettings.parse(value, folder: folder, path: path)
                } catch {
                    throw Problem(message: error.message)
                }
            case "strict":
                guard let b = value.boolValue else { throw Problem(message: "\(path): \"strict\" is true or false") }
                c.strict = b
            case _ where TextRules.keys.contains(key):
                try c.textRules.read(key, value, path: path)
            default:
                throw Problem(message: "\(path): unknown setting \(Excerpt.quoted(key)) (known: sourceLocale, locales, rules, ignore, notifications, pushArgumentBytes, pushOverheadBytes, strict, fit, terms, lengthLimits, sameAsSource, patterns)")
            }
        }
        return c
    }
}

/// What a configuration sets for one rule: report it at a severity, or turn it off.
public enum RuleSetting: Sendable, Hashable, RawRepresentable {
    /// Not reported.
    case off
    /// Reported at this severity (a configuration says `error` or `warning`).
    case report(Diagnostic.Severity)

    /// `"error"`, `"warning"` or `"off"`, as a configuration writes it; nil for anything else.
    public init?(rawValue: String) {
        switch rawValue {
        case "off": self = .off
        case "error": self = .report(.error)
        case "warning": self = .report(.warning)
        default: return nil
        }
    }

    /// The word a configuration writes.
    public var rawValue: String {
        switch self {
        case .off: return "off"
        case .report(let severity): return severity.rawValue
        }
    }
}

/// A path glob: `*` matches within one path component, `**` any number of
/// components, `?` one character. A pattern without `/` also matches a
/// path's last component (`*.stringsdict`), the way `.gitignore` reads it.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Character]
    /// The pattern's bytes when it is ASCII without CR (each byte one character): matched
    /// byte by byte against names of the same kind, without splitting them into characters.
    private let asciiParts: [UInt8]?
    /// The character `*` and `?` do not cross (`/` for paths); nil: they match anything.
    public let separator: Character?

    /// Makes a glob.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, e.g. `Pods/**` or `*.stringsdict`.
    ///   - separator: The character `*` and `?` do not cross (`/` for paths; nil: they match anything).
    public init(_ pattern: String, separator: Character? = "/") {
        self.pattern = pattern
        self.parts = Array(pattern)
        self.asciiParts = Glob.isPlainASCII(pattern) ? Array(pattern.utf8) : nil
        self.separator = separator
    }

    /// ASCII without CR: every byte is one `Character` (a CR before LF would be one with it).
    private static func isPlainASCII(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// True when `path` (with `/` separators) matches.
    public func matches(_ path: String) -> Bool {
        if asciiParts != nil {
            // In place, without a copy of the name.
            var path = path
            let answer: Bool? = path.withUTF8 { bytes in
                guard Glob.isPlainASCII(bytes) else { return nil }
                return matches(asciiName: bytes)
            }
            if let answer { return answer }
        }
        let characters = Array(path)
        return Glob.matches(parts[...], characters[...], separator: separator)
    }

    /// `matches` on the bytes of a name known to be ASCII without CR (`isPlainASCII`), so
    /// one name is checked once for several globs; nil when this glob must read characters.
    func matches(asciiName bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let asciiParts else { return nil }
        guard let separator else { return Glob.matches(asciiParts[...], bytes[...], separator: nil) }
        guard let byte = separator.asciiValue, separator.unicodeScalars.count == 1 else { return nil }
        return Glob.matches(asciiParts[...], bytes[...], separator: byte)
    }

    /// ASCII without CR, as bytes: each byte is one `Character`.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    private static func matches<P: GlobText, S: GlobText>(_ parts: P, _ p: S, separator sep: P.Element?) -> Bool where P.Element == S.Element {
        guard let sep else { return match(parts, p, separator: nil) }
        if match(parts, p, separator: sep) { return true }
        if !parts.contains(sep) {
            // Also try every suffix that starts at a component boundary.
            for i in p.indices where p[i] == sep {
                if match(parts, p[(i + 1)...], separator: sep) { return true }
            }
        }
        return false
    }

    /// Iterative wildcard matching with backtracking on the last star (linear for one star kind).
    static func match<P: GlobText, S: GlobText>(_ pat: P, _ str: S, separator: P.Element?) -> Bool where P.Element == S.Element {
        typealias C = P.Element
        var pi = pat.startIndex
        var si = str.startIndex
        // Backtrack points: (pattern index after the star, string index, crosses slashes).
        var starP = -1
        var starS = -1
        var starDeep = false
        while si < str.endIndex {
            if pi < pat.endIndex {
                let c = pat[pi]
                if c == C.star {
                    var deep = false
                    var q = pi + 1
                    if q < pat.endIndex, pat[q] == C.star {
                        deep = true
                        q += 1
                        // `**/` also matches nothing.
                        if q < pat.endIndex, pat[q] == C.slash {
                            if match(pat[(q + 1)...], str[si...], separator: separator) { return true }
                        }
                    }
                    starP = q
                    starS = si
                    starDeep = deep
                    pi = q
                    continue
                }
                if c == C.question ? str[si] != separator : c == str[si] {
                    pi += 1
                    si += 1
                    continue
                }
            }
            if starP >= 0, starS < str.endIndex, starDeep || str[starS] != separator {
                starS += 1
                si = starS
                pi = starP
                continue
            }
            return false
        }
        while pi < pat.endIndex, pat[pi] == C.star { pi += 1 }
        return pi == pat.endIndex
    }
}

/// A pattern or a name as a glob reads it: units at integer positions, sliced in place.
protocol GlobText: RandomAccessCollection where Index == Int, SubSequence == Self, Element: GlobUnit {}

extension ArraySlice: GlobText where Element: GlobUnit {}
extension Slice: GlobText where Base == UnsafeBufferPointer<UInt8> {}

/// What a glob is matched over: characters, or the bytes of ASCII text.
protocol GlobUnit: Equatable {
    static var star: Self { get }
    static var question: Self { get }
    static var slash: Self { get }
}

extension Character: GlobUnit {
    static var star: Character { "*" }
    static var question: Character { "?" }
    static var slash: Character { "/" }
}

extension UInt8: GlobUnit {
    static var star: UInt8 { 0x2A }
    static var question: UInt8 { 0x3F }
    static var slash: UInt8 { 0x2F }
}
