import HeraldICU
import HeraldRender
import HeraldTables

/// The state of one run: the configuration, the findings so far, caches of
/// plural data per locale.
struct LintRun {
    let configuration: LintConfiguration
    var diagnostics: [LintDiagnostic] = []
    /// Distinct (table, key) pairs seen.
    var keysSeen = 0
    var plans: [String: LocalePlan?] = [:]

    init(configuration: LintConfiguration) {
        self.configuration = configuration
    }

    /// Where a finding is and what it concerns.
    struct Place {
        var origin: Origin
        var locale: String
        var table: String
        var key: String
    }

    /// Records a finding unless its rule is off. `severity`: the reader's or
    /// a check's own severity, used when the configuration does not set one.
    mutating func emit(_ rule: String, _ place: Place, _ message: String, severity: LintSeverity? = nil) {
        let sev = configuration.severities[rule] ?? severity ?? LintRule.byID[rule]?.defaultSeverity ?? .error
        guard sev != .off else { return }
        diagnostics.append(LintDiagnostic(
            file: place.origin.file, line: place.origin.line, column: place.origin.column, severity: sev, rule: rule,
            locale: place.locale, table: place.table, key: place.key, message: message))
    }

    /// Findings sorted by file, line, column, rule; exact repeats removed.
    func sortedDiagnostics() -> [LintDiagnostic] {
        var seen = Set<LintDiagnostic>()
        var out: [LintDiagnostic] = []
        for d in diagnostics where seen.insert(d).inserted { out.append(d) }
        return out.sorted { a, b in
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.message < b.message
        }
    }

    /// The readers' findings (syntax, encoding, duplicate keys, structure, io).
    mutating func readDiagnostics(_ diags: [TableDiagnostic], group: TableFiles.Group) {
        for d in diags {
            let sev: LintSeverity
            switch d.severity {
            case .error: sev = .error
            case .warning: sev = .warning
            case .note: continue
            }
            let rule = LintRule.byID[d.rule] != nil ? d.rule : "structure"
            let place = Place(
                origin: d.origin, locale: TableFiles.localization(of: d.origin.file),
                table: TableFiles.tableName(of: d.origin.file), key: d.key ?? "")
            emit(rule, place, d.message, severity: sev)
        }
    }

    // MARK: - per locale plural data

    /// A locale's plural categories with ICU's samples, and its id.
    struct LocalePlan {
        var locale: LocaleID
        var categories: [PluralCategory]
        var samples: [PluralCategory: (integers: [String], decimals: [String])]

        /// A category only numbers of a million and more select (fr/es/it/pt/ca `many`).
        func isMillionsOnly(_ c: PluralCategory) -> Bool {
            guard let s = samples[c] else { return false }
            let ints = s.integers.compactMap { Int($0) }
            return !ints.isEmpty && ints.allSatisfy { $0 >= 1_000_000 } && s.decimals.isEmpty
        }

        /// True when some integer selects `c`.
        func hasIntegers(_ c: PluralCategory) -> Bool { !(samples[c]?.integers.isEmpty ?? true) }
    }

    /// The plan for a localization name, nil when it is not a locale ICU knows (`und`, odd folder names).
    mutating func plan(for localization: String, sourceLanguage: String) -> LocalePlan? {
        let name = localization.lowercased() == "base" ? sourceLanguage : localization
        if let hit = plans[name] { return hit }
        var made: LocalePlan? = nil
        if name != "und", let id = try? LocaleID(name), id.hasICUData, let rules = try? PluralRules.for(id) {
            var samples: [PluralCategory: (integers: [String], decimals: [String])] = [:]
            for c in rules.categories { samples[c] = rules.samples(for: c) }
            made = LocalePlan(locale: id, categories: rules.categories, samples: samples)
        }
        plans[name] = made
        return made
    }
}
