import HeraldICU
import HeraldPayload
import HeraldRender
import HeraldTables
import HeraldJSON
import HeraldDiagnostics

// Render checks: every entry rendered for its own locale with sample values,
// one per plural category the locale has (ICU's samples, integers and, for
// non-integer variables, decimals). Then the push budget.

extension LintRun {
    /// The sample text given to `%@` arguments.
    static let sampleText = "Ada"
    /// The instant an ICU pattern's date arguments are rendered with.
    static let sampleDate = "2026-11-18T20:00:00Z"

    mutating func checkRender(_ ctx: EntryContext, _ own: MessageArguments, isFormat: Bool) {
        let entry = ctx.entry
        let icu = Renderer.isICUTable(ctx.table)
        let notification = ctx.isNotification
        // A phrase set is shown as written (no arguments, no formatting): only bidi controls can go wrong.
        if case .phrases(let phrases) = entry.message {
            for p in phrases {
                if let why = Self.bidiProblem(p.value) { emit(.bidiControl, ctx.place(p.origin), "\(Excerpt.quoted(entry.key)) in \(ctx.localization): \(why)") }
            }
            return
        }
        // A plain text that reads no argument renders as itself: check it as is.
        // Plain text that is never formatted is shown exactly as written.
        if case .plain(let t) = entry.message, !isFormat, !icu {
            checkOutput(t.value, ctx, sample: nil, origin: t.origin, asWritten: true)
            if notification { checkPush(ctx) }
            return
        }
        // Only objects (%@) to insert: the rendered text is the literal text
        // with the sample in each place, known without running the renderer.
        if !icu, let output = own.staticOutput {
            checkOutput(output, ctx, sample: nil, origin: ctx.textOrigin)
            if notification { checkPush(ctx) }
            return
        }
        guard let plan = ctx.plan else {
            if notification { checkPush(ctx) }
            return
        }
        // Sample values: per category, a few integer samples of different
        // lengths (ru `one`: 1, 21, 101), plus decimals when a plural variable
        // is not integer-typed.
        var samples: [String] = []
        var hasPlural = false
        var decimals = false
        for u in own.uses.distinctUses {
            if u.argClass == .number { hasPlural = true }
            if u.argClass == .floating { decimals = true }
        }
        if case .plural(_, let vars) = entry.message, vars.values.contains(where: { !ValueType.isInteger($0.valueType) && $0.valueType != nil }) {
            decimals = true
        }
        if icu, ctx.texts.contains(where: { $0.value.contains("plural") || $0.value.contains("selectordinal") }) {
            hasPlural = true
            decimals = true
        }
        if hasPlural {
            samples.append("0")
            for c in plan.categories {
                if let s = plan.samples[c] {
                    for i in PluralSamples.representative(s.integers) where !samples.contains(i) { samples.append(i) }
                    if decimals {
                        for d in PluralSamples.representative(s.decimals, limit: 2) where !samples.contains(d) { samples.append(d) }
                    }
                }
            }
        } else {
            samples.append(own.uses.isEmpty ? "0" : "3")
        }
        // ICU patterns bind {0}, {1}… or names in order of use: give a few values that read as numbers and text alike.
        let count = icu ? 4 : own.argumentCount
        // Each of these is said once per message, for the first sample that shows it.
        var icuReported = false, unknownVariableReported = false, outputReported = false
        let origin = ctx.textOrigin
        // Which arguments take the sample number, which the sample text.
        let numeric = (0..<count).map { i in
            icu || (own.uses[i] ?? []).contains { $0.argClass == .number || $0.argClass == .integer || $0.argClass == .floating }
        }
        // A date of an ICU pattern ({0, date, short}) gets an instant: a plural's sample is not one.
        let dates = icu ? Set(ctx.texts.flatMap { Renderer.icuDateArgumentPositions(in: $0.value) }) : []
        // One sample's argument list at a time (a form of a million `%@` reads a million).
        // As runs of equal values: a form reading half a million arguments gets a run or two.
        let argumentRuns = { (s: Int) -> RenderArgumentRuns in
            let sample = samples[s]
            var runs = RenderArgumentRuns()
            for (i, isNumber) in numeric.enumerated() {
                runs.append(.string(dates.contains(i) ? Self.sampleDate : isNumber ? sample : Self.sampleText))
            }
            return runs
        }
        // Compiled once, rendered with every sample.
        Renderer.renderUncached(
            message: entry.message, locale: plan.locale, listCount: samples.count, argumentRuns: argumentRuns,
            options: RenderOptions(isolateArguments: true),
            icu: icu, servedBy: ctx.localization.lowercased() == "base" ? nil : ctx.localization
        ) { i, text, details in
            let sample = samples[i]
            for d in details.diagnostics where d.rule == .icu || d.rule == .recursion {
                if !icuReported {
                    icuReported = true
                    emit(.renderICU, ctx.place(origin), "rendering \(Excerpt.quoted(entry.key)) in \(ctx.localization) with \(sample) failed: \(d.message)")
                }
            }
            for d in details.diagnostics where d.rule == .unknownVariable {
                if !unknownVariableReported {
                    unknownVariableReported = true
                    emit(.renderLeftoverSpecifier, ctx.place(origin), "\(Excerpt.quoted(entry.key)) in \(ctx.localization): \(d.message); nothing can fill it")
                }
            }
            let before = diagnostics.count
            if !outputReported {
                checkOutput(text, ctx, sample: sample, origin: origin)
                outputReported = diagnostics.count > before
            }
        }
        if notification { checkPush(ctx) }
    }

