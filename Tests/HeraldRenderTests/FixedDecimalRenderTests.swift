import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// `%.2f` as a plural variable's forms print it (value type `f`) and as a plain specifier:
/// the digits are printf's (`%.2f`, ties to even on the binary value), in the locale's
/// symbols and digits, and the category is chosen on that text. Expected texts are
/// hand-checked: printf's output for the value (glibc), then the locale's separators and
/// digits from CLDR 42 (de `.` and `,`; ar `٬` and `٫` with Arabic-Indic digits); categories
/// from CLDR 42's rule texts (en: one = "i = 1 and v = 0", so 1.00 is `other`).
@Suite struct FixedDecimalRenderTests {
    static let twoDigits: [PluralCategory: String] = [.one: "one:%.2f", .other: "other:%.2f"]
    static let plainOptions = RenderOptions(isolateArguments: false)

    @Test func pluralFormsPrintingTwoDigits() {
        func text(_ locale: String, _ arg: RenderArgument) -> String {
            render(plural(type: "f", Self.twoDigits), locale, [arg], options: Self.plainOptions).text
        }
        #expect(text("en", d("1")) == "other:1.00")
        #expect(text("en", .number(.double(0.125))) == "other:0.12")  // an exact tie: to even
        // The device rounds the shortest decimal half-even (printf: 2.67, as 2.675 is 2.67499999… in binary).
        #expect(text("en", d("2.675")) == "other:2.68")
        #expect(text("de", d("1234.5")) == "other:1.234,50")
        #expect(text("ar_EG", d("2.675")) == "other:٢٫٦٨")
        #expect(text("en", .number(.int(-3))) == "other:-3.00")
        // Not finite: ICU's symbols, category `other` (the general path).
        #expect(text("en", .number(.double(.nan))) == "other:NaN")
        #expect(text("en", .number(.double(.infinity))) == "other:∞")
        // Right-to-left: the number isolated.
        #expect(render(plural(type: "f", Self.twoDigits), "ar_EG", [d("1234.5")]).text == "other:\u{2068}١٬٢٣٤٫٥٠\u{2069}")
    }

    @Test func plainSpecifiers() {
        func text(_ format: String, _ locale: String, _ arg: RenderArgument) -> String {
            render(plain(format), locale, [arg], options: Self.plainOptions).text
        }
        #expect(text("%.2f", "en", .number(.double(0.125))) == "0.12")
        #expect(text("%.2f", "de", d("1234.5")) == "1.234,50")
        #expect(text("%.0f", "en", .number(.double(2.5))) == "2")
        #expect(text("%.3f", "fr", d("-0.5")) == "-0,500")
        #expect(text("%f", "en", d("1.5")) == "1.500000")
        #expect(text("%8.2f", "en", d("1.5")) == "    1.50")  // a width: the padded path
        #expect(text("%.2f", "en", .number(.double(.infinity))) == "∞")
        #expect(text("%.2f", "en", s("3.14159")) == "3.14")  // a numeric string argument
    }

    /// A fixed variable's digits are kept for its form's own `%.2f`; an integer variable
    /// formatted after it overwrites them, and the later `%1$.2f` must not show that integer.
    @Test func digitsKeptForOneVariableAreNotReusedAfterAnother() {
        func variable(_ name: String, type: String, form: String) -> PluralVariable {
            PluralVariable(name: name, valueType: type, forms: [.one: text(form), .other: text(form)], origin: origin)
        }
        let variables = ["a": variable("a", type: "f", form: "%.2f x"), "b": variable("b", type: "d", form: "%d y")]
        let message = Message.plural(format: text("%#@a@ / %#@b@ / %1$.2f"), variables: variables)
        let r = render(message, "en", [d("1.5"), .number(.int(3))], options: Self.plainOptions)
        #expect(r.text == "1.50 x / 3 y / 1.50")
        let again = render(message, "en", [d("7.25"), .number(.int(7))], options: Self.plainOptions)
        #expect(again.text == "7.25 x / 7 y / 7.25")
    }
}
