public import HeraldICU
public import HeraldTables
import HeraldSync
import HeraldJSON
import HeraldDiagnostics

/// Renders messages of a catalog for a locale.
///
/// - The requested locale's chain picks the localization (`MessageCatalog.lookup`,
///   like `Bundle.preferredLocalizations`); the REQUESTED locale, with its
///   region, formats the numbers (ar-EG served by `ar.lproj` shows ١٢٣).
/// - Plural categories come from the rules of the language the served text is
///   written in (`LocalizationLookup.pluralLocale`: `English.lproj` is English,
///   `Base` the development language); when the requested locale has the same
///   language, its own rules are used (pt-PT served by `pt.lproj` → pt-PT rules).
///   ICU MessageFormat tables follow the same rule (`messageLocale`).
/// - Tables whose name ends in `.icu` (`Notifications.icu`) hold ICU
///   MessageFormat patterns (`{count, plural, one {# item} other {# items}}`)
///   instead of printf formats; arguments bind to `{0}`, `{1}`… by position,
///   or to `{name}` arguments in the order the pattern first uses them.
/// - Every message is compiled once per (locale, table, key) and cached;
///   rendering a cached template does no parsing.
public final class Renderer: Sendable {
    /// The tables keys are looked up in.
    public let catalog: any MessageCatalog

    /// A compiled entry, ready to render.
    final class Compiled: Sendable {
        let node: TemplateNode
        let servedBy: String
        let table: String
        let key: String
        let numberLocale: LocaleID
        let rightToLeft: Bool
        /// The template when `node` is a plain `.format` (the common case):
        /// rendering starts there without unpacking the node. Unretained:
        /// `node` owns it.
        let formatTemplate: Unmanaged<Template>?

        init(node: TemplateNode, servedBy: String, table: String, key: String, numberLocale: LocaleID, rightToLeft: Bool) {
            self.node = node
            if case .format(let t) = node { formatTemplate = Unmanaged.passUnretained(t) } else { formatTemplate = nil }
            self.servedBy = servedBy
            self.table = table
            self.key = key
            self.numberLocale = numberLocale
            self.rightToLeft = rightToLeft
        }
    }

    /// Compiled entries by (requested locale, table, key); bounded (`TemplateCache.limit`).
    private let cache = Locked(TemplateCache())
    /// The first look-up, without the lock (see `TemplateSlots`).
    private let slots = TemplateSlots()

    /// Makes a renderer over `catalog`. Templates are compiled on first use and cached
    /// per (locale, table, key); one renderer serves every thread.
    ///
    /// ```swift
    /// let renderer = Renderer(catalog: try Catalog(root: "Localizations"))
    /// let text = try renderer.render(key: "reminder.title", locale: try LocaleID("de"), arguments: []).text
    /// ```
    public init(catalog: any MessageCatalog) {
        self.catalog = catalog
    }

    /// True for tables written in ICU MessageFormat: the name ends in `.icu`.
    public static func isICUTable(_ table: String) -> Bool { table.hasSuffix(".icu") }

    /// Looks `key` up along `locale`'s chain and renders it with `arguments`.
    public func render(
        key: String, table: String = "Localizable", locale: LocaleID, arguments: [RenderArgument],
        options: RenderOptions = .init()
    ) throws(RenderError) -> RenderResult {
        var failure: RenderError?
        let made = try withCompiled(key: key, table: table, locale: locale) { compiled in
            Self.render(compiled, locale: locale, arguments: arguments, options: options, failure: &failure) { text, details in
                Self.result(text, &details, locale: locale)
            }
        }
        guard let made else { throw failure! }
        return made
    }

    /// Renders like `render(key:table:locale:arguments:options:)` but lends
    /// the text to `body` as UTF-8 bytes (valid only during the call) instead
    /// of making a String: for writers that copy it straight into their
    /// output (`herald format --batch`). `details` holds the rest of the result.
    public func render<Output>(
        key: String, table: String = "Localizable", locale: LocaleID, arguments: [RenderArgument],
        options: RenderOptions = .init(),
        text body: (_ text: UnsafeBufferPointer<UInt8>, _ details: RenderDetails) -> Output
    ) throws(RenderError) -> Output {
        var failure: RenderError?
        let made = try withCompiled(key: key, table: table, locale: locale) { compiled in
            Self.render(compiled, locale: locale, arguments: arguments, options: options, failure: &failure) { text, details in
                body(text, details)
            }
        }
        guard let made else { throw failure! }
        return made
    }

