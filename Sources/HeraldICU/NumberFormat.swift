internal import CHeraldICU
public import HeraldPluralCategory

/// A number as Herald passes it to ICU. `decimal` keeps the digits as written,
/// so "1.50" shows two fraction digits and selects its plural on them.
public enum NumericValue: Sendable, Hashable, CustomStringConvertible {
    case int(Int64)
    case double(Double)
    case decimal(String)

    /// Parses a decimal literal ("-12", "1.50", "1e3"). Nil for anything else.
    public init?(literal: String) {
        guard NumericValue.isDecimalLiteral(literal) else { return nil }
        if let i = Int64(literal) { self = .int(i) } else { self = .decimal(literal) }
    }

    static func isDecimalLiteral(_ s: String) -> Bool {
        var it = s.utf8.makeIterator()
        var c = it.next()
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { c = it.next() }
        var digits = 0
        while let d = c, d >= 0x30 && d <= 0x39 { digits += 1; c = it.next() }
        if c == UInt8(ascii: ".") {
            c = it.next()
            while let d = c, d >= 0x30 && d <= 0x39 { digits += 1; c = it.next() }
        }
        if digits == 0 { return false }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            c = it.next()
            if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { c = it.next() }
            var exp = 0
            while let d = c, d >= 0x30 && d <= 0x39 { exp += 1; c = it.next() }
            if exp == 0 { return false }
        }
        return c == nil
    }

    /// The largest number of integer digits a decimal literal may have once
    /// its exponent is applied ("1e100" has 101). Larger literals ("1e400",
    /// "1e999999999") are refused with an error instead of asking ICU for
    /// hundreds or millions of digits.
    public static let maxIntegerDigits = 101
    /// The largest exponent magnitude accepted in a literal ("1e-5000" is refused).
    public static let maxExponent = 5000

    /// Why `s` cannot be formatted, or nil when it can: not a decimal
    /// literal, or out of range (see `maxIntegerDigits`, `maxExponent`).
    static func decimalProblem(_ s: String) -> String? {
        guard isDecimalLiteral(s) else { return "not a decimal number" }
        var mantissa = Substring(s)
        var exponent = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = s[..<e]
            let digits = s[s.index(after: e)...].drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
            if digits.count > 6 { return "exponent out of range (at most ±\(maxExponent))" }
            exponent = Int(s[s.index(after: e)...].drop { $0 == "+" }) ?? 0
            if abs(exponent) > maxExponent { return "exponent out of range (at most ±\(maxExponent))" }
        }
        let unsigned = mantissa.drop { $0 == "-" || $0 == "+" }
        let integerPart = unsigned.prefix { $0 != "." }.drop { $0 == "0" }
        var significantInteger = integerPart.count
        if significantInteger == 0 {
            // 0.00123e5: the first significant digit's position decides.
            let fraction = unsigned.drop { $0 != "." }.dropFirst()
            let leadingZeros = fraction.prefix { $0 == "0" }.count
            significantInteger = fraction.count == leadingZeros ? 0 : -leadingZeros
        }
        if significantInteger + exponent > maxIntegerDigits {
            return "number too large to format (more than \(maxIntegerDigits) integer digits)"
        }
        return nil
    }

    /// The number as written (`1.50`).
    public var description: String {
        switch self {
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .decimal(let s): return s
        }
    }

    /// Fraction digits visible in the literal ("1.50" → 2, "3" → 0; exponent
    /// forms count their mantissa digits less the exponent, never below 0).
    public var visibleFractionDigits: Int {
        guard case .decimal(let s) = self else { return 0 }
        var mantissa = Substring(s)
        var exponent = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = s[..<e]
            exponent = Int(s[s.index(after: e)...].drop { $0 == "+" }) ?? 0
        }
        guard let dot = mantissa.firstIndex(of: ".") else { return max(0, -exponent) }
        return max(0, mantissa.distance(from: dot, to: mantissa.endIndex) - 1 - exponent)
    }

    /// The value as a Double (lossy for huge decimals).
    public var doubleValue: Double {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .decimal(let s): return Double(s) ?? .nan
        }
    }
}

