// The currency-formatting half of `herald-bench icu`, three ways, for the
// comparison with Foundation's FormatStyle (issue #8: "Foundation's FormatStyle
// where it can do the job" — Foundation has no plural-rule API, so only the
// formatting is compared):
//
//   herald-bench icu-format [iterations]    HeraldICU's CurrencyFormat.format(minorUnits:)
//   herald-bench foundation [iterations]    Decimal.FormatStyle.Currency, one style per locale
//
// Same amounts and locales as bench_icu.c `format` mode. Each prints
// "<side> <items> <cpu seconds> <checksum>". Herald's checksum must equal C's;
// Foundation formats with its own bundled ICU 76 (CLDR 46), so a few locales'
// texts differ from ICU 72's and its checksum is reported, not compared.
import Foundation
import HeraldICU

/// The byte loop bench_icu.c runs over each formatted text (harness cost, the same on every side).
@inline(__always)
private func mix(_ text: String, into checksum: inout UInt64) {
    var text = text
    checksum = text.withUTF8 { bytes in
        var c = checksum
        for b in bytes { c = c &* 31 &+ UInt64(b) }
        return c
    }
}

func runICUFormatOnly(iterations: Int) throws {
    var formats: [CurrencyFormat] = []
    for id in icuBenchLocales { formats.append(try Currency.formatter(currency: "EUR", locale: try LocaleID(id))) }
    var checksum: UInt64 = 0
    var items = 0
    let start = cpuSeconds()
    for i in 0..<iterations {
        for (l, format) in formats.enumerated() {
            let minor = Int64((i &* 37 &+ l &* 1001) % 1_000_000 - 500)
            mix(try format.format(minorUnits: minor), into: &checksum)
            items += 1
        }
    }
    let elapsed = cpuSeconds() - start
    print("swift-format \(items) \(String(format6: elapsed)) \(checksum)")
}

func runFoundationFormat(iterations: Int) {
    let styles = icuBenchLocales.map {
        Decimal.FormatStyle.Currency(code: "EUR", locale: Locale(identifier: $0))
    }
    // Warm Foundation's formatter cache, as the other sides open theirs first.
    for style in styles { _ = style.format(Decimal(1)) }
    var checksum: UInt64 = 0
    var items = 0
    let start = cpuSeconds()
    for i in 0..<iterations {
        for (l, style) in styles.enumerated() {
            let minor = Int64((i &* 37 &+ l &* 1001) % 1_000_000 - 500)
            let amount = Decimal(
                sign: minor < 0 ? .minus : .plus, exponent: -2, significand: Decimal(minor.magnitude))
            mix(style.format(amount), into: &checksum)
            items += 1
        }
    }
    let elapsed = cpuSeconds() - start
    print("foundation \(items) \(String(format6: elapsed)) \(checksum)")
}
