import HeraldICU
import Testing

@Suite struct DateAndRelativeTimeTests {
    /// ICU's C API: ureldatefmt (LONG, DAY) and formatNumeric.
    @Test func relativeDays() throws {
        let en = try RelativeTimeFormat.for(LocaleID("en"))
        #expect(try en.format(-1, unit: .day) == "yesterday")
        #expect(try en.format(0, unit: .day) == "today")
        #expect(try en.format(1, unit: .day) == "tomorrow")
        #expect(try en.format(2, unit: .day) == "in 2 days")
        #expect(try en.format(-1, unit: .day, numeric: true) == "1 day ago")
        #expect(try en.format(0, unit: .day, numeric: true) == "in 0 days")
        let de = try RelativeTimeFormat.for(LocaleID("de"))
        #expect(try de.format(2, unit: .day) == "übermorgen")
        #expect(try de.format(-1, unit: .day) == "gestern")
    }

    @Test func relativeSeconds() throws {
        let en = try RelativeTimeFormat.for(LocaleID("en"))
        #expect(try en.format(seconds: 15 * 60) == "in 15 minutes")
        #expect(try en.format(seconds: -2 * 3600) == "2 hours ago")
        #expect(try en.format(seconds: 86400) == "tomorrow")
        #expect(throws: ICUError.self) { try en.format(.nan, unit: .day) }
        #expect(throws: ICUError.self) { try en.format(seconds: .infinity) }
    }

    /// 1970-01-01T00:00:00Z. CLDR 42 puts U+202F before AM/PM in English times.
    @Test func datesInAZone() throws {
        let en = try LocaleID("en_US")
        #expect(try DateFormat.for(skeleton: "yMMMd", locale: en, zone: "UTC").format(epochMilliseconds: 0) == "Jan 1, 1970")
        #expect(try DateFormat.for(skeleton: "yMMMd", locale: en, zone: "America/New_York").format(epochMilliseconds: 0)
            == "Dec 31, 1969")
        #expect(try DateFormat.for(skeleton: "jmm", locale: en, zone: "America/New_York").format(epochMilliseconds: 0)
            == "7:00\u{202F}PM")
        #expect(try DateFormat.for(skeleton: "Hmm", locale: LocaleID("de"), zone: "Europe/Berlin").format(epochMilliseconds: 0)
            == "01:00")
        #expect(try DateFormat.for(skeleton: "yMd", locale: LocaleID("de"), zone: "UTC").format(epochMilliseconds: 0)
            == "1.1.1970")
        #expect(try DateFormat.utcOffsetSeconds(zone: "Asia/Kolkata", epochMilliseconds: 0) == 19800)
        #expect(throws: ICUError.self) { try DateFormat.for(skeleton: "yMMMd", locale: en, zone: "Mars/Olympus") }
        #expect(throws: ICUError.self) { try DateFormat.for(skeleton: "yMMMd", locale: en, zone: "") }
        #expect(throws: ICUError.self) {
            try DateFormat.for(skeleton: "yMMMd", locale: en, zone: "UTC").format(epochMilliseconds: .nan)
        }
        #expect(throws: ICUError.self) { try DateFormat.for(skeleton: "", locale: en, zone: "UTC") }
        #expect(throws: ICUError.self) { try DateFormat.for(skeleton: "y\u{0}M", locale: en, zone: "UTC") }
        #expect(DateFormat.isKnownZone("Europe/Paris"))
        #expect(!DateFormat.isKnownZone("Europe/Atlantis"))
    }
}

@Suite struct MessageFormatTests {
    func format(_ pattern: String, _ locale: String, _ args: [(String, MessageFormat.Argument)]) throws -> String {
        try MessageFormat.for(pattern: pattern, locale: LocaleID(locale)).format(args.map { (name: $0.0, value: $0.1) })
    }

    @Test func pluralSelectOrdinalAndSkeletons() throws {
        let p = "{count, plural, =0 {no items} one {# item} other {# items}}"
        #expect(try format(p, "en", [("count", .number(.int(0)))]) == "no items")
        #expect(try format(p, "en", [("count", .number(.int(1)))]) == "1 item")
        #expect(try format(p, "en", [("count", .number(.int(1234)))]) == "1,234 items")
        // ICU's `#` uses the locale's default number format, which drops
        // trailing zeros, and selects on what it shows: "1.0" → "1 item"
        // (checked against icu::MessageFormat directly on ICU 72).
        #expect(try format(p, "en", [("count", .number(.decimal("1.0")))]) == "1 item")
        let ru = "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}"
        #expect(try format(ru, "ru", [("n", .number(.int(21)))]) == "21 файл")
        #expect(try format(ru, "ru", [("n", .number(.int(22)))]) == "22 файла")
        #expect(try format(ru, "ru", [("n", .number(.int(25)))]) == "25 файлов")
        let ord = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
        #expect(try format(ord, "en", [("n", .number(.int(23)))]) == "23rd")
        #expect(try format(ord, "en", [("n", .number(.int(11)))]) == "11th")
        let sel = "{g, select, female {she} male {he} other {they}}"
        #expect(try format(sel, "en", [("g", .string("female"))]) == "she")
        #expect(try format(sel, "en", [("g", .string("x"))]) == "they")
        #expect(try format("{v, number, ::currency/EUR}", "de", [("v", .number(.decimal("1234.5")))]) == "1.234,50\u{A0}€")
        #expect(try format("{0} and {1}", "en", [("0", .string("A")), ("1", .string("B"))]) == "A and B")
    }

    /// ICU's pattern syntax: apostrophe rules.
    @Test func apostrophes() throws {
        #expect(try format("It''s", "en", []) == "It's")
        #expect(try format("It's", "en", []) == "It's")
        #expect(try format("'{0}'", "en", [("0", .string("x"))]) == "{0}")
        #expect(try format("This '{isn''t}' obvious", "en", []) == "This {isn't} obvious")
        #expect(try format("{n, plural, other {'#' is #}}", "en", [("n", .number(.int(5)))]) == "# is 5")
    }

    @Test func badPatternsAndArguments() throws {
        do {
            _ = try MessageFormat.for(pattern: "{count, plural, one {x}", locale: LocaleID("fr"))
            Issue.record("expected an error")
        } catch {
            #expect(error.locale == "fr")
            #expect(error.input == "{count, plural, one {x}")
            #expect(error.description.contains("fr"))
        }
        #expect(throws: ICUError.self) { try MessageFormat.for(pattern: "{0, number, ::currency/}", locale: LocaleID("en")) }
        #expect(throws: ICUError.self) { try MessageFormat.for(pattern: "{a\u{0}}", locale: LocaleID("en")) }
        #expect(throws: ICUError.self) { try format("{n, number}", "en", [("n", .number(.double(.nan)))]) }
        #expect(throws: ICUError.self) { try format("{n, number}", "en", [("n", .number(.decimal("1e400")))]) }
        #expect(throws: ICUError.self) { try format("{n, number}", "en", [("n", .number(.decimal("abc")))]) }
    }
}
