import Foundation
import HeraldICU
import HeraldRender
import HeraldTestSupport
import Testing

/// Issue 29 items 6 and 7: a localized `%d %i %u %f %e %g` prints as the device prints it,
/// through CoreFoundation's ICU decimal formatter, not printf. Against the oracle:
/// `herald-icu-oracle cfnumber` (Tests/ICUOracle/cfnumber.c) follows the steps of
/// CoreFoundation's `__CFStringFormatLocalizedNumber` with ICU 72's C API called directly,
/// no Herald code in between. Each specifier is rendered through the whole renderer (the
/// `.strings` path: `String(format:locale:)`, `localizedStringWithFormat`).
@Suite struct PrintfNumberTests {
    /// (specifier, oracle conversion, width, precision, flags, bits an integer is read in).
    typealias Spec = (text: String, conversion: String, width: Int, precision: Int, flags: String, bits: Int)

    static let locales = [
        "en_US", "de_DE", "es_ES", "pl_PL", "fr_FR", "ru_RU", "ar_EG", "he_IL", "fa_IR", "hi_IN", "bn_BD", "ja_JP",
        "de_CH", "ar@numbers=latn", "sv_SE", "en_IN",
    ]

    static let integerSpecs: [Spec] = [
        ("%d", "d", -1, -1, ".", 32), ("%i", "d", -1, -1, ".", 32), ("%D", "d", -1, -1, ".", 32),
        ("%5d", "d", 5, -1, ".", 32), ("%-5d", "d", 5, -1, "-", 32), ("%05d", "d", 5, -1, "0", 32),
        ("%+d", "d", -1, -1, "+", 32), ("%+05d", "d", 5, -1, "+0", 32), ("%.3d", "d", -1, 3, ".", 32),
        ("%8.3d", "d", 8, 3, ".", 32), ("%-8.3d", "d", 8, 3, "-", 32), ("%08.3d", "d", 8, 3, "0", 32),
        ("%-05d", "d", 5, -1, "-0", 32), ("% d", "d", -1, -1, ".", 32), ("%3d", "d", 3, -1, ".", 32),
        ("%u", "d", -1, -1, ".", 32), ("%U", "d", -1, -1, ".", 32), ("%ld", "d", -1, -1, ".", 64),
        ("%lld", "d", -1, -1, ".", 64), ("%hd", "d", -1, -1, ".", 16), ("%hhd", "d", -1, -1, ".", 8),
        ("%llu", "d", -1, -1, ".", 64), ("%lu", "d", -1, -1, ".", 64), ("%hu", "d", -1, -1, ".", 16),
        ("%010lld", "d", 10, -1, "0", 64),
    ]
    static let integerValues = [
        "0", "42", "-42", "1234", "-1234", "1234567", "2147483648", "-9223372036854775808", "9223372036854775808",
        "18446744073709551615", "65535", "255",
    ]

    static let doubleSpecs: [Spec] = [
        ("%f", "f", -1, -1, ".", 0), ("%F", "f", -1, -1, ".", 0), ("%.2f", "f", -1, 2, ".", 0),
        ("%.0f", "f", -1, 0, ".", 0), ("%.1f", "f", -1, 1, ".", 0), ("%10.2f", "f", 10, 2, ".", 0),
        ("%-10.2f", "f", 10, 2, "-", 0), ("%010.2f", "f", 10, 2, "0", 0), ("%+.2f", "f", -1, 2, "+", 0),
        ("%+f", "f", -1, -1, "+", 0), ("%.f", "f", -1, 0, ".", 0), ("%e", "e", -1, -1, ".", 0),
        ("%.3e", "e", -1, 3, ".", 0), ("%E", "e", -1, -1, ".", 0), ("%+e", "e", -1, -1, "+", 0),
        ("%12.2e", "e", 12, 2, ".", 0), ("%g", "g", -1, -1, ".", 0), ("%.3g", "g", -1, 3, ".", 0),
        ("%G", "g", -1, -1, ".", 0), ("%12g", "g", 12, -1, ".", 0), ("%012g", "g", 12, -1, "0", 0),
        ("%+g", "g", -1, -1, "+", 0), ("%.0g", "g", -1, 0, ".", 0), ("%.10g", "g", -1, 10, ".", 0),
        ("%-12g", "g", 12, -1, "-", 0),
    ]
    static let doubleValues = [
        "0", "-0.0", "2.675", "1.005", "0.125", "0.5", "1.5", "2.5", "-1.5", "1234.5678", "1234567.891",
        "-1234567.891", "0.00001", "0.0001", "123456", "1000000000000000", "1e21", "3.14159", "42",
    ]

