import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldICU

/// Dates and times in ICU MessageFormat patterns (`{0, date, short}`, `{0, time, short}`,
/// `{0, date, ::yMMMd}`…), in every locale Herald ships (Localizations/), in several zones,
/// against the oracle: `herald-icu-oracle message` (Tests/ICUOracle/main.c) formats the
/// same pattern with ICU's own MessageFormat through its C API (`umsg_format`), the zone set
/// as ICU's default, with no Herald code in between. Persian calendar in fa, Arabic-Indic
/// digits in ar, Bangla digits in bn… are whatever ICU says they are.
@Suite struct MessageDateTests {
    /// The locales of Localizations/*.lproj, as ICU ids.
    static func shippedLocales() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Localizations")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
        return try names.map { try LocaleID($0).icuID }
    }

    static let patterns = [
        "{0, date, short}", "{0, time, short}", "{0, date, ::yMMMd}", "{0, date}", "{0, time}", "{0, date, long}",
        "{0, date, full} {0, time, short}", "{0, time, ::jmm}", "{0, date, ::EEEEMMMMd}", "{0,DATE,Short}",
        "Due {0, date, medium} at {0, time, short}.",
    ]
    static let zones = ["UTC", "America/Los_Angeles", "Asia/Tehran", "Australia/Lord_Howe", "Asia/Kolkata"]
    /// 2026-11-18T20:00:00Z, 2001-09-09T01:46:40Z, 1969-01-01T00:00:00Z, 2026-03-20T23:30:00Z.
    static let instants: [Double] = [1_795_032_000_000, 1_000_000_000_000, -31_536_000_000, 1_774_049_400_000]

    @Test func datesAndTimesMatchICUsOwnMessageFormatInEveryShippedLocale() async throws {
        let locales = try Self.shippedLocales()
        try #require(locales.count >= 40, "Localizations/ not found")
        var requests: [(id: String, zone: String, ms: Double, pattern: String)] = []
        for id in locales {
            for (k, pattern) in Self.patterns.enumerated() {
                // Every pattern in every locale; zones and instants taken in turn.
                for z in 0..<2 {
                    let zone = Self.zones[(k + z) % Self.zones.count]
                    let ms = Self.instants[(k + z + id.count) % Self.instants.count]
                    requests.append((id, zone, ms, pattern))
                }
            }
        }
        let url = try BuiltExecutable.url(named: "herald-icu-oracle")
        let input = requests.map { "\($0.id)\t\($0.zone)\t\(Int64($0.ms))\t\($0.pattern)\n" }.joined()
        let result = try await Subprocess.Running(url, ["message"], stdin: Data(input.utf8)).finished()
        #expect(result.status == 0, "oracle: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == requests.count)
        for (r, line) in zip(requests, lines) {
            #expect(!line.hasPrefix("!"), "oracle failed: \(r.id) \(r.pattern): \(line)")
            let locale = LocaleID(unchecked: r.id)
            let format = try MessageFormat.for(pattern: r.pattern, locale: locale)
            let got = try format.format([("0", .date(r.ms))], timeZone: r.zone)
            #expect(got == String(line), "\(r.id) \(r.zone) \(r.pattern)")
            // Isolated (right-to-left text): each date shown in FSI … PDI, the rest as ICU has it.
            if r.pattern == "{0, date, short}" {
                let isolated = try MessageFormat.for(pattern: r.pattern, locale: locale, isolated: true)
                #expect(try isolated.format([("0", .date(r.ms))], timeZone: r.zone) == "\u{2068}\(line)\u{2069}")
            }
        }
        // The spot checks a reader can verify by eye.
        let fa = try MessageFormat.for(pattern: "{0, date, ::yMMMd}", locale: LocaleID("fa"))
        let persian = try fa.format([("0", .date(1_795_032_000_000))], timeZone: "Asia/Tehran")
        #expect(persian.contains("۱۴۰۵"), "\(persian)")  // 2026-11-18 is in the Persian year 1405
        let en = try MessageFormat.for(pattern: "{0, date, short} {0, time, short}", locale: LocaleID("en"))
        #expect(try en.format([("0", .date(1_795_032_000_000))], timeZone: "America/Los_Angeles") == "11/18/26 12:00\u{202F}PM")
        #expect(try en.format([("0", .date(1_795_032_000_000))], timeZone: "Asia/Tehran") == "11/18/26 11:30\u{202F}PM")
    }

    /// Nested in a plural or a select, a date is formatted in the zone as at the top level.
    @Test func nestedDatesUseTheZoneToo() throws {
        let format = try MessageFormat.for(
            pattern: "{n, plural, one {# reminder on {d, date, short}} other {# reminders on {d, date, short}}}",
            locale: LocaleID("en"))
        let text = try format.format([("n", .number(.int(1))), ("d", .date(1_795_032_000_000))], timeZone: "Pacific/Auckland")
        #expect(text == "1 reminder on 11/19/26")
        let kind = try MessageFormat.for(pattern: "{k, select, a {at {t, time, short}} other {-}}", locale: LocaleID("en"))
        #expect(try kind.format([("k", .string("a")), ("t", .date(1_795_032_000_000))], timeZone: "UTC") == "at 8:00\u{202F}PM")
    }

    /// A date argument given something else is an error naming it; an unknown zone too.
    @Test func wrongKindForADateIsAnErrorNamingTheArgument() throws {
        let format = try MessageFormat.for(pattern: "{a} {d, date, short}", locale: LocaleID("en"))
        do {
            _ = try format.format([("a", .string("x")), ("d", .string("tomorrow"))])
            Issue.record("formatted a string as a date")
        } catch {
            #expect(error.argument == 1)
        }
        #expect(throws: ICUError.self) { try format.format([("a", .string("x")), ("d", .date(0))], timeZone: "Mars/Olympus") }
    }
}
