import HeraldICU
import HeraldRender
import HeraldTables
import Testing

// Expected strings: Apple's specifiers as Docs/tables.md states them (Arguments),
// C printf semantics, and ICU 72's number output (CLDR 42).
@Suite struct SpecifierTests {
    @Test func localizedIntegersAndFloats() {
        // spec §4 table: %d 1234567 / %.2f 1234.5 / %e 1234.5
        #expect(render(plain("%d"), "en-US", [n(1_234_567)]).text == "1,234,567")
        #expect(render(plain("%.2f"), "en-US", [d("1234.5")]).text == "1,234.50")
        #expect(render(plain("%e"), "en-US", [d("1234.5")]).text == "1.234500E+03")
        #expect(render(plain("%d"), "de-DE", [n(1_234_567)]).text == "1.234.567")
        #expect(render(plain("%.2f"), "de-DE", [d("1234.5")]).text == "1.234,50")
        #expect(render(plain("%e"), "de-DE", [d("1234.5")]).text == "1,234500E+03")
        #expect(render(plain("%d"), "fr-FR", [n(1_234_567)]).text == "1\u{202F}234\u{202F}567")
        #expect(render(plain("%.2f"), "fr-FR", [d("1234.5")]).text == "1\u{202F}234,50")
        #expect(render(plain("%d"), "hi-IN", [n(1_234_567)]).text == "12,34,567")
        #expect(render(plain("%.2f"), "hi-IN", [d("1234.5")]).text == "1,234.50")
    }

    @Test func arabicDigitsNotIsolatedWhenServedLTRButIsolatedWhenRTL() {
        // Uncached render: the locale serves too, ar is RTL → isolated.
        let r = render(plain("%d"), "ar-EG", [n(1_234_567)])
        #expect(r.text == "\u{2068}١٬٢٣٤٬٥٦٧\u{2069}")
        let off = render(plain("%.2f"), "ar-EG", [d("1234.5")], options: RenderOptions(isolateArguments: false))
        #expect(off.text == "١٬٢٣٤٫٥٠")
    }

    @Test func integerSizes() {
        // spec §4: %d reads 32 bits — 5000000000 → 705032704.
        let r = render(plain("%d"), "en", [n(5_000_000_000)])
        #expect(r.text == "705,032,704")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "integer-overflow" })
        #expect(render(plain("%ld"), "en", [n(5_000_000_000)]).text == "5,000,000,000")
        #expect(render(plain("%lld"), "en", [n(-5_000_000_000)]).text == "-5,000,000,000")
        // The device reads every localized integer as signed (Docs/tables.md).
        #expect(render(plain("%u"), "en", [n(-1)]).text == "-1")
        #expect(render(plain("%lu"), "en", [d("18446744073709551615")]).text == "-1")
        #expect(render(plain("%hhd"), "en", [n(300)]).text == "44")
        #expect(render(plain("%i"), "en", [n(42)]).text == "42")
        #expect(render(plain("%D"), "en", [n(7)]).text == "7")
    }

    @Test func notLocalized() {
        #expect(render(plain("%x"), "de", [n(255)]).text == "ff")
        #expect(render(plain("%X"), "de", [n(255)]).text == "FF")
        #expect(render(plain("%#x"), "de", [n(255)]).text == "0xff")
        #expect(render(plain("%o"), "de", [n(8)]).text == "10")
        #expect(render(plain("%x"), "en", [n(-1)]).text == "ffffffff")
        #expect(render(plain("%c"), "de", [n(65)]).text == "A")
        #expect(render(plain("%C"), "de", [n(0x3A9)]).text == "Ω")
        #expect(render(plain("%s"), "de", [s("Straße")]).text == "Straße")
        #expect(render(plain("%@"), "de", [s("1234567")]).text == "1234567")
        #expect(render(plain("100%%"), "de", []).text == "100%")
        // glibc printf: %a of 1.0 is 0x1p+0; %p prints 0x and hex digits.
        #expect(render(plain("%a"), "de", [n(1)]).text == "0x1p+0")
        #expect(render(plain("%p"), "de", [n(255)]).text == "0xff")
    }

    @Test func objectWithNumberIsLocalized() {
        #expect(render(plain("%@"), "de", [n(1_234_567)]).text == "1.234.567")
        #expect(render(plain("%@"), "en", [d("1.50")]).text == "1.50")
    }