    /// Leftover specifiers, empty output, misplaced bidi controls.
    /// `asWritten`: plain text that is never formatted, shown exactly as written.
    mutating func checkOutput(_ text: String, _ ctx: EntryContext, sample: String?, origin: Origin, asWritten: Bool = false) {
        var text = text
        text.withUTF8 { checkOutput($0, ctx, sample: sample, origin: origin, asWritten: asWritten) }
    }

    /// `checkOutput` on a rendering's UTF-8 bytes, read in place: no String of a rendering is
    /// made (a long one would be held twice), only of the few bytes a diagnostic quotes.
    mutating func checkOutput(_ bytes: UnsafeBufferPointer<UInt8>, _ ctx: EntryContext, sample: String?, origin: Origin, asWritten: Bool = false) {
        let with = sample.map { " with \($0)" } ?? ""
        // Most texts have no '%' and no bidi controls; a byte scan says so without decoding.
        var percent = false
        var maybeBidi = false
        var visibleASCII = false
        for b in bytes {
            if b == 0x25 { percent = true } else if b == 0xE2 || b == 0xD8 { maybeBidi = true }
            if b > 0x20 && b < 0x7F { visibleASCII = true }
        }
        if percent, LeftoverSpecifiers.first(in: bytes) != nil, let left = Self.unintendedLeftover(bytes, ctx, asWritten: asWritten) {
            emit(.renderLeftoverSpecifier, ctx.place(origin),
                 "\(Excerpt.quoted(ctx.entry.key)) renders in \(ctx.localization)\(with) with '\(Excerpt.escaped(left))' left in the text: \(Self.quotedExcerpt(bytes))")
        }
        let visible = visibleASCII || UTF8Scalars(bytes).contains { s in
            !(s.properties.isWhitespace || Self.isBidiControl(s) || s.value == 0x200B || s.value == 0xFEFF)
        }
        // A blank source may be deliberate; a translation that blanks a visible source is not.
        if !visible, ctx.sourceTexts.contains(where: { t in t.value.unicodeScalars.contains { !$0.properties.isWhitespace } }),
            !ctx.texts.contains(where: { $0.value.isEmpty })
        {
            emit(.renderEmpty, ctx.place(origin), "\(Excerpt.quoted(ctx.entry.key)) renders as empty text in \(ctx.localization)\(with)")
        }
        if maybeBidi, let why = Self.bidiProblem(UTF8Scalars(bytes)) {
            emit(.bidiControl, ctx.place(origin), "\(Excerpt.quoted(ctx.entry.key)) in \(ctx.localization): \(why)")
        }
    }

    /// The first specifier left in a rendering that its author did not write on purpose, nil
    /// when every one is: a format string's `%%u` is the text "%u" (an app that shows the
    /// format for the user to edit), and plain text shown as written keeps "100%-osan" (a
    /// percent sign, a hyphen, a suffix), so only a bare specifier (`%@`, `%d`, `%1$@`)
    /// counts there.
    static func unintendedLeftover(_ bytes: UnsafeBufferPointer<UInt8>, _ ctx: EntryContext, asWritten: Bool) -> String? {
        let flags = Set("-+ #0'")
        for left in LeftoverSpecifiers.all(in: String(decoding: bytes, as: UTF8.self)) {
            if asWritten {
                if let second = left.dropFirst().first, flags.contains(second) { continue }
            } else if ctx.texts.contains(where: { $0.value.contains("%" + left) }) {
                continue
            }
            return left
        }
        return nil
    }

