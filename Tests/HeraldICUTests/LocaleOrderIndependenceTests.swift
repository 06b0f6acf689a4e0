import Foundation
import HeraldICU
import HeraldTables
import HeraldTestSupport
import Testing

/// No locale's output may depend on what ran before it in the process. The oracle is
/// `herald-icu-oracle` (Tests/ICUOracle/main.c): ICU 72's C API called directly, each locale
/// in a process of its own forked before ICU was touched, so every value comes from a fresh ICU state.
@Suite struct LocaleOrderIndependenceTests {
    static let epochMilliseconds = 1_795_032_000_000.0  // 2026-11-18T20:00:00Z

    static func oracle(_ arguments: [String], stdin: String? = nil) async throws -> String {
        let url = try BuiltExecutable.url(named: "herald-icu-oracle")
        let result = try await Subprocess.Running(url, arguments, stdin: stdin.map { Data($0.utf8) }).finished()
        #expect(result.status == 0, "oracle: \(result.stderr)")
        return result.stdout
    }

    /// Herald's side of one sweep line (the oracle's `sweep` values, the same ICU calls).
    static func heraldLine(_ id: String) -> String {
        let locale = LocaleID(unchecked: id)
        func text(_ body: () throws -> String) -> String {
            do { return try body() } catch { return "!\(error)" }
        }
        return [
            id,
            text { try NumberFormat.for(skeleton: "", locale: locale).format(1_234_567.891) },
            text { try NumberFormat.for(skeleton: "currency/USD", locale: locale).format(214.0) },
            text {
                try DateFormat.for(skeleton: "yMMMdjmm", locale: locale, zone: "UTC")
                    .format(epochMilliseconds: epochMilliseconds)
            },
            text { try RelativeTimeFormat.for(locale, width: .long).format(15, unit: .minute, numeric: true) },
        ].joined(separator: "\t")
    }

    /// Everything Herald does to find a locale's tables and rules, for one locale.
    static func runLookupMachinery(_ id: String) {
        guard let locale = try? LocaleID(id) else { return }
        _ = locale.cldrParent
        _ = locale.hasICUData
        _ = locale.maximized().cldrParent
        _ = locale.minimized()
        _ = locale.isRightToLeft
        _ = LocalizationLookup.candidates(for: locale)
        _ = LocalizationLookup.chain(for: locale)
        _ = LocalizationLookup.match(locale, available: ["en", "nb", "no", "nn", "de", "pt-PT"], development: "en")
        _ = try? PluralRules.for(locale)
        _ = try? PluralRules.for(locale, type: .ordinal)
    }

