import HeraldICU

extension PluralCategory {
    /// The position in `allCases` (zero 0 … other 5): how `CompiledVariable`'s
    /// per-category arrays are indexed.
    static func index(_ c: PluralCategory) -> Int {
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