    /// `Excerpt.quoted` of a rendering's text, decoding only the bytes it can show: the
    /// excerpt reads at most `defaultLimit + 1` scalars, and a scalar (or a repaired
    /// ill-formed sequence) is at most 4 bytes, so the first `(defaultLimit + 2) × 4` bytes
    /// hold them all whole, whatever scalar the cut splits after them.
    static func quotedExcerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let shown = UnsafeBufferPointer(rebasing: bytes.prefix(Self.excerptBytes))
        return Excerpt.quoted(String(decoding: shown, as: UTF8.self))
    }

    /// The bytes of a rendering `quotedExcerpt` decodes.
    static let excerptBytes = (Excerpt.defaultLimit + 2) * 4

    static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Unbalanced embeddings (LRE RLE LRO RLO … PDF) or isolates (LRI RLI
    /// FSI … PDI), and overrides, which reorder the text they cover.
    static func bidiProblem(_ text: String) -> String? {
        bidiProblem(text.unicodeScalars)
    }

    /// `bidiProblem` over scalars as they come (a rendering's bytes are not made a String).
    static func bidiProblem(_ scalars: some Sequence<Unicode.Scalar>) -> String? {
        var embeddings = 0
        var isolates = 0
        for s in scalars {
            switch s.value {
            case 0x202D, 0x202E:
                return "a bidi override U+\(String(s.value, radix: 16, uppercase: true)) reverses the text it covers; use an isolate (U+2066–U+2069) or a mark (U+200E/U+200F)"
            case 0x202A, 0x202B: embeddings += 1
            case 0x202C:
                if embeddings == 0 { return "U+202C (pop directional formatting) closes an embedding that was never opened" }
                embeddings -= 1
            case 0x2066, 0x2067, 0x2068: isolates += 1
            case 0x2069:
                if isolates == 0 { return "U+2069 (pop directional isolate) closes an isolate that was never opened" }
                isolates -= 1
            default: break
            }
        }
        if embeddings > 0 { return "\(embeddings) bidi embedding\(embeddings == 1 ? " is" : "s are") never closed with U+202C; the text after it is laid out in the wrong direction" }
        if isolates > 0 { return "\(isolates) bidi isolate\(isolates == 1 ? " is" : "s are") never closed with U+2069" }
        return nil
    }

    // MARK: - push budget

    /// The worst-case payload against 4096 bytes (whether the text fits a lock screen is the
    /// fit rule's: FitCheck.swift).
    mutating func checkPush(_ ctx: EntryContext) {
        let worst = Self.worstCaseBytes(ctx.entry.message, argumentBytes: configuration.pushArgumentBytes, depth: 0)
        let envelope = #"{"aps":{"alert":{"body":""}}}"#.utf8.count
        let total = worst + envelope + configuration.pushOverheadBytes
        let origin = ctx.textOrigin
        if total > 4096 {
            emit(.pushPayloadSize, ctx.place(origin),
                 "\(Excerpt.quoted(ctx.entry.key)) in \(ctx.localization) can make a \(total)-byte payload (body up to \(worst) bytes with \(configuration.pushArgumentBytes)-byte arguments, plus \(envelope + configuration.pushOverheadBytes) bytes of envelope); APNs rejects payloads over 4096 bytes")
        }
    }

    /// Bytes of the longest body `message` can produce, JSON-escaped, with
    /// every argument taking `argumentBytes` (specifier text replaced).
    static func worstCaseBytes(_ message: Message, argumentBytes: Int, depth: Int) -> Int {
        largest(message, depth: depth) { text, _ in textBytes(text, argumentBytes: argumentBytes) }
    }

    /// The largest `measure` of a text `message` can show: a plural message's format
    /// string plus each variable's largest form (less `reference` for the `%#@name@` the
    /// form replaces), the largest width or device variant, the primary phrase (its '%'
    /// escaped: a phrase is literal text). `measure` is told whether `%arg` is a specifier.
    static func largest(_ message: Message, depth: Int, reference: Int = 0, measure: (String, Bool) -> Int) -> Int {
        guard depth < 16 else { return 0 }
        switch message {
        case .plain(let t):
            return measure(t.value, false)
        case .plural(let format, let vars):
            var total = measure(format.value, false)
            for v in vars.values {
                total += (v.forms.values.map { measure($0.value, v.argNum != nil) }.max() ?? 0) - reference
            }
            return max(total, 0)
        case .widths(let ws):
            return ws.map { largest($0.message, depth: depth + 1, reference: reference, measure: measure) }.max() ?? 0
        case .devices(let ds):
            return ds.values.map { largest($0, depth: depth + 1, reference: reference, measure: measure) }.max() ?? 0
        case .phrases(let ps):
            return ps.first.map { measure($0.value.replacingOccurrences(of: "%", with: "%%"), false) } ?? 0
        }
    }

    /// JSON-escaped UTF-8 bytes of a text, each specifier counted as `argumentBytes`.
    static func textBytes(_ s: String, argumentBytes: Int) -> Int {
        var n = 0
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22, 0x5C: n += 2
            case 0..<0x20: n += 6
            case 0x20..<0x80: n += 1
            case 0x80..<0x800: n += 2
            case 0x800..<0x10000: n += 3
            default: n += 4
            }
        }
        let parsed = FormatStringParser.parse(s, substitutionArgument: true)
        for spec in parsed.specifierSequence {
            if case .variable = spec.conversion { continue }
            n += argumentBytes - spec.utf8Range.count
        }
        return max(n, 0)
    }
}