    /// The 64-bit signed integer the device formats for `text` read by a specifier of
    /// `bits` bits: CoreFoundation reads every integer argument as a signed one of its
    /// size (sign-extended), unsigned specifiers too.
    static func deviceInteger(_ text: String, bits: Int) -> Int64 {
        let pattern = Int64(text).map { UInt64(bitPattern: $0) } ?? UInt64(text) ?? 0
        switch bits {
        case 8: return Int64(Int8(truncatingIfNeeded: pattern))
        case 16: return Int64(Int16(truncatingIfNeeded: pattern))
        case 32: return Int64(Int32(truncatingIfNeeded: pattern))
        default: return Int64(bitPattern: pattern)
        }
    }

    @Test func everySpecifierAndFlagPrintsAsCoreFoundationDoes() async throws {
        var cases: [(locale: String, spec: String, value: String, oracleLine: String)] = []
        for locale in Self.locales {
            for s in Self.integerSpecs {
                for v in Self.integerValues {
                    let device = Self.deviceInteger(v, bits: s.bits)
                    cases.append((locale, s.text, v, "\(locale)\t\(s.conversion)\t\(s.width)\t\(s.precision)\t\(s.flags)\t\(device)\n"))
                }
            }
            for s in Self.doubleSpecs {
                for v in Self.doubleValues {
                    cases.append((locale, s.text, v, "\(locale)\t\(s.conversion)\t\(s.width)\t\(s.precision)\t\(s.flags)\t\(v)\n"))
                }
            }
        }
        let url = try BuiltExecutable.url(named: "herald-icu-oracle")
        let result = try await Subprocess.Running(url, ["cfnumber"], stdin: Data(cases.map(\.oracleLine).joined().utf8)).finished()
        #expect(result.status == 0, "oracle: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count)
        var failures = 0
        for (c, line) in zip(cases, lines) {
            let got = Renderer.renderUncached(
                message: plain(c.spec), locale: LocaleID(unchecked: c.locale), arguments: [.number(NumericValue(literal: c.value)!)],
                options: RenderOptions(isolateArguments: false)
            ).text
            if got != String(line) {
                failures += 1
                if failures <= 40 { Issue.record("\(c.locale) '\(c.spec)' of \(c.value): herald \(got.debugDescription), device \(String(line).debugDescription)") }
            }
        }
        #expect(failures == 0, "\(failures) of \(cases.count) differ")
    }

    /// The issue's examples, checked by hand against CoreFoundation's steps.
    @Test func theIssuesExamples() {
        func r(_ spec: String, _ locale: String, _ value: String) -> String {
            Renderer.renderUncached(
                message: plain(spec), locale: loc(locale), arguments: [.number(NumericValue(literal: value)!)],
                options: RenderOptions(isolateArguments: false)
            ).text
        }
        // The shortest decimal 2.675 rounded half-even (printf rounds the binary value down: 2.67).
        #expect(r("%.2f", "en", "2.675") == "2.68")
        // Zero padding is minimum integer digits, grouped; the sign and a direction mark never count.
        #expect(r("%05d", "en", "-42") == "-00,042")
        #expect(r("%05d", "he", "-42") == "\u{200E}-00,042")
        #expect(r("%05d", "en", "42") == "00,042")
        // Unsigned specifiers above the signed maximum show signed.
        #expect(r("%llu", "en", "18446744073709551615") == "-1")
        #expect(r("%llu", "en", "9223372036854775808") == "-9,223,372,036,854,775,808")
        #expect(r("%u", "en", "4294967295") == "-1")
        // Grouping from the first group on, in Spanish too.
        #expect(r("%d", "es", "1234") == "1.234")
    }

    /// A `.stringsdict` plural variable with a `.2f` value type selects on, and shows, the
    /// device's digits: 1.005 → "1.00" (printf: "1.00" too), 2.675 → "2.68".
    @Test func fixedPluralVariableShowsTheDevicesDigits() {
        let m = plural("%#@v@", type: ".2f", [.one: "%.2f ONE", .other: "%.2f OTHER"])
        let result = Renderer.renderUncached(message: m, locale: loc("en"), arguments: [.number(.double(2.675))])
        #expect(result.text == "2.68 OTHER")
    }
}
