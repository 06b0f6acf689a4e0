import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// ICU MessageFormat tables (issue 29, items 2, 3, 4 and the `{amt, number}` of 6): values
/// reach ICU raw (a select compares the string as given, a JSON number as written), what is
/// shown is isolated in right-to-left text like every other inserted argument, dates are
/// read strictly and shown in the request's zone, and a message that cannot be formatted
/// fails the render instead of showing its pattern.
@Suite struct ICUMessageTests {
    static let fsi = "\u{2068}", pdi = "\u{2069}"

    /// The same patterns in an LTR and three RTL localizations.
    static let catalog: TestCatalog = {
        let keys: [String: Message] = [
            "replied": plain("{0, select, female {She} male {He} other {They}} replied"),
            "nested": plain(
                "{0, plural, one {{1, select, female {She has one} other {They have one}}} other {# {1, select, female {for her, {0, number} in all} other {for them}}}}"),
            "code": plain("{0, select, 1234 {match} other {no match}}"),
            "one": plain("{0, select, 1 {one} other {not one}}"),
            "left": plain("Left: {amt, number}."),
            "shown": plain("Left: {0}."),
            "due": plain("Due {0, date, short} at {0, time, short}"),
            "day": plain("{0, date, ::yMMMd}"),
            "conflict": plain("{0, select, a {A} other {B}} {0, number}"),
            "broken": plain("{0, plural, one {x}"),
        ]
        return TestCatalog(tables: ["en": ["N.icu": keys], "ar": ["N.icu": keys], "he": ["N.icu": keys], "fa": ["N.icu": keys]])
    }()

    func render(_ key: String, _ locale: String, _ args: [RenderArgument], options: RenderOptions = .init()) throws(RenderError) -> RenderResult {
        try Renderer(catalog: Self.catalog).render(key: key, table: "N.icu", locale: loc(locale), arguments: args, options: options)
    }

