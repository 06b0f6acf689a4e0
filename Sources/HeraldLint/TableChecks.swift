import HeraldICU
import HeraldJSON
import HeraldRender
import HeraldTables
import HeraldDiagnostics

// The checks of one bundle: keys against the source locale, specifiers,
// plural structure and coverage, catalog states, then the render checks.

/// A source entry with what every translation compares against, computed once.
final class SourceInfo {
    let entry: Entry
    let arguments: MessageArguments
    /// The entry's texts, walked when a translation compares with them (never kept).
    var texts: MessageTexts { entry.message.texts }
    /// Whether the push budget applies to this key.
    let isNotification: Bool

    init(entry: Entry, arguments: MessageArguments, isNotification: Bool) {
        self.entry = entry
        self.arguments = arguments
        self.isNotification = isNotification
    }
}

extension LintRun {
    /// Everything known about one entry while it is checked.
    struct EntryContext {
        var entry: Entry
        var table: String
        var localization: String
        var isSource: Bool
        /// The source locale's entry for this key (nil for the source itself and extra keys).
        var sourceInfo: SourceInfo?
        var sourceLocalization: String?
        var plan: LocalePlan?
        var sameLanguageAsSource: Bool
        /// Whether the push budget applies (computed once per key).
        var isNotification: Bool
        /// The entry's texts, walked (made one at a time) each time they are asked for.
        var texts: MessageTexts { entry.message.texts }
        var source: Entry? { sourceInfo?.entry }
        var sourceArguments: MessageArguments? { sourceInfo?.arguments }
        var sourceTexts: MessageTexts { sourceInfo?.texts ?? MessageTexts() }
        /// Where text findings point: the first text's origin (the value), else the key.
        var textOrigin: Origin { texts.first?.origin ?? entry.origin }

        var place: Place { Place(origin: entry.origin, locale: localization, table: table, key: entry.key) }
        func place(_ origin: Origin) -> Place { Place(origin: origin, locale: localization, table: table, key: entry.key) }
    }

