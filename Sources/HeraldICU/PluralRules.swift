internal import CHeraldICU
public import HeraldPluralCategory

/// Which plural rules: for counts (`cardinal`) or positions (`ordinal`).
public enum PluralType: Sendable, Hashable {
    case cardinal
    case ordinal

    var icu: HICUPluralType { self == .ordinal ? .ordinal : .cardinal }
}

/// CLDR plural rules for one locale and type, from ICU. Open with
/// `PluralRules.for(_:type:)`, which caches. Thread safe.
public final class PluralRules: @unchecked Sendable {
    // The handle is immutable after opening and ICU's select is const.
    let handle: OpaquePointer
    /// The locale.
    public let locale: LocaleID
    /// Cardinal or ordinal.
    public let type: PluralType
    /// The categories this language uses, in CLDR order (always ends in `other`).
    public let categories: [PluralCategory]

    /// By plural type.
    private static let cache = FormatterCache<PluralType, PluralRules> { (locale, type) throws(ICUError) in
        try PluralRules(locale: locale, type: type)
    }

    /// The rules for `locale` (cached).
    ///
    /// - Throws: `ICUError` when ICU has no rules for it.
    public static func `for`(_ locale: LocaleID, type: PluralType = .cardinal) throws(ICUError)
        -> PluralRules
    {
        let slots = locale.slots
        if let hit = type == .cardinal ? slots.cardinal.load() : slots.ordinal.load() { return hit }
        let rules = try cache.value(for: locale, type)
        return type == .cardinal ? slots.cardinal.storeIfNil(rules) : slots.ordinal.storeIfNil(rules)
    }

    private init(locale: LocaleID, type: PluralType) throws(ICUError) {
        let h = try icuOpen("plural rules", locale: locale) { status, _ in hicu_plural_open(locale.icuID, type.icu, status) }
        self.handle = h
        self.locale = locale
        self.type = type
        let words = try icuString(operation: "plural keywords", locale: locale.icuID) {
            hicu_plural_keywords(h, $0, $1, $2)
        }
        self.categories = words.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
    }

    deinit { hicu_plural_close(handle) }

    /// The category of a number given only as a double. It cannot see visible
    /// fraction digits (`1.0` looks like `1`); prefer `NumberFormat.formatAndSelect`.
    public func select(_ value: Double) -> PluralCategory {
        let word = (try? icuString(operation: "plural select") {
            hicu_plural_select_double(handle, value, $0, $1, $2)
        }) ?? "other"
        return PluralCategory(rawValue: word) ?? .other
    }

    /// The category of a decimal number as written ("1.0", "21", "1.50"):
    /// it is shown with exactly the fraction digits it has.
    public func select(decimal: String) throws(ICUError) -> PluralCategory {
        let value = NumericValue.decimal(decimal)
        return try NumberFormat.asWritten(value, locale: locale).formatAndSelect(value, rules: self).category
    }

    /// CLDR's rule text for `category` ("v = 0 and i % 10 = 1 …"), empty for
    /// an unconditional `other`.
    public func rule(for category: PluralCategory) -> String {
        splitSamples(category).rule
    }

    /// CLDR's sample values for `category`, as decimal strings exactly as they
    /// would be shown ("1", "21", "0.0", "1.5"). Ranges ("2~4") are expanded to
    /// their ends and, for integers, the values in between (at most 10 each);
    /// compact forms ("1c6") are skipped.
    public func samples(for category: PluralCategory) -> (integers: [String], decimals: [String]) {
        let parts = splitSamples(category)
        return (expand(parts.integers, decimal: false), expand(parts.decimals, decimal: true))
    }

    private func splitSamples(_ category: PluralCategory) -> (rule: String, integers: String, decimals: String) {
        guard categories.contains(category) else { return ("", "", "") }
        let text =
            (try? icuString(operation: "plural samples", locale: locale.icuID) {
                hicu_plural_rule_with_samples(locale.icuID, type.icu, category.rawValue, $0, $1, $2)
            }) ?? ""
        var rule = Substring(text)
        var integers = Substring("")
        var decimals = Substring("")
        if let (before, after) = rule.splitOnce("@decimal") {
            decimals = after
            rule = before
        }
        if let (before, after) = rule.splitOnce("@integer") {
            integers = after
            rule = before
        }
        func trim(_ s: Substring) -> String {
            String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        return (trim(rule), trim(integers), trim(decimals))
    }

    private func expand(_ list: String, decimal: Bool) -> [String] {
        var out: [String] = []
        for raw in list.split(separator: ",") {
            let item = raw.trimmingSpaces()
            if item.isEmpty || item == "…" || item.contains("c") || item.contains("e") { continue }
            if let tilde = item.firstIndex(of: "~") {
                let lo = String(item[..<tilde])
                let hi = String(item[item.index(after: tilde)...])
                if !decimal, let a = Int(lo), let b = Int(hi), b >= a {
                    for v in a...min(b, a + 9) { out.append(String(v)) }
                    if b > a + 9 { out.append(String(b)) }
                } else {
                    out.append(lo)
                    out.append(hi)
                }
            } else {
                out.append(item)
            }
        }
        return out
    }
}

extension Substring {
    /// The text before and after the first occurrence of `marker`.
    func splitOnce(_ marker: String) -> (Substring, Substring)? {
        let m = Array(marker.utf8)
        let bytes = Array(utf8)
        guard bytes.count >= m.count else { return nil }
        for i in 0...(bytes.count - m.count) where bytes[i..<(i + m.count)].elementsEqual(m) {
            let a = utf8.index(utf8.startIndex, offsetBy: i)
            let b = utf8.index(a, offsetBy: m.count)
            return (self[..<a], self[b...])
        }
        return nil
    }

    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
