import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// The plural category of a decimal is chosen on the number as the user sees it: the precision
/// the value type states, else the one the forms' own `%.Nf` agree on, else the shortest decimal
/// that gives the value back. Expected categories come from CLDR 42's rule texts (plurals.xml,
/// quoted per language; operands: v = visible fraction digits, f = them as an integer, t = the
/// same without trailing zeros), each checked with ICU 72's `uplrules_selectFormatted` on the
/// number formatted with the skeleton `.00` / `.0`.
@Suite struct DecimalPluralTests {
    static func dbl(_ x: Double) -> RenderArgument { .number(.double(x)) }

    /// Forms that print the count with `spec` and name their category.
    static func forms(_ spec: String) -> [PluralCategory: String] {
        Dictionary(uniqueKeysWithValues: PluralCategory.allCases.map { ($0, "\($0.rawValue):\(spec)") })
    }

    static func pick(_ locale: String, _ x: Double, type: String?, forms: [PluralCategory: String]) -> PluralCategory? {
        render(plural(type: type, forms), locale, [dbl(x)], options: RenderOptions(isolateArguments: false)).plural["v"]
    }

    /// lv: zero = "n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19";
    /// one = "n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1".
    @Test func latvianTwoDigitsFromTheForms() {
        let f2 = Self.forms("%.2f")
        #expect(Self.pick("lv", 0.81, type: "f", forms: f2) == .one)  // v = 2, f = 81
        #expect(Self.pick("lv", 0.01, type: "f", forms: f2) == .one)  // v = 2, f = 1
        #expect(Self.pick("lv", 0.11, type: "f", forms: f2) == .zero)  // v = 2, f % 100 = 11
        #expect(Self.pick("lv", 8.16, type: "f", forms: f2) == .zero)  // v = 2, f % 100 = 16
        let r = render(plural(type: "f", f2), "lv", [Self.dbl(0.81)], options: RenderOptions(isolateArguments: false))
        #expect(r.text == "one:0,81")
        // The same from a decimal argument as written.
        #expect(render(plural(type: "f", f2), "lv", [d("8.16")]).plural["v"] == .zero)
    }

    @Test func latvianPrecisionStatedByTheValueType() {
        let bare: [PluralCategory: String] = [.zero: "zero", .one: "one", .other: "other"]
        #expect(Self.pick("lv", 0.81, type: ".2f", forms: bare) == .one)
        #expect(Self.pick("lv", 0.11, type: ".2f", forms: bare) == .zero)
        // lv .1f: 0.5 → v = 1, f = 5 → other; 0.1 → v != 2 and f % 10 = 1 → one.
        #expect(Self.pick("lv", 0.5, type: ".1f", forms: bare) == .other)
        #expect(Self.pick("lv", 0.1, type: ".1f", forms: bare) == .one)
    }

    @Test func shortestDecimalWhenNothingStatesAPrecision() {
        // Forms that do not print the number: 0.81 is seen as "0.81" (v = 2, f = 81) → one.
        let bare: [PluralCategory: String] = [.zero: "zero", .one: "one", .other: "other"]
        #expect(Self.pick("lv", 0.81, type: "f", forms: bare) == .one)
        #expect(Self.pick("lv", 0.11, type: "f", forms: bare) == .zero)
        // Forms that disagree (%.1f and %.2f): the shortest decimal again.
        let mixed: [PluralCategory: String] = [.zero: "zero:%.1f", .one: "one:%.2f", .other: "other:%.2f"]
        #expect(Self.pick("lv", 0.81, type: "f", forms: mixed) == .one)
        // No value type at all: the same rule.
        #expect(Self.pick("lv", 0.81, type: nil, forms: bare) == .one)
        #expect(Self.pick("lv", 8.16, type: nil, forms: Self.forms("%.2f")) == .zero)
        // en: 1.0 is shown "1" (v = 0) → one.
        #expect(Self.pick("en", 1.0, type: "f", forms: bare.merging([.one: "one"]) { $1 }) == .one)
    }

    /// Forms printing `%f` show six digits: lv 0.81 is "0,810000" (v = 6, f = 810000) → other.
    @Test func sixDigitsWhenTheFormsPrintThem() {
        #expect(Self.pick("lv", 0.81, type: "f", forms: Self.forms("%f")) == .other)
        let r = render(plural(type: "f", Self.forms("%f")), "lv", [Self.dbl(0.81)], options: RenderOptions(isolateArguments: false))
        #expect(r.text == "other:0,810000")
    }

