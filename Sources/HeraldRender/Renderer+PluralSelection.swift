import HeraldICU
import HeraldTables
import HeraldDiagnostics

// How a render chooses a plural form: the CLDR category of an argument as the variable's
// value type formats it (integers, fixed decimals, the shortest decimal of a double), with
// Apple's `zero` override for integer 0.
extension Renderer {
    /// The CLDR category of `value` as the variable's value type formats it,
    /// with Apple's `zero` override for integer 0.
    static func select(_ value: NumericValue, variable v: CompiledVariable, state: inout RenderState) -> PluralCategory {
        if let fast = v.integerSelection {
            // The common case: ICU writes the digits into the state (the
            // form's own %d copies them) and selects on them, no String and
            // no reference counting. Falls through to the general path
            // (which reports any problem) when that is not possible.
            if case .signed(let i) = SpecifierFormatting.integer(
                value, length: fast.length, signed: fast.signed, text: v.selectionSpecifier.text, index: v.argumentIndex,
                state: &state),
                let category = fast.formatter._withUnsafeGuaranteedRef({ formatter in
                    fast.rules._withUnsafeGuaranteedRef { rules in
                        selectInteger(i, formatter: formatter, rules: rules, variable: v, state: &state)
                    }
                })
            {
                return category
            }
        }
        if let fast = v.fixedSelection, let category = selectFixed(value.doubleValue, fast, variable: v, state: &state) {
            return category
        }
        guard let rules = v.rules else { return .other }
        let shown: NumericValue
        let formatter: NumberFormat?
        switch v.valueType {
        case .integer(let length, let signed):
            switch SpecifierFormatting.integer(value, length: length, signed: signed, text: v.selectionSpecifier.text, index: v.argumentIndex, state: &state) {
            case .signed(let i): shown = .int(i)
            case .unsigned(let u): shown = u <= UInt64(Int64.max) ? .int(Int64(u)) : .decimal(String(u))
            }
            formatter = v.selectFormatter
        case .fixed:
            let d = value.doubleValue
            guard d.isFinite else { return .other }
            // The double itself, rounded by the variable's formatter (`digits` fraction
            // digits) half-even from its shortest decimal, as the device's %.Nf shows it.
            shown = .double(d)
            formatter = v.selectFormatter
        case .printf(let spec):
            let d = value.doubleValue
            guard d.isFinite else { return .other }
            var conversion = "g"
            if case .exponent = spec.conversion { conversion = "e" }
            let text = SpecifierFormatting.cFormat(conversion, flags: spec.flags.alternate ? "#" : "", precision: spec.precision, d)
            shown = NumericValue(literal: text) ?? .double(d)
            formatter = try? NumberFormat.asWritten(shown, locale: state.numberLocale)
        case .shortest, .asWritten:
            if case .double(let d) = value {
                guard d.isFinite else { return .other }
                shown = shortestDecimal(d)
            } else {
                shown = value
            }
            formatter = try? NumberFormat.asWritten(shown, locale: state.numberLocale)
        }
        guard let formatter else { return .other }
        let category: PluralCategory
        do {
            let (text, selected) = try formatter.formatAndSelect(shown, rules: rules)
            category = selected
            // The form's own %d usually shows the same number with the same formatter: keep the text.
            if case .int(let i) = shown {
                state.lastFixed = nil
                let kept = state.lastIntegerDigits.fill { buffer in
                    text.utf8.count <= buffer.count ? text.utf8.withContiguousStorageIfAvailable { buffer.update(fromContentsOf: $0) } : nil
                }
                state.lastInteger = kept ? (v.argumentIndex, Unmanaged.passUnretained(formatter).toOpaque(), i) : nil
            }
        } catch {
            state.diagnose(.error, .pluralValue, "plural variable '\(Excerpt.escaped(v.name))' cannot select on \(value): \(error)")
            return .other
        }
        // Apple: a `zero` entry is used for 0 even where CLDR has no zero
        // category. POLICY: only for exact integer 0 with an integer value type.
        if category != .zero, v.formTable[0] != nil, case .int(0) = shown {
            if v.valueType.isInteger || { if case .asWritten = v.valueType, case .int = value { return true }; return false }() {
                return .zero
            }
        }
        return category
    }

    /// The shortest decimal that reads back as `d` (Swift's `description`,
    /// without a bare ".0"): 0.81 → "0.81", 8.16 → "8.16", 5.0 → "5".
    /// Magnitudes Swift writes with an exponent (below 1e-4, from 2^53 up)
    /// stay a Double, formatted and selected by the locale's default format.
    static func shortestDecimal(_ d: Double) -> NumericValue {
        var text = d.description
        if text.utf8.contains(UInt8(ascii: "e")) { return .double(d) }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return NumericValue(literal: text) ?? .double(d)
    }

    /// `select` for a fixed value type (`%.2f` forms): printf's digits formatted
    /// and selected by ICU into `state.lastIntegerDigits`, which the form's own
    /// `%.2f` then copies. Nil when not possible (not finite, 1e100 or more, ICU
    /// failing): the general path, which says why, gives the same category.
    @inline(__always)
    static func selectFixed(
        _ d: Double, _ fast: (digits: Int, rules: Unmanaged<PluralRules>, formatter: Unmanaged<NumberFormat>),
        variable v: CompiledVariable, state: inout RenderState
    ) -> PluralCategory? {
        var selected: PluralCategory = .other
        state.lastInteger = nil
        let wrote = state.lastIntegerDigits.fill { buffer in
            fast.formatter._withUnsafeGuaranteedRef { formatter in
                fast.rules._withUnsafeGuaranteedRef { rules in
                    guard let r = formatter.formatAndSelect(fixed: d, digits: fast.digits, rules: rules, into: buffer) else { return nil }
                    selected = r.category
                    return r.count
                }
            }
        }
        guard wrote else {
            state.lastFixed = nil
            return nil
        }
        state.lastFixed = (v.argumentIndex, fast.formatter.toOpaque())
        return selected
    }

    /// `select` for an integer shown by the variable's own formatter: the
    /// digits land in `state.lastIntegerDigits`. Nil when ICU could not write
    /// them there (the caller takes the String path, which reports errors).
    @inline(__always)
    static func selectInteger(
        _ i: Int64, formatter: NumberFormat, rules: PluralRules, variable v: CompiledVariable, state: inout RenderState
    ) -> PluralCategory? {
        var selected: PluralCategory = .other
        state.lastFixed = nil
        let wrote = state.lastIntegerDigits.fill { buffer in
            guard let r = formatter.formatAndSelect(i, rules: rules, into: buffer) else { return nil }
            selected = r.category
            return r.count
        }
        guard wrote else {
            state.lastInteger = nil
            return nil
        }
        state.lastInteger = (v.argumentIndex, Unmanaged.passUnretained(formatter).toOpaque(), i)
        // Apple's `zero` for integer 0, as in `select` (the value type is an integer here).
        if selected != .zero, i == 0, v.formSteps[0] != nil { return .zero }
        return selected
    }
}
