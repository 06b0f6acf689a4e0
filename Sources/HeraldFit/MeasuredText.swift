import HeraldICU

/// A text shaped once at a size and weight, with its break opportunities: laid out at as
/// many widths and line counts as asked (the surfaces of the fit table share it).
public final class MeasuredText {
    let units: [UInt16]
    /// UTF-16 offsets after each grapheme cluster: found when a line is cut or a word
    /// broken (most texts need neither).
    lazy var graphemes: [Int] = {
        var g = TextLayout.graphemeBoundaries(String(decoding: units, as: UTF16.self), limit: units.count)
        if g.last != units.count { g.append(units.count) }
        return g
    }()
    /// prefix[i]: the width of units[..<i], in points.
    let prefix: [Double]
    let locale: String
    /// ICU's break opportunities: found when the text does not fit on one line.
    lazy var breaks: [LineBreaks.Opportunity] = TextLayout.breaks(units, locale: locale)
    /// The text holds a line or paragraph separator (a line must end there).
    let hasHardBreak: Bool
    let ellipsis: Double
    let missing: Int

    /// Shapes `text` (its first `TextLayout.measuredUnits` units) for `locale` at `size`
    /// points and OpenType `weight`.
    public init(_ text: String, locale: String, size: Double, weight: Int, engine: TextEngine) {
        // A notification shows a few hundred characters: the first `measuredUnits` decide
        // every line shown and the cut (a longer text is cut well before its end).
        var units = Array(text.utf16)
        if units.count > TextLayout.measuredUnits {
            var end = TextLayout.measuredUnits
            if UTF16.isTrailSurrogate(units[end]) { end -= 1 }
            units = Array(units[..<end])
        }
        let (advances, missing) = engine.advances(units, lang: locale, weight: weight, size: size)
        var prefix = [Double](repeating: 0, count: units.count + 1)
        for i in 0..<units.count { prefix[i + 1] = prefix[i] + advances[i] }
        self.units = units
        self.prefix = prefix
        self.missing = missing
        self.locale = locale
        hasHardBreak = units.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0x85 || $0 == 0x2028 || $0 == 0x2029 }
        ellipsis = engine.ellipsisWidth(lang: locale, weight: weight, size: size)
    }

    /// The width of units[a..<b], trailing white space not counted (it hangs past the
    /// line's end, in CSS and TextKit alike).
    func measure(_ a: Int, _ b: Int) -> Double {
        var e = b
        while e > a, TextLayout.isSpace(units[e - 1]) { e -= 1 }
        return prefix[e] - prefix[a]
    }

    /// The text laid out in `width` points with `lines` lines shown.
    public func layout(lines: Int, width: Double) -> TextLayout {
        // Widths are compared to 1/64 pt, the unit browsers lay lines out in: a line 0.011 pt
        // over is taken to fit, as Chromium takes it.
        let tolerance = 1.0 / 64
        // Most notification texts fit on one line: no break needs finding.
        if !hasHardBreak, measure(0, units.count) <= width + tolerance {
            return TextLayout(lineStarts: [0], linesShown: 1, cut: nil, missingGlyphs: missing)
        }
        var starts: [Int] = []
        var start = 0
        var bi = 0
        // Lines up to one past those shown: enough to know where the text is cut.
        while start < units.count, starts.count <= lines {
            starts.append(start)
            while bi < breaks.count, breaks[bi].offset <= start { bi += 1 }
            var end: Int? = nil
            var k = bi
            while k < breaks.count {
                let b = breaks[k]
                if measure(start, b.offset) > width + tolerance { break }
                end = b.offset
                if b.hard { break }
                k += 1
            }
            if end == nil {
                // A word wider than the line: as many characters as fit (at least one).
                var g = TextLayout.firstAfter(graphemes, start)
                var fill = start
                while g < graphemes.count, fill == start || measure(start, graphemes[g]) <= width + tolerance {
                    fill = graphemes[g]
                    g += 1
                }
                end = max(fill, start + 1)
            }
            start = end!
        }
        if starts.isEmpty { starts = [0] }
        let shown = min(lines, starts.count)
        var cut: Int? = nil
        if starts.count > lines {
            // The last line shown takes the rest of the text, cut at a character where it and
            // the ellipsis still fit; spaces before the ellipsis are not shown either.
            let last = starts[lines - 1]
            var c = last
            var g = TextLayout.firstAfter(graphemes, last)
            while g < graphemes.count, measure(last, graphemes[g]) + ellipsis <= width + tolerance {
                c = graphemes[g]
                g += 1
            }
            while c > last, TextLayout.isSpace(units[c - 1]) { c -= 1 }
            cut = c
        }
        return TextLayout(lineStarts: starts, linesShown: shown, cut: cut, missingGlyphs: missing)
    }
}