    /// `external`: the source language's tables from `--source DIR`, used when
    /// the bundle has no source (or Base) tables of its own.
    mutating func check(_ bundle: BundleTables, requestedSource: String?, external: ExternalSource? = nil, onLocale: (Int) -> Void) {
        let localizations = bundle.localizations
        func find(_ name: String) -> String? {
            let n = LocalizationLookup.normalize(name)
            return localizations.first { LocalizationLookup.normalize($0) == n }
        }
        let development = bundle.development
        let primary = find(requestedSource ?? development)
        let base = find("Base")
        let sourceLanguage = (primary ?? external?.localization).flatMap { (try? LocaleID($0))?.language } ?? (try? LocaleID(development))?.language ?? "en"

        var byName: [String: [String: Table]] = [:]
        for t in bundle.tables { byName[t.name, default: [:]][t.localization] = t }

        // Localizations that inherit from another non-source localization
        // of this bundle (es-MX from es): their tables may hold overrides only.
        var present = Set(localizations.map { LocalizationLookup.normalize($0) })
        if let primary { present.remove(LocalizationLookup.normalize(primary)) }
        var inherits: [String: Bool] = [:]
        for loc in localizations {
            guard let id = try? LocaleID(loc) else { inherits[loc] = false; continue }
            let own = LocalizationLookup.normalize(loc)
            inherits[loc] = LocalizationLookup.candidates(for: id).contains { c in
                let n = LocalizationLookup.normalize(c)
                return n != own && present.contains(n)
            }
        }
        let pushChecked = configuration.severity(of: .pushPayloadSize) != nil || configuration.severity(of: .fit) != nil

        // Per table: its source localization and entries, analyzed once for every translation.
        // A source entry's analysis is made when a translation first compares with it and kept
        // for the other translations: the source's own check makes none, so a large table
        // of one language holds no second copy of its entries, and neither does a table of
        // one translation (nothing else compares with the analysis: it is not kept).
        final class TableState {
            let srcLoc: String?
            let srcTable: Table?
            /// Whether more than one translation compares with the source (analyses are kept).
            let keepsSources: Bool
            private var sources: [String: SourceInfo] = [:]
            /// The notification globs for this table's keys (nil: the push budget is not checked).
            let notifications: NotificationKeys?
            /// Keys found only in translations.
            var extraKeys = Set<String>()
            /// Each of them: where the first translation has it, and every translation that does.
            var extraPlaces: [String: (place: Place, locales: [String])] = [:]
            init(srcLoc: String?, srcTable: Table?, translations: Int, notifications: NotificationKeys?) {
                self.srcLoc = srcLoc
                self.srcTable = srcTable
                keepsSources = translations > 1
                self.notifications = notifications
            }
            /// The source entry of `key` with its analysis, nil when the source has no such key.
            func source(_ key: String, make: (Entry) -> SourceInfo) -> SourceInfo? {
                if let known = sources[key] { return known }
                guard let e = srcTable?[key] else { return nil }
                let info = make(e)
                if keepsSources { sources[key] = info }
                return info
            }
            /// How many source analyses are kept.
            var sourcesKept: Int { sources.count }
        }
        var states: [String: TableState] = [:]
        for (name, tables) in byName {
            let srcLoc: String? = {
                if let p = primary, tables[p] != nil { return p }
                if let b = base, tables[b] != nil { return b }
                if let external, external.tables[name] != nil { return external.localization }
                return nil
            }()
            let translations = tables.keys.count(where: { $0 != srcLoc })
            states[name] = TableState(
                srcLoc: srcLoc, srcTable: srcLoc.flatMap { tables[$0] ?? external?.tables[name] }, translations: translations,
                notifications: pushChecked ? NotificationKeys(table: name, configuration: configuration) : nil)
        }
        let names = byName.keys.sorted()
        // Locale by locale (the progress line counts them), every table of each.
        for loc in Set(bundle.tables.map(\.localization)).sorted() {
            let plan = self.plan(for: loc, sourceLanguage: sourceLanguage)
            let lang = loc.lowercased() == "base" ? sourceLanguage : ((try? LocaleID(loc))?.language ?? loc)
            for name in names {
                guard let table = byName[name]?[loc], let state = states[name] else { continue }
                let srcLoc = state.srcLoc
                let srcTable = state.srcTable
                let isSource = loc == srcLoc
                var matched = 0
                // Order does not matter here: findings are sorted at the end.
                for entry in table.entries {
                    // A cancelled run (its request's deadline passed) stops here.
                    if let cancellation, !cancellation.nextEntry() { return }
                    let key = entry.key
                    if srcTable == nil { state.extraKeys.insert(key) }
                    if entry.isSourceFallback { continue }
                    let own = MessageArguments.analyze(entry.message, substitutions: entry.format == .xcstrings)
                    // Asked once per entry, of the globs that can name this table's keys.
                    let notification = state.notifications?.contains(key) ?? false
                    // The source's own entries are their own source: no second analysis.
                    let src = isSource ? nil : state.source(key) { e in
                        sourcesAnalyzed += 1
                        return SourceInfo(
                            entry: e, arguments: MessageArguments.analyze(e.message, substitutions: e.format == .xcstrings),
                            isNotification: notification)
                    }
                    if src != nil { matched += 1 }
                    let ctx = EntryContext(
                        entry: entry, table: name, localization: loc, isSource: isSource, sourceInfo: src,
                        sourceLocalization: srcLoc, plan: plan,
                        sameLanguageAsSource: lang == sourceLanguage, isNotification: notification)
                    checkEntry(ctx, own)
                    if !isSource, srcTable != nil, src == nil {
                        state.extraKeys.insert(key)
                        // Said once per key, after every locale (see emitExtraKeys); with
                        // --sources, checkCode says whether code looks it up instead.
                        if !codeGiven { state.extraPlaces[key, default: (ctx.place, [])].locales.append(loc) }
                    }
                }
                // A file that could not be read at all is already reported; its keys are not listed again.
                let unreadable = table.entries.isEmpty && table.diagnostics.contains { $0.dropsFile }
                // Base beside a source-language folder is no language a device picks for its
                // texts (en.lproj wins for the development language, each translation has its
                // own folder): a key it lacks is shown from the source all the same.
                let baseBesideSource = loc.lowercased() == "base" && srcLoc?.lowercased() != "base"
                if !isSource, let srcTable, matched < srcTable.entries.count, !(inherits[loc] ?? false), !unreadable, !baseBesideSource {
                    let firstFile = table.files.first ?? ""
                    for s in srcTable.entries where s.shouldTranslate && table[s.key]?.isSourceFallback ?? true {
                        let key = s.key
                        // String Catalogs: point at the key in the catalog; .lproj: at the translation's file.
                        let origin = s.format == .xcstrings ? s.origin : Origin(file: firstFile, line: 1, column: 1)
                        emit(.missingKey, Place(origin: origin, locale: loc, table: name, key: key),
                             "\(Excerpt.quoted(key)) has no \(loc) translation in \(name); the device shows the \(srcLoc ?? "source") text")
                    }
                }
            }
            onLocale(1)
        }
        for name in names {
            guard let state = states[name] else { continue }
            emitExtraKeys(state.extraPlaces, table: name, source: state.srcLoc ?? sourceLanguage)
        }
        for state in states.values {
            keysSeen += state.extraKeys.count + (state.srcTable?.entries.count ?? 0)
            sourcesKept += state.sourcesKept
        }
    }

