import HeraldFit
import HeraldICU
import HeraldTestSupport
import Testing

/// The layout against widths worked out by hand from Inter's own tables (advances read
/// with fontTools from Debian's Inter-Regular.otf: 2816 units per em, 'l' 668, space 792,
/// '…' 2312). At 28.16 pt one unit is 0.01 pt: "llll" is 26.72 pt, a space 7.92 pt,
/// "…" 23.12 pt. Run where HarfBuzz, fontconfig and Inter are installed; required under CI.
@Suite struct LayoutTests {
    static let engine = TextEngine()
    static var available: Bool { engine.unavailable == nil }
    static let style = LineStyle(size: 28.16, weight: 400, lines: 4)

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func engineOpens() {
        #expect(Self.engine.unavailable == nil, "install libharfbuzz0b, fontconfig, fonts-inter: \(Self.engine.unavailable ?? "")")
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func wordsFillALineUpToItsWidth() {
        // Two words and the space between: 26.72 + 7.92 + 26.72 = 61.36 pt.
        let two = TextLayout.layout("llll llll llll", locale: "en", style: Self.style, width: 61.4, engine: Self.engine)
        #expect(two.lineStarts == [0, 10])
        #expect(two.cut == nil)
        let one = TextLayout.layout("llll llll llll", locale: "en", style: Self.style, width: 61.3, engine: Self.engine)
        #expect(one.lineStarts == [0, 5, 10])
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func theLastLineIsCutAtACharacterForTheEllipsis() {
        // One line of 40 pt: "ll" (13.36) + "…" (23.12) = 36.48 fits, "lll" + "…" = 43.16 does not.
        var style = Self.style
        style.lines = 1
        let l = TextLayout.layout("llll llll", locale: "en", style: style, width: 40, engine: Self.engine)
        #expect(l.cut == 2)
        #expect(l.linesShown == 1)
        #expect(TextLayout.shown("llll llll", cut: l.cut) == "ll…")
        // The whole text on one line (61.36 pt in 62): no cut.
        #expect(TextLayout.layout("llll llll", locale: "en", style: style, width: 62, engine: Self.engine).cut == nil)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func aWordWiderThanTheLineBreaksBetweenCharacters() {
        // 10 × 6.68 = 66.8 pt in 30 pt: four 'l' a line (26.72), then four, then two.
        let l = TextLayout.layout("llllllllll", locale: "en", style: Self.style, width: 30, engine: Self.engine)
        #expect(l.lineStarts == [0, 4, 8])
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func anIsolatedNumberIsNeverSplit() {
        // "llll" then an isolated "1 1" (its space an ordinary one): ICU allows a break after
        // "1 ", the isolate does not.
        let text = "llll \u{2068}1 1\u{2069}"
        let breaks = LineBreaks.opportunities(in: Array(text.utf16), locale: "en")!.map(\.offset)
        #expect(breaks.contains(8))
        let l = TextLayout.layout(text, locale: "en", style: Self.style, width: 40, engine: Self.engine)
        #expect(l.lineStarts == [0, 5])
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func aQuoteShowsTheEndOfWhatIsSeen() {
        let text = "Sie haben \u{2068}5 €\u{2069} gewonnen – mit \u{2068}2\u{2069} Spielscheinen von 3."
        let cut = text.utf16.map { $0 }.firstIndex(of: 0x73)!  // after "Spiel"
        // The 36 characters before the cut, isolates dropped: the last 32 from a word's start.
        #expect(TextLayout.quote(text, cut: cut, from: 0) == "…5 € gewonnen – mit 2 Spiel…")
        // From a later line's start: what that line shows.
        let line = text.utf16.map { $0 }.firstIndex(of: 0x6D)!  // "mit"
        #expect(TextLayout.quote(text, cut: cut, from: line) == "…mit 2 Spiel…")
    }

    @Test(.enabled(if: ExternalTool.shouldRun(LayoutTests.available)))
    func otherScriptsFallBackToTheirFonts() {
        // Inter has no Thai, Japanese or Arabic: each is set in a Noto font fontconfig picks.
        for (lang, text) in [("th", "ภาษาไทย"), ("ja", "今日は"), ("ar", "مرحبا")] {
            let l = TextLayout.layout(text, locale: lang, style: Self.style, width: 400, engine: Self.engine)
            #expect(l.missingGlyphs == 0, "\(lang)")
            #expect(Self.engine.families(lang: lang, weight: 400).count >= 2, "\(lang)")
        }
    }
}

/// ICU's line breaker as HeraldICU shows it, on hand-checked cases.
@Suite struct LineBreakTests {
    @Test func thaiBreaksBetweenWordsByDictionary() {
        // "ภาษาไทย" (language) + "ง่าย" (easy): ICU's Thai dictionary puts a break between them.
        let text = Array("ภาษาไทยง่าย".utf16)
        let breaks = LineBreaks.opportunities(in: text, locale: "th")!.map(\.offset)
        #expect(breaks.contains(7))
        #expect(breaks.last == text.count)
    }

    @Test func japaneseNeverStartsALineWithAFullStop() {
        let text = Array("今日は晴れ。明日".utf16)
        let breaks = LineBreaks.opportunities(in: text, locale: "ja")!.map(\.offset)
        #expect(breaks.contains(1))
        #expect(!breaks.contains(5))  // before "。"
        #expect(breaks.contains(6))
    }

    @Test func aNumberIsNotBroken() {
        let text = Array("Total 1,234.56 EUR".utf16)
        let breaks = LineBreaks.opportunities(in: text, locale: "en")!.map(\.offset)
        #expect(breaks == [6, 15, 18])
    }

    @Test func aLineSeparatorIsAHardBreak() {
        let text = Array("one\ntwo".utf16)
        let found = LineBreaks.opportunities(in: text, locale: "en")!
        #expect(found == [LineBreaks.Opportunity(offset: 4, hard: true), LineBreaks.Opportunity(offset: 7, hard: true)] || found.first == LineBreaks.Opportunity(offset: 4, hard: true))
    }
}