    /// lt: one = "n % 10 = 1 and n % 100 != 11..19"; many = "f != 0".
    /// 0.999 shown "1,00" (n = 1, f = 0) → one; shown "0,999000" it would be many.
    @Test func lithuanian() {
        #expect(Self.pick("lt", 0.999, type: "f", forms: Self.forms("%.2f")) == .one)
        #expect(Self.pick("lt", 0.999, type: "f", forms: Self.forms("%f")) == .many)
    }

    /// hr, bs, sr: one = "v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11";
    /// few = "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14".
    @Test func croatianBosnianSerbian() {
        let f2 = Self.forms("%.2f")
        #expect(Self.pick("hr", 0.21, type: "f", forms: f2) == .one)  // f = 21
        #expect(Self.pick("hr", 0.22, type: "f", forms: f2) == .few)  // f = 22
        #expect(Self.pick("hr", 0.12, type: "f", forms: f2) == .other)  // f % 100 = 12
        #expect(Self.pick("hr", 0.21, type: "f", forms: Self.forms("%f")) == .other)  // f = 210000
        #expect(Self.pick("bs", 1.1, type: "f", forms: Self.forms("%.1f")) == .one)  // f = 1
        #expect(Self.pick("sr", 2.3, type: "f", forms: Self.forms("%.1f")) == .few)  // f = 3
        #expect(Self.pick("sr", 2.3, type: "f", forms: Self.forms("%f")) == .other)  // f = 300000
    }

    /// mk: one = "v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11".
    @Test func macedonian() {
        #expect(Self.pick("mk", 0.1, type: "f", forms: Self.forms("%.1f")) == .one)
        #expect(Self.pick("mk", 0.21, type: "f", forms: Self.forms("%.2f")) == .one)
        #expect(Self.pick("mk", 0.11, type: "f", forms: Self.forms("%.2f")) == .other)
        #expect(Self.pick("mk", 0.21, type: "f", forms: Self.forms("%f")) == .other)
    }

    /// is: one = "t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11".
    @Test func icelandic() {
        #expect(Self.pick("is", 0.1, type: "f", forms: Self.forms("%.1f")) == .one)  // t = 1
        #expect(Self.pick("is", 0.2, type: "f", forms: Self.forms("%.1f")) == .other)
        #expect(Self.pick("is", 21.0, type: "f", forms: Self.forms("%.1f")) == .one)  // t = 0, i = 21
    }

    /// fil: one = "v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9".
    /// 0.4 shown "0.4" (f = 4) → other; shown "0.400000" (f = 400000) it would be one.
    @Test func filipino() {
        #expect(Self.pick("fil", 0.4, type: "f", forms: Self.forms("%.1f")) == .other)
        #expect(Self.pick("fil", 0.5, type: "f", forms: Self.forms("%.1f")) == .one)
        #expect(Self.pick("fil", 0.4, type: "f", forms: [.one: "one", .other: "other"]) == .other)
        #expect(Self.pick("fil", 0.4, type: "f", forms: Self.forms("%f")) == .one)
    }

    /// Huge and tiny doubles (written with an exponent) still select without an error.
    @Test func extremeDoublesSelectWithoutError() {
        let bare: [PluralCategory: String] = [.one: "one", .other: "other"]
        for x in [1e300, 1e16, 1e-7, -2.5e20] {
            let r = render(plural(type: "f", bare), "en", [Self.dbl(x)])
            #expect(r.plural["v"] == .other, "\(x)")
            #expect(!r.diagnostics.contains { $0.severity == .error }, "\(x): \(r.diagnostics)")
        }
    }

    /// Integer forms are untouched: `%d` forms with no value type keep Apple's zero for integer 0.
    @Test func integersUnchanged() {
        #expect(render(plural(type: nil, allForms), "en", [n(0)]).plural["v"] == .zero)
        #expect(render(plural(type: "d", allForms), "lv", [n(11)]).plural["v"] == .zero)
        #expect(render(plural(type: "d", allForms), "lv", [n(21)]).plural["v"] == .one)
    }
}