    /// Runs `body` with the compiled entry for (locale, table, key), compiled
    /// and cached on first use. A hit in `slots` lends the entry without a
    /// lock or a retain; otherwise the locked cache answers (and offers its
    /// entry to the slots).
    @inline(__always)
    private func withCompiled<R>(
        key: String, table: String, locale: LocaleID, _ body: (Compiled) -> R
    ) throws(RenderError) -> R {
        let localeID = locale.icuID
        let hash = TemplateCache.hash(locale: localeID, table: table, key: key)
        if let entry = slots.find(hash: hash, locale: localeID, table: table, key: key) {
            return entry._withUnsafeGuaranteedRef { body($0.compiled) }
        }
        let compiled: Compiled
        if let hit = cache.withLock({ $0.find(hash: hash, locale: localeID, table: table, key: key) }) {
            compiled = hit
        } else {
            guard let found = catalog.lookup(key: key, table: table, locale: locale) else {
                throw .keyMissing(
                    key: key, table: table, locale: locale,
                    tried: LocalizationLookup.match(locale, available: catalog.localizations),
                    otherTables: tables(holding: key, besides: table, locale: locale))
            }
            let made = Self.compile(
                found.entry.message, servedBy: found.localization, language: found.language, table: found.table, key: key,
                locale: locale, icu: Self.isICUTable(table))
            compiled = cache.withLock { $0.insert(made, hash: hash, locale: localeID, table: table, key: key) }
        }
        slots.offer(compiled, hash: hash, locale: localeID, table: table, key: key)
        return body(compiled)
    }

    /// The catalog's tables other than `table` that have `key` on `locale`'s chain
    /// (only asked when a key is missing: each table is looked up once).
    private func tables(holding key: String, besides table: String, locale: LocaleID) -> [String] {
        catalog.tableNames.filter { $0 != table && catalog.lookup(key: key, table: $0, locale: locale) != nil }
    }

    /// Renders a message directly (no catalog, no cache): the linter's path
    /// with sample values. The locale both serves and formats; `icu` reads
    /// the message as ICU MessageFormat.
    public func render(
        message: Message, locale: LocaleID, arguments: [RenderArgument], options: RenderOptions = .init(),
        icu: Bool = false
    ) -> RenderResult {
        Self.renderUncached(message: message, locale: locale, arguments: arguments, options: options, icu: icu)
    }

    /// `render(message:…)` without a renderer.
    public static func renderUncached(
        message: Message, locale: LocaleID, arguments: [RenderArgument], options: RenderOptions = .init(),
        icu: Bool = false, servedBy: String? = nil
    ) -> RenderResult {
        renderUncached(message: message, locale: locale, argumentLists: [arguments], options: options, icu: icu, servedBy: servedBy)[0]
    }

    /// `renderUncached` for several argument lists (the linter's sample
    /// values): the message is compiled once and rendered with each list.
    public static func renderUncached(
        message: Message, locale: LocaleID, argumentLists: [[RenderArgument]], options: RenderOptions = .init(),
        icu: Bool = false, servedBy: String? = nil
    ) -> [RenderResult] {
        var results: [RenderResult] = []
        renderUncached(
            message: message, locale: locale, listCount: argumentLists.count, argumentList: { argumentLists[$0] }, options: options,
            icu: icu, servedBy: servedBy
        ) { _, text, details in
            results.append(result(text, &details, locale: locale))
        }
        return results
    }

    /// `renderUncached` for several argument lists, each rendering lent to `each` (with the
    /// list's index) as it is made, as its UTF-8 bytes (valid only during the call) and its
    /// details: the linter renders a long text with several samples without holding every
    /// rendering at once, and without making a String of a rendering it only scans. Each list
    /// is asked of `argumentList` when its turn comes and dropped after: a message reading a
    /// million arguments holds one list, not one per sample.
    public static func renderUncached(
        message: Message, locale: LocaleID, listCount: Int, argumentList: (Int) -> [RenderArgument], options: RenderOptions = .init(),
        icu: Bool = false, servedBy: String? = nil, each: (Int, UnsafeBufferPointer<UInt8>, inout RenderDetails) -> Void
    ) {
        let compiled = compileUncached(message, locale: locale, icu: icu, servedBy: servedBy)
        for i in 0..<listCount {
            let arguments = argumentList(i)
            // A message that cannot be formatted is lent as empty text with its diagnostics.
            var failure: RenderError?
            _ = render(compiled, locale: locale, arguments: arguments, options: options, failure: &failure, lendFailures: true) {
                each(i, $0, &$1)
            }
        }
    }