    // MARK: - one entry

    /// Every per-entry check of the registry (`LintRule.entryChecks`) on one entry, after
    /// what they share is computed once (`EntryFacts`).
    mutating func checkEntry(_ ctx: EntryContext, _ own: MessageArguments) {
        // MessageFormat 2 tables (`*.mf2`): their own checks (MF2Checks.swift), no printf ones.
        let mf2 = Renderer.isMF2Table(ctx.table)
        // ICU MessageFormat tables (`*.icu`) hold no printf specifiers; ICU checks them when rendering.
        let icu = Renderer.isICUTable(ctx.table)
        // A translation is formatted when its source is; without a source, when it looks like one.
        // (A source that is plain text is shown as is: a '%' in its translation is just text.)
        let isFormat = !mf2 && !icu && (ctx.sourceArguments?.isFormat ?? own.isFormat)
        var facts = EntryFacts(own: own, isMF2: mf2, isICU: icu, isFormat: isFormat)
        if isFormat, !own.problems.listed.isEmpty { facts.mangled = mangledVariables(ctx, own) }
        for check in entryChecks where check.onMF2 || !mf2 {
            check.body(&self, ctx, &facts)
        }
    }

    /// The message for a format problem that is a specifier with a space typed into it, which
    /// translation tools leave behind (`Von % @` for `From %@`, `%# @sites @` for
    /// `%#@sites@`): what the device does with it and the specifier to write. Nil for other
    /// problems (`50% a day` stays a percent sign to escape). A mangled plural reference
    /// adds its variable to `mangled`: its arguments and its variable are then not reported
    /// again as missing or unused.
    func mangledSpecifier(
        _ p: LocatedProblem, _ ctx: EntryContext, _ own: MessageArguments, mangled: inout Set<String>
    ) -> (message: String, severity: Diagnostic.Severity?)? {
        let written = Excerpt.escaped(String(decoding: Array(p.text.value.utf8)[p.problem.utf8Range], as: UTF8.self))
        switch p.problem.kind {
        case .accidentalSpecifier:
            guard let spaced = own.spacedUses.first(where: { $0.origin == p.text.origin && $0.utf8Range == p.problem.utf8Range }),
                own.uses[spaced.argument] == nil,
                let srcUse = ctx.sourceArguments?.uses[spaced.argument]?.first(where: { $0.argClass.compatible(with: spaced.use.argClass) })
            else { return nil }
            let meant = Excerpt.escaped(srcUse.text)
            // The device shows the value (a number with a space before it): a warning, not an error.
            return ("'\(written)' has a space after '%': the device reads it as '\(meant)' (the space is a flag) and shows argument \(spaced.argument + 1); write '\(meant)' as the \(ctx.sourceLocalization ?? "source") text does", .warning)
        case .invalidSpecifier:
            guard case .plural(_, let vars) = ctx.entry.message else { return nil }
            let bytes = Array(p.text.value.utf8)
            var squeezed: [UInt8] = []
            for b in bytes[p.problem.utf8Range.lowerBound...].prefix(128) where b != UInt8(ascii: " ") { squeezed.append(b) }
            let text = String(decoding: squeezed, as: UTF8.self)
            guard text.hasPrefix("%#@") else { return nil }
            let name = text.dropFirst(3).prefix { $0 != "@" }
            guard !name.isEmpty, text.dropFirst(3 + name.count).hasPrefix("@"), vars[String(name)] != nil else { return nil }
            mangled.insert(String(name))
            let spacedRef = String(decoding: bytes[p.problem.utf8Range.lowerBound...].prefix(while: { $0 != UInt8(ascii: "@") }), as: UTF8.self)
            return ("'\(Excerpt.escaped(spacedRef))@\(Excerpt.escaped(String(name))) @' has spaces inside: the device does not see plural variable \(Excerpt.quoted(String(name))) and reads '\(written) @' as an object specifier taking the count (garbage or a crash); write '%#@\(Excerpt.escaped(String(name)))@'", nil)
        default:
            return nil
        }
    }

