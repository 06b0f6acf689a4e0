/// How much the accented pseudo-locale lengthens a text (Docs/pseudo-locales.md).
///
/// Translations of short texts grow the most: Android's pseudo-locale adds
/// about 40 % to short strings. The rule, by the number of characters `n` of a
/// text's literal pieces (specifiers not counted; each plural form on its own):
///
/// | n | added |
/// |---|---|
/// | 0 | 0 |
/// | 1…20 | ⌈n × 40 %⌉ |
/// | 21…50 | ⌈n × 35 %⌉ |
/// | 51 and more | ⌈n × 30 %⌉ |
///
/// The added characters are the start of " one two three four five six seven
/// eight nine ten", repeated as often as needed, then accented like the rest.
public enum PseudoExpansion {
    /// The percentage added to a text of `length` characters.
    public static func percent(forLength length: Int) -> Int {
        switch length {
        case ...0: return 0
        case 1...20: return 40
        case 21...50: return 35
        default: return 30
        }
    }

    /// Characters added to a text of `length` characters: ⌈length × percent / 100⌉.
    public static func added(forLength length: Int) -> Int {
        let p = percent(forLength: length)
        return (length * p + 99) / 100
    }

    /// The padding itself (before accenting).
    public static func padding(forLength length: Int) -> String {
        let count = added(forLength: length)
        var out = ""
        out.reserveCapacity(count)
        for i in 0..<count { out.append(filler[i % filler.count]) }
        return out
    }

    static let filler: [Character] = Array(" one two three four five six seven eight nine ten")
}
