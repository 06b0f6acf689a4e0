import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldICU

/// `NumberFormat.formatAndSelect(fixed:digits:rules:into:)`, the `%.2f` plural variable's
/// path (the double formatted and selected inside the shim), against the oracle:
/// `herald-icu-oracle fixed` (Tests/ICUOracle/main.c) calls ICU 72's C API directly — the
/// text as CoreFoundation's localized `%.Nf` makes it (`unum_open` with that many fraction
/// digits, `unum_formatDouble`), the category by `uplrules_selectFormatted` on the double
/// formatted with the `.00` skeleton — with no Herald code in between.
@Suite struct FixedSelectionTests {
    static let locales = [
        "en_US", "de_DE", "fr_FR", "ru_RU", "pl_PL", "cs_CZ", "ar_EG", "he_IL", "lv_LV", "cy_GB", "ga_IE", "lt_LT",
        "ja_JP", "fa_IR", "bn_BD",
    ]
    /// Ties (0.125, 2.675: the device rounds the shortest decimal half-even), sign, zero, grouping,
    /// Latvian's f % 100 = 11…19, and the largest magnitudes the shim takes.
    static let values: [Double] = [
        0, -0.0, 0.5, 1, 1.005, 0.125, 2.675, -1.5, 0.81, 0.11, 8.16, 21.01, 11.5, 1_234_567.891, 1e20, 9.99e99,
        -9.99e99, 0.000_001, 3,
    ]

    @Test func fixedDigitsAndCategoryMatchICUCalledDirectly() async throws {
        var requests: [(String, Int, Double)] = []
        for id in Self.locales {
            for digits in [0, 1, 2, 3, 20] {
                for v in Self.values { requests.append((id, digits, v)) }
            }
        }
        let url = try BuiltExecutable.url(named: "herald-icu-oracle")
        let input = requests.map { "\($0.0)\t\($0.1)\t\($0.2)\n" }.joined()
        let result = try await Subprocess.Running(url, ["fixed"], stdin: Data(input.utf8)).finished()
        #expect(result.status == 0, "oracle: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == requests.count)
        var buffer = [UInt8](repeating: 0, count: 512)
        for ((id, digits, v), line) in zip(requests, lines) {
            let locale = LocaleID(unchecked: id)
            let format = try NumberFormat.printf(fractionDigits: digits, locale: locale)
            let rules = try PluralRules.for(locale)
            let got = buffer.withUnsafeMutableBufferPointer { b in
                format.formatAndSelect(fixed: v, digits: digits, rules: rules, into: b).map {
                    String(decoding: b[0..<$0.count], as: UTF8.self) + "\t" + $0.category.rawValue
                }
            }
            #expect(got == String(line), "\(id) %.\(digits)f of \(v)")
        }
    }

    /// What the shim declines, so the caller's String path (which reports it) answers instead.
    @Test func declinesWhatTheStringPathMustAnswer() throws {
        let format = try NumberFormat.decimal(fractionDigits: 2, locale: LocaleID(unchecked: "en_US"))
        var buffer = [UInt8](repeating: 0, count: 512)
        buffer.withUnsafeMutableBufferPointer { b in
            for v in [Double.nan, .infinity, -.infinity, 1e100, -1e100, 1e300] {
                #expect(format.formatAndSelect(fixed: v, digits: 2, rules: nil, into: b) == nil, "\(v)")
            }
            #expect(format.formatAndSelect(fixed: 1, digits: 21, rules: nil, into: b) == nil)
            #expect(format.formatAndSelect(fixed: 1, digits: -1, rules: nil, into: b) == nil)
            // Too small a buffer: declined, not cut.
            let small = UnsafeMutableBufferPointer(rebasing: b[0..<4])
            #expect(format.formatAndSelect(fixed: 1234.5, digits: 2, rules: nil, into: small) == nil)
            // Without rules: the text, category `other`.
            let r = format.formatAndSelect(fixed: 1234.5, digits: 2, rules: nil, into: b)
            #expect(r?.category == .other)
            #expect(r.map { String(decoding: b[0..<$0.count], as: UTF8.self) } == "1,234.50")
        }
    }
}
