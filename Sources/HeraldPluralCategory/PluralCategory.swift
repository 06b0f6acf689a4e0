// The six CLDR plural category names: vocabulary the table formats are written in (a
// `.stringsdict`'s `one`/`other` keys) and ICU's plural rules answer in. A module of its own
// so that the table readers (HeraldTableFormats) need no ICU.

/// The six CLDR plural categories, in CLDR order.
public enum PluralCategory: String, CaseIterable, Sendable, Comparable, Codable {
    case zero, one, two, few, many, other

    /// CLDR order.
    public static func < (a: Self, b: Self) -> Bool {
        index(a) < index(b)
    }

    /// The position in `allCases` (zero 0 … other 5): how per-category arrays and marks are indexed.
    public static func index(_ c: PluralCategory) -> Int {
        switch c {
        case .zero: return 0
        case .one: return 1
        case .two: return 2
        case .few: return 3
        case .many: return 4
        case .other: return 5
        }
    }
}