    /// Number of compiled templates held (at most `maximumCachedTemplates`).
    public var cachedTemplateCount: Int { cache.withLock { $0.count } }

    /// The most compiled templates a renderer's cache holds: when full it
    /// starts over, so a batch with ever new locale tags or keys cannot grow
    /// it without limit. (The lock-free first look-up keeps at most
    /// `TemplateSlots.count` = 256 more alive.)
    public static var maximumCachedTemplates: Int { TemplateCache.limit }

    /// Compiles `message`, served by `servedBy` and written in `language` (the text's
    /// language, `LookupResult.language`), for a request for `locale`.
    static func compile(
        _ message: Message, servedBy: String, language: LocaleID?, table: String, key: String, locale: LocaleID, icu: Bool
    ) -> Compiled {
        // Plural rules: the text's language (the one rule, `LocalizationLookup.pluralLocale`).
        let pluralLocale = LocalizationLookup.pluralLocale(requested: locale, textLanguage: language)
        let messageLocale = LocalizationLookup.messageLocale(requested: locale, textLanguage: language)
        let rtl = servedBy.lowercased() == "base" ? locale.isRightToLeft : (language?.isRightToLeft ?? false)
        let compiler = TemplateCompiler(
            numberLocale: locale, pluralLocale: pluralLocale, messageLocale: messageLocale, rightToLeft: rtl)
        return Compiled(
            node: isMF2Table(table) ? compiler.compileMF2(message) : compiler.compile(message, icu: icu), servedBy: servedBy,
            table: table, key: key, numberLocale: locale,
            rightToLeft: rtl)
    }

    /// A rendering's bytes and details as a result. The details' fields are moved into the
    /// result, not copied (no retain/release pair each).
    static func result(_ text: UnsafeBufferPointer<UInt8>, _ details: inout RenderDetails, locale: LocaleID) -> RenderResult {
        RenderResult(
            text: String(decoding: text, as: UTF8.self), servedBy: exchange(&details.servedBy, with: ""), locale: locale,
            key: exchange(&details.key, with: ""), table: exchange(&details.table, with: ""),
            pluralChoices: exchange(&details.pluralChoices, with: []), diagnostics: exchange(&details.diagnostics, with: []))
    }

