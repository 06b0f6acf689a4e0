import HeraldICU
import HeraldRender
import HeraldTables
import HeraldDiagnostics

/// The state of one run: the configuration, the findings so far, caches of
/// plural data per locale.
struct LintRun {
    let configuration: LintConfiguration
    var diagnostics: [Diagnostic] = []
    /// Distinct (table, key) pairs seen.
    var keysSeen = 0
    /// Source entries analysed for translations to compare with (each once, when a
    /// translation first needs it; none for a table with no translation).
    var sourcesAnalyzed = 0
    /// Source analyses kept for the translations that compare with them after the first.
    var sourcesKept = 0
    var plans: [String: LocalePlan?] = [:]
    /// True when the code's lookups are known (`--sources`): extra-key is then decided by
    /// `checkCode`, not by the tables alone.
    var codeGiven = false
    /// The fit rule has said its layout engine is unavailable (said once a run).
    var fitNoted = false

    /// The per-entry checks that can report something under this configuration: a check runs
    /// when its rule, or a rule it finds for another (`.sharedWith`), is on.
    let entryChecks: [EntryCheck]
    /// Stops the checks between entries once cancelled.
    var cancellation: LintCancellation?

    init(configuration: LintConfiguration) {
        self.configuration = configuration
        entryChecks = LintRule.entryChecks.compactMap { rule, check in
            // Findings of rules declared elsewhere that a check also makes: the plural walk's
            // spec-type `structure`, an empty App Shortcuts phrase set's `empty-value`.
            let alsoFinds: [Diagnostic.Rule] = rule.id == .pluralMissingOther ? [.structure] : rule.id == .phrasePlaceholder ? [.emptyValue] : []
            let on = configuration.severity(of: rule.id) != nil
                || alsoFinds.contains { configuration.severity(of: $0) != nil }
                || LintRule.all.contains { r in
                    if case .sharedWith(let owner) = r.check { return owner == rule.id && configuration.severity(of: r.id) != nil }
                    return false
                }
            return on ? check : nil
        }
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
    mutating func emit(_ rule: Diagnostic.Rule, _ place: Place, _ message: String, severity: Diagnostic.Severity? = nil) {
        let sev: Diagnostic.Severity
        switch configuration.rules[rule] {
        case .off: return
        case .report(let set): sev = set
        case nil:
            let known = LintRule.byID[rule]
            if known?.enabledByDefault == false { return }
            sev = severity ?? known?.defaultSeverity ?? .error
        }
        func given(_ s: String) -> String? { s.isEmpty ? nil : s }
        diagnostics.append(Diagnostic(
            rule, sev, message, at: .file(place.origin),
            subject: Diagnostic.Subject(locale: given(place.locale), table: given(place.table), key: given(place.key))))
    }

    /// A finding made elsewhere (a post-pass), recorded like the run's own.
    mutating func emit(found d: Diagnostic) {
        guard let origin = d.origin else { return }
        let s = d.subject
        emit(d.rule, Place(origin: origin, locale: s.locale ?? "", table: s.table ?? "", key: s.key ?? ""), d.message, severity: d.severity)
    }

    /// Findings sorted by file, line, column, rule; exact repeats removed. A finding
    /// about a whole file (line 0) is then put at line 1, column 1, where a compiler
    /// or an editor would show it. Taken out of the run and sorted in place: the findings
    /// are not held twice (a stringsdict of thousands of variables makes thousands).
    mutating func takeSortedDiagnostics() -> [Diagnostic] {
        var out: [Diagnostic] = []
        do {
            let all = diagnostics
            diagnostics = []
            var seen = Set<Diagnostic>()
            out.reserveCapacity(all.count)
            for d in all where seen.insert(d).inserted { out.append(d) }
        }
        let none = Origin(file: "", line: 0, column: 0)
        out.sort { x, y in
            let (a, b) = (x.origin ?? none, y.origin ?? none)
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if x.rule != y.rule { return x.rule < y.rule }
            return x.message < y.message
        }
        for i in out.indices {
            let o = out[i].origin ?? none
            out[i].location = .file(Origin(file: o.file, line: max(o.line, 1), column: max(o.column, 1)))
        }
        return out
    }

    /// The readers' findings (syntax, encoding, duplicate keys, structure, io).
    mutating func readDiagnostics(_ diags: [Diagnostic], group: TableFiles.Group) {
        for d in diags where d.severity != .note {
            guard let origin = d.origin else { continue }
            let rule = LintRule.byID[d.rule] != nil ? d.rule : .structure
            let place = Place(
                origin: origin, locale: TableFiles.localization(of: origin.file),
                table: TableFiles.tableName(of: origin.file), key: d.subject.key ?? "")
            emit(rule, place, d.message, severity: d.severity)
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
        // The text's language, as the renderer reads it (`English.lproj` is English).
        if name != "und", let id = LocalizationLookup.textLanguage(of: localization, development: sourceLanguage), id.hasICUData,
            let rules = try? PluralRules.for(id)
        {
            var samples: [PluralCategory: (integers: [String], decimals: [String])] = [:]
            for c in rules.categories { samples[c] = rules.samples(for: c) }
            made = LocalePlan(locale: id, categories: rules.categories, samples: samples)
        }
        plans[name] = made
        return made
    }
}