    @Test func everyICULocaleFormatsAsOnAFreshICUStateAfterEveryLookup() async throws {
        let available = try await Self.oracle(["available"]).split(separator: "\n").map(String.init)
        #expect(available.count > 700, "ICU 72 knows some 800 locales")
        #expect(available.contains("nb") && available.contains("nn") && available.contains("nb_NO"))
        // Every id ICU ships is a well-formed locale id for Herald.
        let refused = available.filter { (try? LocaleID($0)) == nil }
        #expect(refused.isEmpty, "\(refused)")
        // First the whole lookup machinery for every locale (in the order a batch would meet them)…
        for id in available { Self.runLookupMachinery(id) }
        // … then every locale's formatting, compared with a fresh ICU state per locale.
        let fresh = try await Self.oracle(["sweep"], stdin: available.joined(separator: "\n") + "\n")
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(fresh.count == available.count)
        var mismatches: [String] = []
        for (id, expected) in zip(available, fresh) {
            let got = Self.heraldLine(id)
            if got != expected { mismatches.append("herald: \(got)\noracle: \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) locales differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// The examples. Golden strings: ICU 72's C API (the oracle, and
    /// `unumf_formatDouble`/`udat_format`/`ureldatefmt_formatNumeric` called by hand for nb and
    /// nn in Europe/Oslo), CLDR 42's nb/nn data (decimal comma, currency pattern "¤ #,##0.00" for nb,
    /// "#,##0.00 ¤" for nn, "om {0} minutter"), not Herald.
    @Test(arguments: ["nb", "nn", "nb_NO", "nn_NO"])
    func norwegianAfterItsParentWasLookedUp(_ id: String) throws {
        // The lookup that used to leave nb's cache entry without its parent.
        for other in ["nb", "nn", "nb_NO", "nn_NO", "no"] { Self.runLookupMachinery(other) }
        let locale = try LocaleID(id)
        let usd = try NumberFormat.for(skeleton: "currency/USD", locale: locale).format(214.0)
        let jpy = try NumberFormat.for(skeleton: "currency/JPY", locale: locale).format(200_000_000.0)
        let date = try DateFormat.for(skeleton: "yMMMdjmm", locale: locale, zone: "Europe/Oslo")
            .format(epochMilliseconds: Self.epochMilliseconds)
        let inFifteen = try RelativeTimeFormat.for(locale).format(15, unit: .minute, numeric: true)
        let nbsp = "\u{A0}"
        if id.hasPrefix("nb") {
            #expect(usd == "USD\(nbsp)214,00")
            #expect(jpy == "JPY\(nbsp)200\(nbsp)000\(nbsp)000")
        } else {
            #expect(usd == "214,00\(nbsp)USD")
            #expect(jpy == "200\(nbsp)000\(nbsp)000\(nbsp)JPY")
        }
        #expect(date == "18. nov. 2026, 21:00")
        // CLDR 42: nb "om {0} minutter", nn "om {0} minutt" (nn's plural form for the count).
        #expect(inFifteen == (id.hasPrefix("nb") ? "om 15 minutter" : "om 15 minutt"))
    }
}

/// Numbers inside a sentence use the locale's numbering system.
@Suite struct SentenceDigitsTests {
    /// For every ICU locale, the digits Herald writes into a sentence are the ones ICU's
    /// default number formatter uses for 0…9 (oracle: `unumf_formatDouble` per digit).
    @Test func everyLocaleWritesItsDefaultDigits() async throws {
        let available = try await LocaleOrderIndependenceTests.oracle(["available"])
            .split(separator: "\n").map(String.init)
        let expected = try await LocaleOrderIndependenceTests.oracle(["digits"], stdin: available.joined(separator: "\n") + "\n")
            .split(separator: "\n").map(String.init)
        #expect(expected.count == available.count)
        var mismatches: [String] = []
        for (id, line) in zip(available, expected) {
            let got = id + "\t" + NumberFormat.localizingDigits(in: "0123456789", locale: LocaleID(unchecked: id))
            if got != line { mismatches.append("herald \(got) / ICU \(line)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// CLDR 42 defaultNumberingSystem: ar → arab (U+0660…), fa → arabext (U+06F0…),
    /// bn → beng (U+09E6…); `-u-nu-latn` asks for Latin digits.
    @Test func nativeDigitsFromCLDR() throws {
        func digits(_ base: UInt32, _ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { s in
                s.value >= 0x30 && s.value <= 0x39 ? Unicode.Scalar(base + s.value - 0x30)! : s
            }))
        }
        #expect(NumberFormat.localizingDigits(in: "5+1", locale: try LocaleID("ar")) == digits(0x660, "5+1"))
        #expect(NumberFormat.localizingDigits(in: "0/1+1", locale: try LocaleID("fa")) == digits(0x6F0, "0/1+1"))
        #expect(try NumberFormat.plainInteger(for: LocaleID("bn")).format(Int64(12345)) == digits(0x9E6, "12345"))
        #expect(NumberFormat.localizingDigits(in: "5+1", locale: try LocaleID("ar-u-nu-latn")) == "5+1")
        #expect(NumberFormat.localizingDigits(in: "Loto", locale: try LocaleID("ar")) == "Loto")
    }
}
