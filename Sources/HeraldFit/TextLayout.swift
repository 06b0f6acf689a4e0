import HeraldICU

/// A text laid out in a box the way a notification sets it: lines broken where ICU's line
/// breaker allows for the locale (greedy, as browsers and TextKit fill lines), a word wider
/// than the line broken between characters, and, when there are more lines than shown, the
/// last shown line filled with the rest of the text and cut at a character to make room for
/// "…" (tail truncation).
public struct TextLayout: Sendable, Equatable {
    /// The UTF-16 offset at which each line starts (the first is 0): the lines shown, and
    /// the next one when the text is cut.
    public var lineStarts: [Int]
    /// Lines shown (at most the style's `lines`).
    public var linesShown: Int
    /// Where the text is cut: the UTF-16 offset of the first unit not shown; nil when it fits.
    public var cut: Int?
    /// Characters no installed font draws (shown as boxes; their width is the missing glyph's).
    public var missingGlyphs: Int

    /// True when the text does not fit in the lines shown.
    public var isCut: Bool { cut != nil }

    /// The ellipsis the devices append.
    public static let ellipsis = "…"

    /// Lays `text` out for `locale` in `width` points, `style.lines` lines shown.
    public static func layout(_ text: String, locale: String, style: LineStyle, width: Double, engine: TextEngine) -> TextLayout {
        MeasuredText(text, locale: locale, size: style.size, weight: style.weight, engine: engine).layout(lines: style.lines, width: width)
    }

    /// UTF-16 units of a text laid out (a notification never shows as many).
    public static let measuredUnits = 4096

    /// The index of the first element of the sorted `a` above `x`.
    static func firstAfter(_ a: [Int], _ x: Int) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// What the device shows of `text` cut at `cut`: the text before it, then "…".
    public static func shown(_ text: String, cut: Int?) -> String {
        guard let cut else { return text }
        let units = Array(text.utf16)
        return String(decoding: units[..<min(cut, units.count)], as: UTF16.self) + ellipsis
    }

    /// What a finding quotes of a cut text: the end of what is shown (about 30 characters
    /// of the last line, from a word's start where one is near), between ellipses, without
    /// the invisible bidi isolates: `…gewonnen – mit 2 Spiel…`.
    public static func quote(_ text: String, cut: Int, from lineStart: Int) -> String {
        let units = Array(text.utf16)
        let a = min(max(lineStart, 0), units.count), b = min(max(cut, a), units.count)
        var chars = Array(String(decoding: units[a..<b], as: UTF16.self).unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) && $0.value != 0x200E && $0.value != 0x200F }.map(Character.init))
        var lead = a > 0 ? "…" : ""
        if chars.count > 32 {
            chars = Array(chars.suffix(32))
            if let space = chars.prefix(12).firstIndex(of: " ") { chars = Array(chars[(space + 1)...]) }
            lead = "…"
        }
        return lead + String(chars) + ellipsis
    }

    static func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x3000 || u == 0x09 || u == 0x1680 || (u >= 0x2000 && u <= 0x200A && u != 0x2007) || u == 0x205F }

    /// UTF-16 offsets after each extended grapheme cluster, up to `limit` units.
    static func graphemeBoundaries(_ text: String, limit: Int) -> [Int] {
        var out: [Int] = []
        var n = 0
        for c in text {
            n += c.utf16.count
            if n > limit { break }
            out.append(n)
        }
        return out
    }

    /// ICU's break opportunities, less those inside a short isolated argument that holds a
    /// digit (an amount, a count, a date: the device never splits the number a push carries).
    static func breaks(_ units: [UInt16], locale: String) -> [LineBreaks.Opportunity] {
        var found = LineBreaks.opportunities(in: units, locale: locale) ?? [LineBreaks.Opportunity(offset: units.count, hard: false)]
        let kept = Self.unbreakable(units)
        if !kept.isEmpty {
            found.removeAll { b in !b.hard && kept.contains { $0.contains(b.offset) } }
        }
        return found
    }

    /// The insides of the isolates (U+2066–U+2068 … U+2069) of at most `unbreakableUnits`
    /// that hold a decimal digit (an amount, a count, a date or a time; a whole message
    /// passed as one argument is broken as any text): ranges of offsets no line may start at.
    static func unbreakable(_ units: [UInt16]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var opened: [(at: Int, digit: Bool)] = []
        for (i, u) in units.enumerated() {
            switch u {
            case 0x2066, 0x2067, 0x2068: opened.append((i, false))
            case 0x2069:
                if let o = opened.popLast(), o.digit, i > o.at + 1, i - o.at - 1 <= Self.unbreakableUnits { out.append((o.at + 1)...i) }
            default:
                if !opened.isEmpty, Self.isDigit(u) { opened[opened.count - 1].digit = true }
            }
        }
        return out
    }

    /// The longest isolated argument kept on one line (UTF-16 units).
    public static let unbreakableUnits = 32

    /// A decimal digit of any script (UTF-16 BMP units; the few astral digit sets never
    /// appear in formatted amounts).
    static func isDigit(_ u: UInt16) -> Bool {
        guard let s = Unicode.Scalar(u) else { return false }
        return s.properties.numericType == .decimal
    }
}