/// A number formatter for one ICU skeleton and locale ("currency/EUR",
/// ".00", "compact-short", "percent scale/100", "" = the locale's default).
/// Opened once through `NumberFormat.for(skeleton:locale:)` and shared; thread safe.
public final class NumberFormat: @unchecked Sendable {
    let handle: OpaquePointer
    /// The ICU number skeleton (`currency/USD`, `.00`).
    public let skeleton: String
    /// The locale it formats for.
    public let locale: LocaleID

    /// By skeleton.
    private static let cache = FormatterCache<String, NumberFormat> { (locale, skeleton) throws(ICUError) in
        try NumberFormat(skeleton: skeleton, locale: locale)
    }

    /// The formatter for `skeleton` in `locale` (cached).
    ///
    /// - Throws: `ICUError` when the skeleton does not parse.
    public static func `for`(skeleton: String, locale: LocaleID) throws(ICUError) -> NumberFormat {
        try cache.value(for: locale, skeleton)
    }

    /// The locale's default decimal format with all visible fraction digits
    /// kept as written (what Apple's localized `%d`/`%@`-numbers look like).
    public static func plainDecimal(for locale: LocaleID) throws(ICUError) -> NumberFormat {
        if let hit = locale.slots.plainDecimal.load() { return hit }
        return locale.slots.plainDecimal.storeIfNil(try .for(skeleton: "", locale: locale))
    }