    /// Why rendering `key` failed (nil when it did not).
    func failure(_ key: String, _ locale: String, _ args: [RenderArgument], options: RenderOptions = .init()) -> String? {
        do throws(RenderError) {
            _ = try render(key, locale, args, options: options)
            return nil
        } catch {
            guard case .formatFailed(_, _, _, _, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    // MARK: item 2

    @Test(arguments: ["en", "ar", "he", "fa"])
    func selectComparesTheValueAsGivenInEveryDirection(locale: String) throws {
        #expect(try render("replied", locale, [s("female")]).text == "She replied")
        #expect(try render("replied", locale, [s("male")]).text == "He replied")
        #expect(try render("replied", locale, [s("x")]).text == "They replied")
    }

    @Test func selectNestedInAPluralInRightToLeftText() throws {
        #expect(try render("nested", "he", [n(1), s("female")]).text == "She has one")
        let (i, o) = (Self.fsi, Self.pdi)
        #expect(try render("nested", "ar", [n(5), s("female")]).text == "\(i)٥\(o) for her, \(i)٥\(o) in all")
        #expect(try render("nested", "he", [n(5), s("other")]).text == "\(i)5\(o) for them")
        #expect(try render("nested", "en", [n(5), s("female")]).text == "5 for her, 5 in all")
    }

    @Test func aNumberGivenToASelectIsComparedAsWritten() throws {
        #expect(try render("code", "en", [n(1234)]).text == "match")
        #expect(try render("code", "de", [n(1234)]).text == "match")
        #expect(try render("one", "ar", [n(1)]).text == "one")
        #expect(try render("one", "fa", [n(1)]).text == "one")
        #expect(try render("one", "ar", [s("1")]).text == "one")
    }

    // MARK: item 6

    /// `{amt, number}`, a plain `{0}` and a plural's `#` are isolated in right-to-left text,
    /// as `%d` and `%@` are; not isolated with `isolateArguments` off or in LTR text.
    @Test(arguments: ["ar", "he", "fa"])
    func shownNumbersAreIsolatedLikeEveryOtherArgument(locale: String) throws {
        let bare = try render("left", locale, [n(1234)], options: RenderOptions(isolateArguments: false)).text
        #expect(!bare.contains(Self.fsi))
        let number = bare.dropFirst("Left: ".count).dropLast()
        #expect(try render("left", locale, [n(1234)]).text == "Left: \(Self.fsi)\(number)\(Self.pdi).")
        #expect(try render("shown", locale, [s("Ana")]).text == "Left: \(Self.fsi)Ana\(Self.pdi).")
        #expect(try render("left", "en", [n(1234)]).text == "Left: 1,234.")
    }

    // MARK: item 3

    @Test func dateArgumentsInEveryAcceptedForm() throws {
        let zone = RenderOptions(timeZone: "America/Los_Angeles")
        // 2026-11-18T20:00:00Z is 12:00 PM in Los Angeles (hand-checked: UTC−8 in November).
        for given in [s("2026-11-18T20:00:00Z"), s("2026-11-18T12:00-08:00"), s("2026-11-18T21:00:00.000+01:00"), n(1_795_032_000_000), s("1795032000000")] {
            #expect(try render("due", "en", [given], options: zone).text == "Due 11/18/26 at 12:00\u{202F}PM", "\(given)")
        }
        #expect(try render("due", "en", [s("2026-11-18T20:00:00Z")], options: RenderOptions(timeZone: "Asia/Tokyo")).text == "Due 11/19/26 at 5:00\u{202F}AM")
        // A day alone is that day's start in the request's zone.
        #expect(try render("due", "en", [s("2026-11-18")], options: RenderOptions(timeZone: "Pacific/Auckland")).text == "Due 11/18/26 at 12:00\u{202F}AM")
        #expect(try render("day", "de", [s("2026-11-18")], options: zone).text == "18. Nov. 2026")
        // Right-to-left: the date shown isolated.
        let he = try render("day", "he", [s("2026-11-18T20:00:00Z")]).text
        #expect(he.hasPrefix(Self.fsi) && he.hasSuffix(Self.pdi))
    }

    @Test func badDatesFailTheRenderSayingWhichArgumentAndWhy() throws {
        let cases: [(RenderArgument, String)] = [
            (s("tomorrow"), "is not a date"),
            (s("2026-11-18T20:00"), "has no UTC offset"),
            (s("2026-11-18 20:00Z"), "is not a date"),
            (s("2026-02-30"), "day 30 of month 2"),
            (s("2026-11-18T24:00Z"), "is not a date"),
            (d("1.5"), "not a whole number of milliseconds"),
            (n(9_000_000_000_000_000), "out of range"),
        ]
        for (given, why) in cases {
            let reason = failure("due", "en", [given])
            #expect(reason?.contains("argument '0' (a date)") == true, "\(given): \(reason ?? "rendered")")
            #expect(reason?.contains(why) == true, "\(given): \(reason ?? "rendered")")
        }
        #expect(failure("due", "en", [])?.contains("argument '0' (a date) is missing") == true)
        #expect(failure("due", "en", [n(0)], options: RenderOptions(timeZone: "Mars/Olympus")) != nil)
    }

    // MARK: item 4

    @Test func aMessageICUCannotFormatIsAFailureNotItsPattern() throws {
        let conflict = failure("conflict", "en", [s("a")])
        #expect(conflict?.contains("argument '0'") == true, "\(conflict ?? "rendered")")
        #expect(failure("broken", "en", [n(1)])?.contains("does not parse") == true)
        // The linter's path, which renders without failing: empty text, an `icu` error.
        let r = Renderer.renderUncached(message: plain("{0, date, short}"), locale: loc("en"), arguments: [s("soon")], icu: true)
        #expect(r.text.isEmpty)
        #expect(r.diagnostics.contains { $0.rule.rawValue == "icu" && $0.severity == .error })
    }
}
