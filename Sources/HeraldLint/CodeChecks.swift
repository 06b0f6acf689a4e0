import HeraldDiagnostics
import HeraldTables

// `herald validate --sources DIR`: the code's lookups against the tables. A key the code looks
// up that no table has (code-missing-key), a format call whose arguments do not fit a
// language's text (code-arguments), and a key no code names (extra-key, once per key).

extension Diagnostic.Rule {
    public static let codeMissingKey = Self("code-missing-key")
    public static let codeArguments = Self("code-arguments")
}

/// Tables whose keys iOS reads itself, not the app's code: `InfoPlist` (Info.plist's keys),
/// `AppShortcuts` (App Intents), a Settings bundle's tables, and Interface Builder's
/// (`abc-12-xyz.text` keys of a storyboard or xib). No lookup in code is expected for them.
enum SystemTables {
    static func isSystem(table: String, file: String) -> Bool {
        table == "InfoPlist" || table == "AppShortcuts" || file.contains(".bundle/")
    }

    /// `8Yf-dI-lNQ.text`, `tbP-Wc-ZpX.normalTitle`: an Interface Builder object id and property.
    static func isInterfaceBuilderKey(_ key: String) -> Bool {
        let b = Array(key.utf8)
        guard b.count > 11, b[3] == 0x2D, b[6] == 0x2D, b[10] == 0x2E else { return false }
        func alnum(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
        return [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy { alnum(b[$0]) }
    }

    /// A key that does not read as text a person could be shown (`settings.title`,
    /// `Welcome_Title`, `loginButton`): no white space, and an underscore between letters, or a
    /// first letter in lower case with a dot between letters or a capital after a lower-case
    /// letter. Names such as `CarPlay`, `Duck.ai` or `BazQux` read as text.
    static func isIdentifierLike(_ key: String) -> Bool {
        let s = Array(key.unicodeScalars)
        guard s.count >= 3, !s.contains(where: { $0.properties.isWhitespace }) else { return false }
        let lowerFirst = s[0].properties.isLowercase
        for i in 1..<(s.count - 1) where s[i] == "_" || (s[i] == "." && lowerFirst) {
            if s[i - 1].properties.isAlphabetic && s[i + 1].properties.isAlphabetic { return true }
        }
        guard lowerFirst else { return false }
        for i in 1..<s.count where s[i - 1].properties.isLowercase && s[i].properties.isUppercase { return true }
        return false
    }
}

/// Every bundle's tables by name, with each bundle's source localization: what the code's
/// lookups are compared with.
struct TableIndex {
    struct Bundle {
        var source: String?
        /// Localization → table, of one table name.
        var tables: [String: Table]
        /// Whether a localization besides the source (and Base) has this table.
        var isTranslated: Bool { tables.keys.contains { $0 != source && $0 != "Base" } }
    }
    /// Table name → the bundles that have a table of that name.
    var byName: [String: [Bundle]] = [:]

    init(_ bundles: [BundleTables], wanted: String?) {
        for b in bundles {
            var named: [String: [String: Table]] = [:]
            for t in b.tables { named[t.name, default: [:]][t.localization] = t }
            let development = LocalizationLookup.normalize(wanted ?? b.development)
            for (name, tables) in named {
                let source = tables.keys.first { LocalizationLookup.normalize($0) == development } ?? tables.keys.first { $0 == "Base" }
                byName[name, default: []].append(Bundle(source: source, tables: tables))
            }
        }
    }
}

extension LintRun {
    /// The code's lookups against every bundle's tables; `root` is the folder the code was read from.
    mutating func checkCode(_ code: CodeLookups, bundles: [BundleTables], wanted: String?, root: String) {
        let index = TableIndex(bundles, wanted: wanted)
        for problem in code.problems {
            if let origin = problem.origin { emit(problem.rule, Place(origin: origin, locale: "", table: "", key: ""), problem.message, severity: problem.severity) }
        }
        var derived = Set<String>()
        for lookup in code.lookups {
            if !lookup.holes.isEmpty { derived.formUnion(lookup.candidateKeys()) }
            checkLookup(lookup, index)
        }
        checkUnused(code, derived: derived, bundles: bundles, index: index, root: root)
    }

    /// One lookup: its key in some table (else code-missing-key), and its format calls' arguments.
    mutating func checkLookup(_ lookup: CodeLookup, _ index: TableIndex) {
        let place = Place(origin: lookup.origin, locale: "", table: lookup.tableName, key: lookup.displayKey)
        let bundles = index.byName[lookup.tableName] ?? []
        var found: (bundle: TableIndex.Bundle, key: String)? = nil
        search: for key in lookup.candidateKeys() {
            for b in bundles where b.tables.values.contains(where: { $0[key] != nil }) {
                // A bundle whose source has the key wins over one where only translations do.
                if let s = b.source, b.tables[s]?[key] != nil { found = (b, key); break search }
                if found == nil { found = (b, key) }
            }
        }
        let shown = Excerpt.quoted(lookup.displayKey)
        guard let (bundle, key) = found else {
            // A key without a letter ("•", "%@") reads the same in every language.
            guard lookup.segments.contains(where: { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }) else { return }
            let raw = SystemTables.isIdentifierLike(lookup.displayKey) && lookup.defaultValue == nil
            // Text in the source language (a key that reads as text, or a default value) is right
            // where the app speaks only that language: only where every table of that name is
            // translated does it stay untranslated somewhere.
            guard raw || (!bundles.isEmpty && bundles.allSatisfy(\.isTranslated)) else { return }
            let fallback =
                lookup.defaultValue.map { "every language shows the default value \(Excerpt.quoted($0))" }
                ?? (raw ? "the device shows the raw key \(shown)" : "every language shows the key itself, untranslated")
            let table = bundles.isEmpty ? "no table is named \(lookup.tableName)" : "no \(lookup.tableName) table has it"
            emit(.codeMissingKey, place, "\(lookup.api) looks up \(shown), but \(table): \(fallback)")
            return
        }
        if let source = bundle.source, bundle.tables[source]?[key] == nil, lookup.defaultValue == nil, SystemTables.isIdentifierLike(key) {
            let others = bundle.tables.keys.filter { bundle.tables[$0]?[key] != nil }.sorted()
            emit(.codeMissingKey, Place(origin: lookup.origin, locale: source, table: lookup.tableName, key: key),
                 "\(lookup.api) looks up \(Excerpt.quoted(key)), which \(lookup.tableName) has in \(Self.localeList(others)) but not in \(source): \(source) devices show the raw key")
        }
        for call in lookup.calls { checkCall(call, key: key, lookup: lookup, bundle: bundle) }
        // `Text("\(n) files")`: SwiftUI formats the key's text with the interpolated values.
        if let values = Self.interpolated(lookup, key: key) {
            checkCall(CodeFormatCall(arguments: values, origin: lookup.origin), key: key, lookup: lookup, bundle: bundle, what: "the interpolation")
        }
    }

    /// What an interpolated key's values are, read from the key it matched (`Hello %@, %lld`:
    /// an object, an integer); nil for a key without interpolation.
    static func interpolated(_ lookup: CodeLookup, key: String) -> [CodeArgument]? {
        guard !lookup.holes.isEmpty, key.hasPrefix(lookup.segments[0]) else { return nil }
        var rest = Substring(key.dropFirst(lookup.segments[0].count))
        var values: [CodeArgument] = []
        for (i, hole) in lookup.holes.enumerated() {
            let options = (hole.map { [$0] } ?? CodeLookup.possibleSpecifiers).sorted { $0.count > $1.count }
            guard let spec = options.first(where: { rest.hasPrefix($0 + lookup.segments[i + 1]) }) else { return nil }
            rest = rest.dropFirst(spec.count + lookup.segments[i + 1].count)
            switch spec.last {
            case "@": values.append(.object)
            case "f", "e", "g", "a", "F", "E", "G", "A": values.append(.floating)
            default: values.append(.integer)
            }
        }
        return rest.isEmpty ? values : nil
    }

    static func localeList(_ locales: [String]) -> String {
        locales.count <= 4 ? locales.joined(separator: ", ") : locales.prefix(3).joined(separator: ", ") + " and \(locales.count - 3) more"
    }

    /// A format call's arguments against every language's text of the key.
    /// `what`: how the finding names the call (`the call`, `the interpolation`); an argument no
    /// language shows is said only of a call (an interpolation's text may leave a value out).
    mutating func checkCall(_ call: CodeFormatCall, key: String, lookup: CodeLookup, bundle: TableIndex.Bundle, what: String = "the call") {
        let passed = call.arguments.count
        var overread: [Int: [String]] = [:]  // argument index read but not passed → locales
        var mistyped: [Int: (use: ArgumentUse, locales: [String])] = [:]
        var shownAnywhere = Set<Int>()
        for loc in bundle.tables.keys.sorted() {
            // A String Catalog key without a source text shows the key itself: that is its text.
            guard let entry = bundle.tables[loc]?[key] else { continue }
            let args = MessageArguments.analyze(entry.message, substitutions: entry.format == .xcstrings)
            // A text that is not a format (no specifier, no %%) is shown as it is by a format call too.
            for (i, uses) in args.uses {
                shownAnywhere.insert(i)
                if i >= passed { overread[i, default: []].append(loc); continue }
                let given = call.arguments[i]
                for u in uses where !Self.fits(given, u.argClass) {
                    mistyped[i, default: (u, [])].locales.append(loc)
                    break
                }
            }
        }
        let place = Place(origin: call.origin, locale: "", table: lookup.tableName, key: key)
        let k = Excerpt.quoted(key)
        for (i, locales) in overread.sorted(by: { $0.key < $1.key }) {
            emit(.codeArguments, place,
                 "\(what) passes \(passed) argument\(passed == 1 ? "" : "s") to \(k), but its \(Self.localeList(locales)) text reads argument \(i + 1): the app reads memory it never passed (garbage or a crash)")
        }
        for (i, m) in mistyped.sorted(by: { $0.key < $1.key }) {
            emit(.codeArguments, place,
                 "argument \(i + 1) of \(what) is \(call.arguments[i].label), but the \(Self.localeList(m.locales)) text of \(k) reads it as \(m.use.argClass.label) with '\(Excerpt.escaped(m.use.text))': garbage or a crash")
        }
        for i in 0..<passed where what == "the call" && !shownAnywhere.contains(i) {
            emit(.codeArguments, place, "the call passes argument \(i + 1) to \(k), but no language's text shows it", severity: .warning)
        }
    }

    /// Whether an argument of an evident type can be read by a specifier of this class.
    static func fits(_ given: CodeArgument, _ read: ArgumentClass) -> Bool {
        switch (given, read) {
        case (.unknown, _): return true
        case (.integer, .integer), (.integer, .number): return true
        case (.floating, .floating), (.floating, .number): return true
        case (.object, .object): return true
        default: return false
        }
    }

    /// Keys no code names: reported once each (at the source's entry, else the first
    /// translation's), never for the tables iOS reads itself.
    mutating func checkUnused(_ code: CodeLookups, derived: Set<String>, bundles: [BundleTables], index: TableIndex, root: String) {
        for (name, list) in index.byName.sorted(by: { $0.key < $1.key }) {
            for b in list {
                // Each key decided once, however many languages have it.
                var decided = Set<String>()
                let order = (b.source.map { [$0] } ?? []) + b.tables.keys.sorted().filter { $0 != b.source }
                for loc in order {
                    guard let table = b.tables[loc] else { continue }
                    for entry in table.entries where !entry.isSourceFallback {
                        let key = entry.key
                        guard decided.insert(key).inserted else { continue }
                        if SystemTables.isSystem(table: name, file: entry.origin.file) || SystemTables.isInterfaceBuilderKey(key) { continue }
                        if code.literals.contains(key) || derived.contains(key) || code.patterns.matches(key) { continue }
                        let have = b.tables.keys.filter { b.tables[$0]?[key].map { !$0.isSourceFallback } ?? false }.sorted()
                        emit(.extraKey, Place(origin: entry.origin, locale: loc, table: name, key: key),
                             "no code in \(root) looks up \(Excerpt.quoted(key)) (\(name), \(have.count == 1 ? have[0] : "\(have.count) localizations")): no lookup, string literal or key built from parts names it, so nothing shows it")
                    }
                }
            }
        }
    }
}

extension LintRun {
    /// extra-key without --sources: a key only translations have, said once. Only keys that
    /// read as identifiers (`settings.title`): a key that reads as text (`Text("Welcome!")`'s)
    /// is what a source-language device shows when its table lacks it, which is right.
    mutating func emitExtraKeys(_ extras: [String: (place: Place, locales: [String])], table: String, source: String) {
        for (key, extra) in extras.sorted(by: { $0.key < $1.key }) {
            guard !SystemTables.isSystem(table: table, file: extra.place.origin.file), !SystemTables.isInterfaceBuilderKey(key),
                SystemTables.isIdentifierLike(key)
            else { continue }
            emit(.extraKey, extra.place,
                 "\(Excerpt.quoted(key)) is in \(Self.localeList(extra.locales.sorted())) of \(table) but not in the source locale (\(source)): either no code looks it up (a dead key), or \(source) devices show the raw key unless the code gives a default value — --sources DIR tells which")
        }
    }
}