    /// Renders `compiled`, lending the text and details to `body`. A message that cannot be
    /// formatted (`RenderState.failure`) is nil with `failure` set, and `body` is not called,
    /// unless `lendFailures`: then `body` gets empty text and the diagnostics that say why.
    static func render<Output>(
        _ compiled: Compiled, locale: LocaleID, arguments: [RenderArgument], tail: RenderArgumentRuns? = nil,
        options: RenderOptions, failure: inout RenderError?, lendFailures: Bool = false, _ body: (UnsafeBufferPointer<UInt8>, inout RenderDetails) -> Output
    ) -> Output? {
        // The state borrows the arguments and the compiled entry for the
        // render: no reference counting per argument or per object read.
        arguments.withUnsafeBufferPointer { args in
            var state = RenderState(
                arguments: args, tail: tail, compiled: compiled, isolate: options.isolateArguments && compiled.rightToLeft)
            // Most texts fit the stack buffer: no allocation for the text.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { storage in
                var out = RenderBuffer(storage)
                if let template = compiled.formatTemplate {
                    template._withUnsafeGuaranteedRef { renderTemplate($0, state: &state, into: &out) }
                } else {
                    renderNode(compiled.node, options: options, state: &state, into: &out)
                }
                if !state.allArgumentsUsed {
                    if let unused = state.unusedArguments {
                        state.diagnose(
                            .warning, .unusedArgument,
                            "\(state.argumentCount) argument(s) given but argument\(unused.count > 1 ? "s" : "") \(unused.text) \(unused.count > 1 ? "are" : "is") not used by the message")
                    }
                }
                var details = RenderDetails(
                    servedBy: compiled.servedBy, key: compiled.key, table: compiled.table,
                    pluralChoices: exchange(&state.plural, with: []), diagnostics: exchange(&state.diagnostics, with: []))
                if let reason = state.failure {
                    guard lendFailures else {
                        failure = .formatFailed(
                            key: compiled.key, table: compiled.table, locale: locale, servedBy: compiled.servedBy, reason: reason)
                        return nil
                    }
                    return body(UnsafeBufferPointer(start: nil, count: 0), &details)
                }
                return out.withBytes { body($0, &details) }
            }
        }
    }

    static func renderNode(_ node: TemplateNode, options: RenderOptions, state: inout RenderState, into out: inout RenderBuffer) {
        switch node {
        case .format(let template):
            renderTemplate(template, state: &state, into: &out)
        case .icu(let template):
            renderICU(template, timeZone: options.timeZone, state: &state, into: &out)
        case .mf2(let template):
            renderMF2(template, isolate: options.isolateArguments, state: &state, into: &out)
        case .widths(let variants):
            guard let chosen = chooseWidth(variants, width: options.width) else {
                state.diagnose(.error, .noVariant, "the width rule has no variants")
                return
            }
            renderNode(chosen, options: options, state: &state, into: &out)
        case .devices(let devices):
            if let node = devices[options.device] ?? devices["other"] {
                renderNode(node, options: options, state: &state, into: &out)
            } else if let firstKey = devices.keys.sorted().first, let node = devices[firstKey] {
                state.diagnose(
                    .warning, .noVariant,
                    "no variant for device '\(Excerpt.escaped(options.device))' and no 'other'; used '\(Excerpt.escaped(firstKey))'")
                renderNode(node, options: options, state: &state, into: &out)
            } else {
                state.diagnose(.error, .noVariant, "the device rule has no variants")
            }
        }
    }

    /// The largest width ≤ `width`, else the smallest; nil width → the largest.
    static func chooseWidth(_ variants: [(width: Int, node: TemplateNode)], width: Int?) -> TemplateNode? {
        guard let first = variants.first else { return nil }
        guard let width else { return variants.last?.node }
        var chosen = first.node
        for v in variants where v.width <= width { chosen = v.node }
        return chosen
    }

    static func renderTemplate(_ template: Template, state: inout RenderState, into out: inout RenderBuffer) {
        if !template.diagnostics.isEmpty {
            for d in template.diagnostics { state.diagnose(d) }
        }
        // A long text's literals are read in place from its format string.
        if var source = template.borrowed {
            source.withUTF8 { renderSteps(template.steps, literals: $0, state: &state, into: &out) }
        } else {
            renderSteps(template.steps, literals: UnsafeBufferPointer(template.literals), state: &state, into: &out)
        }
    }

    /// A `%#@name@` that could not be compiled: reported, the argument shown as is.
    static func renderBroken(_ broken: BrokenVariable, state: inout RenderState, into out: inout RenderBuffer) {
        let diagnostic = broken.diagnostic
        state.diagnose(diagnostic)
        if let arg = state.argument(broken.argumentIndex, for: "%#@\(broken.name)@") {
            out += state.isolate ? SpecifierFormatting.isolateStart + arg.description + SpecifierFormatting.isolateEnd : arg.description
        }
    }

    static func renderVariable(_ v: CompiledVariable, state: inout RenderState, into out: inout RenderBuffer) {
        if !v.diagnostics.isEmpty {
            for d in v.diagnostics { state.diagnose(d) }
        }
        var category = PluralCategory.other
        if let arg = state.argument(v.argumentIndex, for: "%#@\(v.name)@"),
            let value = state.number(arg, index: v.argumentIndex, for: "plural variable '\(Excerpt.escaped(v.name))'")
        {
            category = select(value, variable: v, state: &state)
        }
        var used = category
        // Unretained: the variable owns its forms (see `CompiledVariable.formSteps`).
        var form = v.formSteps[PluralCategory.index(category)]
        if form == nil {
            used = .other
            form = v.formSteps[PluralCategory.index(.other)]
            if form == nil {
                state.diagnose(.error, .pluralFormMissing, "variable '\(Excerpt.escaped(v.name))' has neither a '\(category.rawValue)' nor an 'other' form")
                if let (c, f) = v.forms.min(by: { $0.key < $1.key }) {
                    used = c
                    form = Unmanaged.passUnretained(f)
                }
            }
        }
        if state.plural.isEmpty {
            // The first variable of a render: a shared one-element list, no allocation.
            state.plural = v.choices[PluralCategory.index(used)]
        } else {
            state.choose(used, for: v.name)
        }
        form?._withUnsafeGuaranteedRef { renderTemplate($0, state: &state, into: &out) }
    }
}