    /// The locale's decimal format showing exactly `fractionDigits` digits
    /// after the separator ("1.50" stays "1.50"), grouping as the locale does.
    public static func decimal(fractionDigits: Int, locale: LocaleID) throws(ICUError) -> NumberFormat {
        let digits = min(max(fractionDigits, 0), 20)
        let slots = locale.slots
        if digits < LocaleSlots.decimalSlotCount, let hit = slots.decimals[digits].reference.load() { return hit }
        let made = try NumberFormat.for(
            skeleton: digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits), locale: locale)
        if digits < LocaleSlots.decimalSlotCount { return slots.decimals[digits].reference.storeIfNil(made) }
        return made
    }

    /// What a plain localized `%d` (`fractionDigits` 0) or `%.Nf` (N) shows on the device:
    /// CoreFoundation's decimal formatter groups from the first group on (`1.234` in
    /// Spanish and Polish too, where CLDR's minimum grouping leaves `1234` alone), and a
    /// double is rounded half-even from its shortest decimal (2.675 → `2.68`). The same
    /// text as `PrintfNumberFormat` for a specifier without width or flags.
    public static func printf(fractionDigits: Int, locale: LocaleID) throws(ICUError) -> NumberFormat {
        let digits = min(max(fractionDigits, 0), 20)
        return try .for(
            skeleton: (digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)) + " group-on-aligned",
            locale: locale)
    }

    /// Whole numbers without grouping in the locale's own digits (its default
    /// numbering system, or the one its `-u-nu-` keyword names): numbers that
    /// stand inside a sentence, such as a ticket's drawn numbers or a prize
    /// tier ("5 12 23" → ar "٥ ١٢ ٢٣", fa "۵ ۱۲ ۲۳", bn "৫ ১২ ২৩").
    public static func plainInteger(for locale: LocaleID) throws(ICUError) -> NumberFormat {
        try .for(skeleton: "precision-integer group-off", locale: locale)
    }

    /// `text` with every ASCII digit written in the locale's digits
    /// (`plainInteger`'s numbering system): "5+1" → ar "٥+١", "05" → "٠٥".
    /// Text without ASCII digits comes back as is.
    public static func localizingDigits(in text: String, locale: LocaleID) -> String {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
            let format = try? plainInteger(for: locale)
        else { return text }
        // Every default numbering system in CLDR is decimal and positional,
        // so a number's digits are those of its digits one by one.
        let digits = (0...9).map { format.format(Int64($0)) }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                out += digits[Int(scalar.value - 0x30)]
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Scientific notation as Apple's localized `%e`/`%E` prints it:
    /// `fractionDigits` after the separator, an upper-case `E`, a signed
    /// exponent of at least two digits, in the locale's symbols and digits
    /// (1234.5 → en `1.234500E+03`, de `1,234500E+03`). `%e` uses 6 digits.
    public static func scientific(fractionDigits: Int = 6, locale: LocaleID) throws(ICUError) -> NumberFormat {
        let digits = min(max(fractionDigits, 0), 20)
        let precision = digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
        return try .for(skeleton: "scientific/+ee/sign-always " + precision, locale: locale)
    }

    /// A formatter that shows `value` as written: its visible fraction digits kept.
    public static func asWritten(_ value: NumericValue, locale: LocaleID) throws(ICUError) -> NumberFormat {
        switch value {
        case .int: return try decimal(fractionDigits: 0, locale: locale)
        case .double: return try plainDecimal(for: locale)
        case .decimal: return try decimal(fractionDigits: value.visibleFractionDigits, locale: locale)
        }
    }

    private init(skeleton: String, locale: LocaleID) throws(ICUError) {
        guard skeleton.utf8.count < 4096, !skeleton.utf8.contains(0) else {
            throw ICUError(message: "skeleton too long or contains NUL", operation: "number skeleton", locale: locale.icuID, input: skeleton)
        }
        let h = try icuOpen("number skeleton", locale: locale, input: skeleton) { status, offset in
            hicu_number_open(skeleton, locale.icuID, offset, status)
        }
        self.handle = h
        self.skeleton = skeleton
        self.locale = locale
    }

    deinit { hicu_number_close(handle) }

    /// `value` as the locale writes it.
    public func format(_ value: Int64) -> String {
        (try? icuString(operation: "format number") { hicu_number_format_int(handle, value, $0, $1, $2) }) ?? String(value)
    }

    /// `value` as the locale writes it.
    public func format(_ value: Int) -> String { format(Int64(value)) }

    /// NaN and infinities format as ICU shows them ("NaN", "∞").
    public func format(_ value: Double) -> String {
        (try? icuString(operation: "format number") { hicu_number_format_double(handle, value, $0, $1, $2) }) ?? String(value)
    }

    /// Formats a decimal literal as written. Throws for text that is not a
    /// decimal number.
    public func format(decimal: String) throws(ICUError) -> String {
        if let problem = NumericValue.decimalProblem(decimal) {
            throw ICUError(message: problem, operation: "format number", locale: locale.icuID, input: decimal)
        }
        return try icuString(operation: "format number", locale: locale.icuID, input: decimal) {
            hicu_number_format_decimal(handle, decimal, Int32(decimal.utf8.count), $0, $1, $2)
        }
    }

    /// `value` as the locale writes it, its written decimals kept.
    ///
    /// - Throws: `ICUError` for a value ICU cannot format.
    public func format(_ value: NumericValue) throws(ICUError) -> String {
        switch value {
        case .int(let i): return format(i)
        case .double(let d): return format(d)
        case .decimal(let s): return try format(decimal: s)
        }
    }

    /// Formats `value` and selects its plural category on the formatted
    /// result (uplrules_selectFormatted): `1` → one, `1.0` → other in English.
    /// NaN and infinite doubles show as ICU prints them ("NaN", "∞") and
    /// select `other`; decimal literals out of range (see
    /// `NumericValue.maxIntegerDigits`) or malformed are errors.
    public func formatAndSelect(_ value: NumericValue, rules: PluralRules) throws(ICUError)
        -> (text: String, category: PluralCategory)
    {
        switch value {
        case .int(let i): return try formatSelect(kind: .int64, int: i, rules: rules)
        case .double(let d): return try formatSelect(kind: .double, double: d, rules: rules)
        case .decimal(let s):
            if let problem = NumericValue.decimalProblem(s) {
                throw ICUError(message: problem, operation: "format number", locale: locale.icuID, input: s)
            }
            return try formatSelect(kind: .decimal, decimal: s, rules: rules)
        }
    }

    /// Formats `value` as UTF-8 straight into `buffer` (no String is made):
    /// the number of bytes written, or nil when ICU fails or the text does not
    /// fit (the caller then uses `format(_:)`). For hot loops that append the
    /// digits to their own output.
    public func format(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        let capacity = Int32(clamping: buffer.count)
        var status: Int32 = 0
        let n = base.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) {
            hicu_number_format_int(handle, value, $0, capacity, &status)
        }
        guard status <= 0, n >= 0, n < capacity else { return nil }
        return Int(n)
    }

    /// `formatAndSelect` for an integer, writing the UTF-8 text into `buffer`
    /// instead of making a String: (bytes written, category), or nil when ICU
    /// fails or the text does not fit (the caller then uses the String API,
    /// which reports the error).
    public func formatAndSelect(_ value: Int64, rules: PluralRules, into buffer: UnsafeMutableBufferPointer<UInt8>)
        -> (count: Int, category: PluralCategory)?
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        let capacity = Int32(clamping: buffer.count)
        var status: Int32 = 0
        var category = HICUPluralCategory.notSelected
        let n = base.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) {
            hicu_number_format_select_index(handle, rules.handle, .int64, value, 0, nil, 0, 0, $0, capacity, &category, &status)
        }
        guard status <= 0, n >= 0, n < capacity else { return nil }
        return (Int(n), PluralCategory(category))
    }

    /// `value` shown by this formatter (whose skeleton shows `digits` fraction digits),
    /// rounded half-even from the double's shortest decimal as the device's localized
    /// `%.Nf` rounds it (2.675 → 2.68), written as UTF-8 into `buffer`, with
    /// its plural category when `rules` is given (`other` without): (bytes written,
    /// category). Nil when the value is not finite or not below 1e100 in magnitude,
    /// `digits` is outside 0...20, ICU fails or the text does not fit; the caller then
    /// takes its String path, which says what went wrong.
    public func formatAndSelect(
        fixed value: Double, digits: Int, rules: PluralRules?, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> (count: Int, category: PluralCategory)? {
        guard let base = buffer.baseAddress, buffer.count > 0, (0...20).contains(digits) else { return nil }
        let capacity = Int32(clamping: buffer.count)
        var status: Int32 = 0
        var category = HICUPluralCategory.notSelected
        let n = base.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) {
            hicu_number_format_select_index(
                handle, rules?.handle, .fixed, 0, value, nil, 0, Int32(digits), $0, capacity, &category, &status)
        }
        guard status <= 0, n >= 0, n < capacity else { return nil }
        return (Int(n), PluralCategory(category))
    }

    /// Formats an exact amount given in minor units (`123450` with 2 digits is
    /// 1234.50) and, when `rules` is given, selects the plural category of the
    /// formatted text. `digits` must be 0...18.
    public func formatAndSelect(minorUnits: Int64, digits: Int, rules: PluralRules?) throws(ICUError)
        -> (text: String, category: PluralCategory?)
    {
        guard (0...18).contains(digits) else {
            throw ICUError(message: "fraction digits \(digits) outside 0...18", operation: "format number", locale: locale.icuID)
        }
        let r = try formatSelect(kind: .minorUnits, int: minorUnits, digits: Int32(digits), rules: rules)
        return (r.text, rules == nil ? nil : r.category)
    }

    @inline(__always)
    private func formatSelect(
        kind: HICUNumberKind, int: Int64 = 0, double: Double = 0, decimal: String? = nil, digits: Int32 = 0,
        rules: PluralRules?
    ) throws(ICUError) -> (text: String, category: PluralCategory) {
        var category = HICUPluralCategory.notSelected
        let rulesHandle = rules?.handle
        let text: String
        if let decimal {
            let length = Int32(decimal.utf8.count)
            text = try icuString(operation: "format number", locale: locale.icuID, input: decimal) {
                hicu_number_format_select_index(handle, rulesHandle, kind, 0, 0, decimal, length, digits, $0, $1, &category, $2)
            }
        } else {
            text = try icuString(operation: "format number", locale: locale.icuID) {
                hicu_number_format_select_index(handle, rulesHandle, kind, int, double, nil, 0, digits, $0, $1, &category, $2)
            }
        }
        return (text, PluralCategory(category))
    }
}

extension PluralCategory {
    /// From the shim's category; `other` when none was selected.
    init(_ category: HICUPluralCategory) {
        switch category {
        case .zero: self = .zero
        case .one: self = .one
        case .two: self = .two
        case .few: self = .few
        case .many: self = .many
        case .other, .notSelected: self = .other
        }
    }
}