    @Test func flagsWidthPrecision() {
        #expect(render(plain("[%5d]"), "en", [n(42)]).text == "[   42]")
        #expect(render(plain("[%-5d]"), "en", [n(42)]).text == "[42   ]")
        // Zero padding is minimum integer digits, grouped (CoreFoundation's localized %d).
        #expect(render(plain("[%05d]"), "en", [n(42)]).text == "[00,042]")
        #expect(render(plain("[%05d]"), "en", [n(-42)]).text == "[-00,042]")
        #expect(render(plain("%+d"), "en", [n(5)]).text == "+5")
        #expect(render(plain("% d"), "en", [n(5)]).text == "5")  // the space flag is not used
        #expect(render(plain("%.3f"), "en", [d("2")]).text == "2.000")
        #expect(render(plain("%.0f"), "en", [d("2.5")]).text == "2")  // printf rounds half to even
        #expect(render(plain("%f"), "en", [d("1")]).text == "1.000000")
        #expect(render(plain("%.3s"), "en", [s("abcdef")]).text == "abc")
        #expect(render(plain("[%6@]"), "en", [s("ab")]).text == "[    ab]")
        // Padded after the sign with ICU's pad character, a space, as CoreFoundation leaves it.
        #expect(render(plain("%08.3f"), "en", [d("-3.14159")]).text == "-  3.142")
    }

    @Test func general() {
        #expect(render(plain("%g"), "en", [d("0.5")]).text == "0.5")
        #expect(render(plain("%g"), "en", [d("1234567")]).text == "1.23457E+06")
        #expect(render(plain("%g"), "de", [d("1234.5")]).text == "1.234,5")
        #expect(render(plain("%g"), "en", [d("100")]).text == "100")
    }

    @Test func positional() {
        #expect(render(plain("%2$@ %1$@"), "en", [s("a"), s("b")]).text == "b a")
        #expect(render(plain("%1$@ and %1$@"), "en", [s("x")]).text == "x and x")
        #expect(render(plain("%2$d of %1$d"), "de", [n(10_000), n(3)]).text == "3 of 10.000")
    }

    @Test func argumentsAreData() {
        let r = render(plain("Hello %@, you have %d"), "en", [s("%d {0} %n %@"), n(3)])
        #expect(r.text == "Hello %d {0} %n %@, you have 3")
        #expect(r.diagnostics.isEmpty)
    }

    @Test func missingAndExtraArguments() {
        let r = render(plain("%@ sent %d photos"), "en", [s("Ana")])
        #expect(r.text == "Ana sent  photos")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "missing-argument" && $0.severity == .error })
        let extra = render(plain("Hi %@"), "en", [s("a"), s("b")])
        #expect(extra.text == "Hi a")
        #expect(extra.diagnostics.contains { $0.rule.rawValue == "unused-argument" })
        let none = render(plain("%@"), "en", [])
        #expect(none.text == "")
        #expect(!none.text.contains("%"))
    }

    @Test func stringWhereNumberExpected() {
        let r = render(plain("%d items"), "en", [s("many")])
        #expect(r.text == "many items")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "not-a-number" })
        // A numeric string keeps its written decimals.
        #expect(render(plain("%@"), "en", [s("1.50")]).text == "1.50")
        #expect(render(plain("%.1f"), "en", [s("1.50")]).text == "1.5")
        #expect(render(plain("%d"), "en", [s(" 12 ")]).text == "12")
        let frac = render(plain("%d"), "en", [d("2.7")])
        #expect(frac.text == "2")
        #expect(frac.diagnostics.contains { $0.rule.rawValue == "fraction-dropped" })
    }

    @Test func hugeWidthIsCapped() {
        let r = render(plain("%999999999d"), "en", [n(1)])
        #expect(r.text.count == FormatStringParser.maximumWidth)
        #expect(r.diagnostics.contains { $0.rule.rawValue == "width-too-large" })
        let p = render(plain("%.999999999f"), "en", [n(1)])
        #expect(p.text.utf8.count < 100)
        #expect(p.diagnostics.contains { $0.rule.rawValue == "width-too-large" })
    }

    @Test func invalidSpecifiersShownLiterally() {
        let r = render(plain("50%"), "en", [])
        #expect(r.text == "50%")
        #expect(r.diagnostics.contains { $0.rule.rawValue == "dangling-percent" })
        let q = render(plain("%1ημ"), "en", [])
        #expect(q.text == "%1ημ")
        #expect(q.diagnostics.contains { $0.rule.rawValue == "invalid-specifier" })
    }
}