    /// Arguments read by the translation against those of the source.
    mutating func checkParity(_ ctx: EntryContext, _ own: MessageArguments, _ src: MessageArguments) {
        let srcName = ctx.sourceLocalization ?? "source"
        let origin = ctx.textOrigin
        // The same readings of the same arguments: nothing to compare.
        if own.signature == src.signature { return }
        for (index, uses) in own.uses.sorted(by: { $0.key < $1.key }) {
            guard let srcUses = src.uses[index] else {
                let n = src.argumentCount
                emit(.specifierMismatch, ctx.place(origin),
                     "'\(Excerpt.escaped(uses[0].text))' reads argument \(index + 1), but the \(srcName) text supplies \(n == 0 ? "none" : n == 1 ? "only 1" : "only \(n)") — the app would read memory it never passed")
                continue
            }
            for u in uses {
                guard let compatible = srcUses.first(where: { $0.argClass.compatible(with: u.argClass) }) else {
                    emit(.specifierMismatch, ctx.place(origin),
                         "'\(Excerpt.escaped(u.text))' reads argument \(index + 1) as \(u.argClass.label), but the \(srcName) text '\(Excerpt.escaped(srcUses[0].text))' passes \(srcUses[0].argClass.label)")
                    break
                }
                if u.argClass == .integer, compatible.argClass == .integer, let a = u.wide, let b = compatible.wide, a != b,
                    !srcUses.contains(where: { $0.argClass == .integer && $0.wide == a })
                {
                    emit(.specifierLength, ctx.place(origin),
                         "'\(Excerpt.escaped(u.text))' reads argument \(index + 1) as a \(a ? "64" : "32")-bit integer; the \(srcName) text '\(Excerpt.escaped(compatible.text))' reads \(b ? "64" : "32") bits")
                    break
                }
            }
        }
        // `% @` for `%@`: the device reads the argument (the space is a flag); accidental-specifier says so.
        let spaced = Set(own.spacedUses.map(\.argument))
        for (index, srcUses) in src.uses.sorted(by: { $0.key < $1.key }) where own.uses[index] == nil && !spaced.contains(index) {
            guard let su = srcUses.first else { continue }
            emit(.specifierMissing, ctx.place(origin),
                 "the \(srcName) text shows argument \(index + 1) ('\(Excerpt.escaped(su.text))'); this translation never does")
        }
    }

    /// The translation is the source text, in a sentence long enough not to be a shared word ("OK", "Email").
    mutating func checkUntranslated(_ ctx: EntryContext, _ src: Entry) {
        guard !ctx.sameLanguageAsSource else { return }
        let mine = ctx.texts
        guard mine.elementsEqual(ctx.sourceTexts, by: { $0.value == $1.value }),
            let longest = mine.max(by: { $0.value.utf8.count < $1.value.utf8.count }), Self.isSentence(longest.value)
        else { return }
        emit(.untranslated, ctx.place(ctx.textOrigin),
             "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) is the \(ctx.sourceLocalization ?? "source") text, untranslated")
    }

    /// The words of `s` (runs of letters), specifiers left out.
    static func words(_ s: String) -> [String] {
        var text = ""
        for seg in FormatStringParser.parse(s, substitutionArgument: true).segments {
            if case .literal(let l) = seg { text += l } else { text += " " }
        }
        return text.split(whereSeparator: { !$0.isLetter }).map(String.init)
    }

    /// Reads like a sentence: three words or more, two of them lower-case, or a heading
    /// in Title Case of four words or more with one in lower case ("Tracker Blocked from
    /// Loading"); "Google Play Store" is a name, and names are not translated. Addresses
    /// are no words: `www.example.com`, `name@email.com` and `https://…` read the same in
    /// every language.
    static func isSentence(_ s: String) -> Bool {
        var prose = ""
        for token in s.split(whereSeparator: { $0.isWhitespace }) where !isAddress(token) {
            prose += token
            prose += " "
        }
        let w = words(prose).filter { $0.count >= 2 }
        let lower = w.filter { $0.first?.isLowercase == true }
        if w.count >= 3 && lower.count >= 2 { return true }
        // Title Case: the only lower-case words are the short ones English headings keep
        // small ("Siri, start DuckDuckGo VPN" is a sentence of names, not a heading).
        return w.count >= 4 && lower.count >= 1 && lower.allSatisfy { titleCaseSmallWords.contains($0) }
    }

    /// The words an English heading in Title Case leaves in lower case.
    static let titleCaseSmallWords: Set<String> = [
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "from", "with", "by", "at", "as", "into",
    ]

    /// An e-mail address, a URL or a host name (`www.example.com`, `duckduckgo.com/about`).
    static func isAddress(_ token: Substring) -> Bool {
        if token.contains("@") && !token.hasPrefix("%") && token.contains(".") { return true }
        if token.contains("://") || token.lowercased().hasPrefix("www.") { return true }
        // name.tld: letters, a dot, letters, no sentence punctuation at its end.
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { p in !p.isEmpty && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "/" } }
            && parts.last.map { $0.count >= 2 && $0.allSatisfy(\.isLowercase) } == true
    }
}
