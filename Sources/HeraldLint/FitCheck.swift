// The `fit` rule (Docs/fit.md): every notification message, in every locale, rendered with
// sample arguments and laid out with real fonts on every surface of the fit table; where
// the device cuts it, what the user would see. Self-contained: the run calls `checkFit`
// for each notification entry.
import HeraldDiagnostics
import HeraldFit
import HeraldICU
import HeraldRender
import HeraldTables
import HeraldSync

extension LintRun {
    /// A name as long as the ones users type, for `%@` arguments.
    static let fitSampleName = "Alexandra Schneider"

    /// Lays out `ctx`'s entry on every surface (a notification key of any locale).
    mutating func checkFit(_ ctx: EntryContext, _ own: MessageArguments) {
        guard configuration.severity(of: .fit) != nil, let plan = ctx.plan else { return }
        if case .phrases = ctx.entry.message { return }
        let engine = TextEngine.shared(configuration.fit)
        if let why = engine.unavailable {
            if !fitNoted {
                fitNoted = true
                diagnostics.append(Diagnostic(
                    .fit, .note, "layout engine unavailable: \(why); notification texts were not measured (Docs/fit.md)",
                    at: .file(ctx.textOrigin), subject: Diagnostic.Subject(locale: ctx.localization, table: ctx.table, key: ctx.entry.key)))
            }
            return
        }
        let kind = LineKind.of(key: ctx.entry.key)
        let locale = plan.locale
        let icu = Renderer.isICUTable(ctx.table)
        // Samples: a number of each plural category (its longest representative) with every
        // text argument the longest amount the locale prints, then with a long name (or the
        // texts the configuration's "arguments" give for the key).
        var numbers: [String] = ["3"]
        if own.uses.distinctUses.contains(where: { $0.argClass == .number }) || icu {
            numbers = plan.categories.compactMap { c in plan.samples[c].flatMap { PluralSamples.representative($0.integers).last } }
            if numbers.isEmpty { numbers = ["3"] }
        }
        let count = icu ? 4 : own.argumentCount
        let numeric = (0..<count).map { i in
            icu || (own.uses[i] ?? []).contains { $0.argClass == .number || $0.argClass == .integer || $0.argClass == .floating }
        }
        let dates = icu ? Set(ctx.texts.flatMap { Renderer.icuDateArgumentPositions(in: $0.value) }) : []
        let amount = Self.longestAmount(locale)
        let name = ctx.table + ":" + ctx.entry.key
        let given = configuration.fit.arguments.first { Glob($0.pattern, separator: nil).matches(name) }?.values
        let texts = given ?? (numeric.contains(false) ? [amount, Self.fitSampleName] : [amount])
        var lists: [(number: String, text: String)] = []
        for n in numbers { for t in texts { lists.append((n, t)) } }
        var worst: (text: String, surface: Surface, layout: TextLayout, sample: (number: String, text: String), lost: Int, digits: Bool)? = nil
        var cutOn: [String] = []
        let surfaces = configuration.fit.surfaces
        // One rendering (list i's) on every surface: shaped once per size and weight, laid out
        // at each surface's width.
        func layOut(_ text: String, _ i: Int) {
            // A few sizes and weights at most: found by a look down a short list.
            var measured: [(size: Double, weight: Int, text: MeasuredText)] = []
            for surface in surfaces {
                guard let style = surface.styles[kind] else { continue }
                let m: MeasuredText
                if let hit = measured.first(where: { $0.size == style.size && $0.weight == style.weight }) {
                    m = hit.text
                } else {
                    m = MeasuredText(text, locale: locale.bcp47, size: style.size, weight: style.weight, engine: engine)
                    measured.append((style.size, style.weight, m))
                }
                let layout = m.layout(lines: style.lines, width: surface.lineWidth(kind))
                guard let cut = layout.cut else { continue }
                if !cutOn.contains(surface.label) { cutOn.append(surface.label) }
                let rest = String(decoding: Array(text.utf16)[cut...], as: UTF16.self).unicodeScalars
                let lost = rest.filter { !Self.isBidiControl($0) }.count
                let digits = rest.contains { $0.properties.numericType == .decimal }
                if worst == nil || (digits && !worst!.digits) || (digits == worst!.digits && lost > worst!.lost) {
                    worst = (text, surface, layout, lists[i], lost, digits)
                }
            }
        }
        // Plain text that is never formatted is shown as written: nothing to render.
        if case .plain(let t) = ctx.entry.message, !own.isFormat, !icu {
            layOut(t.value, 0)
        } else {
            Renderer.renderUncached(
                message: ctx.entry.message, locale: locale, listCount: lists.count,
                argumentList: { s in numeric.enumerated().map { i, isNumber in .string(dates.contains(i) ? Self.sampleDate : isNumber ? lists[s].number : lists[s].text) } },
                options: RenderOptions(isolateArguments: true), icu: icu,
                servedBy: ctx.localization.lowercased() == "base" ? nil : ctx.localization
            ) { i, bytes, details in
                guard details.diagnostics.allSatisfy({ $0.severity != .error }) else { return }
                layOut(String(decoding: bytes, as: UTF8.self), i)
            }
        }
        guard let w = worst, let cut = w.layout.cut else { return }
        let style = w.surface.styles[kind]!
        let lines = style.lines == 1 ? "one line" : "\(style.lines) lines"
        let arguments = numeric.isEmpty ? "" : " with " + (numeric.contains(true) ? w.sample.number : "") + (numeric.contains(true) && numeric.contains(false) ? " and " : "")
            + (numeric.contains(false) ? Excerpt.quoted(w.sample.text) : "")
        let loss = w.digits ? "a number is cut off" : "\(w.lost) character\(w.lost == 1 ? "" : "s") cut off"
        emit(.fit, ctx.place(ctx.textOrigin),
             "\(Excerpt.quoted(ctx.entry.key)) in \(ctx.localization) does not fit \(cutOn.joined(separator: ", ")) (\(kind.rawValue): \(lines) of \(Self.points(w.surface.lineWidth(kind))) pt)\(arguments): the user sees \(Excerpt.quoted(TextLayout.quote(w.text, cut: cut, from: w.layout.lineStarts[w.layout.linesShown - 1]))) — \(loss)",
             severity: w.digits ? .error : .warning)
    }

    static func points(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// The longest amount the locale prints among common currencies (1,234,567.89 of each),
    /// found once per locale.
    static func longestAmount(_ locale: LocaleID) -> String {
        if let known = longestAmounts.withLock({ $0[locale.bcp47] }) { return known }
        let best = findLongestAmount(locale)
        longestAmounts.withLock { $0[locale.bcp47] = best }
        return best
    }

    private static let longestAmounts = Locked<[String: String]>([:])

    private static func findLongestAmount(_ locale: LocaleID) -> String {
        var best = ""
        for code in ["EUR", "USD", "GBP", "CHF", "JPY", "INR", "BRL", "PLN", "SEK", "TRY", "CNY", "KRW", "RUB", "SAR"] {
            guard let f = try? Currency.formatter(currency: code, locale: locale),
                let s = try? f.format(minorUnits: f.fractionDigits == 0 ? 1_234_568 : 123_456_789 * Int64(pow10(f.fractionDigits - 2)))
            else { continue }
            if s.count > best.count { best = s }
        }
        return best.isEmpty ? "1,234,567.89" : best
    }

    private static func pow10(_ n: Int) -> Int {
        var v = 1
        for _ in 0..<max(n, 0) { v *= 10 }
        return v
    }
}
