import HeraldICU
import HeraldMF2
import Testing

/// Golden values from the MessageFormat 2 specification's own examples and from CLDR
/// (via the plural categories the specification's tables give), not from this code.
@Suite struct FormattingTests {
    func format(_ source: String, _ args: [String: MF2Value] = [:], locale: String = "en-US", bidi: Bool = false) throws -> String {
        let f = try MF2Formatter(source, locale: try LocaleID(locale), bidiIsolation: bidi)
        let r = f.format(args)
        #expect(r.errors.isEmpty, "\(r.errors)")
        return r.text
    }

    /// The specification's Czech example, checked against CLDR's rules (few is i = 2..4
    /// only, so 22 is other: "22 dní", where the specification's table says few).
    @Test func czechPluralsFromTheSpecificationsTable() throws {
        let message = """
            .input {$numDays :number}
            .match $numDays
            one  {{{$numDays} den}}
            few  {{{$numDays} dny}}
            many {{{$numDays} dne}}
            *    {{{$numDays} dní}}
            """
        let cases: [(NumericValue, String)] = [
            (.int(1), "1 den"), (.int(2), "2 dny"), (.int(5), "5 dní"), (.int(3), "3 dny"), (.int(22), "22 dní"), (.int(27), "27 dní"),
            (.decimal("2.4"), "2,4 dne"),
        ]
        for (n, expected) in cases {
            #expect(try format(message, ["numDays": .number(n)], locale: "cs") == expected, "\(n)")
        }
    }

    @Test func percentRoundsTheScaledValue() throws {
        #expect(try format("{0.1234 :percent maximumFractionDigits=1}") == "12.3%")
        // Selection is on the value times 100.
        #expect(try format(".local $pct = {1 :percent}\n.match $pct\n1 {{one}}\n100 {{Matches}}\n* {{Otherwise}}") == "Matches")
    }

    @Test func currencyStripsZeroFractions() throws {
        let message = "The special price is {$price :currency trailingZeroDisplay=stripIfInteger}."
        #expect(try format(message, ["price": .currency(.decimal("5.00"), code: "USD")]) == "The special price is $5.")
        #expect(try format(message, ["price": .currency(.decimal("5.01"), code: "USD")]) == "The special price is $5.01.")
    }

    @Test func offsetWithTwoSelectors() throws {
        let message = """
            .input {$like_count :integer}
            .local $others_count = {$like_count :offset subtract=1}
            .match $like_count $others_count
            0 *   {{Your post has no likes.}}
            1 *   {{{$name} liked your post.}}
            * one {{{$name} and {$others_count} other user liked your post.}}
            * *   {{{$name} and {$others_count} other users liked your post.}}
            """
        let name = MF2Value.string("Ana")
        #expect(try format(message, ["like_count": .number(.int(0)), "name": name]) == "Your post has no likes.")
        #expect(try format(message, ["like_count": .number(.int(1)), "name": name]) == "Ana liked your post.")
        #expect(try format(message, ["like_count": .number(.int(2)), "name": name]) == "Ana and 1 other user liked your post.")
        #expect(try format(message, ["like_count": .number(.int(3)), "name": name]) == "Ana and 2 other users liked your post.")
    }

    @Test func exactKeysBeatPluralCategories() throws {
        let message = ".input {$n :number}\n.match $n\n1 {{You have one last chance}}\none {{You have {$n} chance remaining}}\n* {{You have {$n} chances remaining}}"
        #expect(try format(message, ["n": .number(.int(1))]) == "You have one last chance")
        #expect(try format(message, ["n": .number(.int(21))]) == "You have 21 chances remaining")
        #expect(try format(message, ["n": .number(.int(21))], locale: "ru") == "You have 21 chance remaining")
    }

    @Test func defaultBidiStrategy() throws {
        // A string of unknown direction is isolated with FSI…PDI; a number in an LTR
        // message is not; in an RTL message it is (RLI…PDI).
        #expect(try format("Hi {$name}!", ["name": .string("שרה")], bidi: true) == "Hi \u{2068}שרה\u{2069}!")
        #expect(try format("{1 :number} item", bidi: true) == "1 item")
        #expect(try format("{1 :number}", locale: "ar", bidi: true) == "\u{2067}١\u{2069}")
        #expect(try format("{$x :string u:dir=ltr}", ["x": .string("abc")], locale: "ar", bidi: true) == "\u{2066}abc\u{2069}")
    }

    @Test func fallbacksShowTheSource() throws {
        let f = try MF2Formatter("Hello {$name} and {42 :ns:missing} and {|a\\|b| :number}", locale: .english, bidiIsolation: false)
        let r = f.format([:])
        #expect(r.text == "Hello {$name} and {|42|} and {|a\\|b|}")
        #expect(r.errors.map(\.kind) == [.unresolvedVariable, .unknownFunction, .badOperand])
        #expect(r.errors.map { $0.position?.description } == ["1:8", "1:19", "1:40"])
    }

    @Test func dataModelErrorsSayWhere() throws {
        do {
            _ = try MF2Formatter(".input {$x :number}\n.match $x\none {{one}}", locale: .english)
            Issue.record("accepted a matcher without a fallback variant")
        } catch {
            #expect(error.kind == .missingFallbackVariant)
            #expect(error.position == MF2Position(line: 3, column: 1))
        }
    }

    @Test func numberPartsComeFromICU() throws {
        let f = try MF2Formatter("{1234.5 :number}", locale: .english, bidiIsolation: false)
        guard case .expression(let type, _, let pieces, _, _, _)? = f.formatToParts([:]).parts.first else {
            Issue.record("no expression part")
            return
        }
        #expect(type == "number")
        #expect(pieces?.map(\.type) == ["integer", "group", "integer", "decimal", "fraction"])
        #expect(pieces?.map(\.value).joined() == "1,234.5")
    }

    @Test func longMessagesParseInOnePass() throws {
        // 50,000 placeholders over 50,000 lines: no recursion, positions by line table.
        let source = String(repeating: "{$a}\n", count: 50_000)
        let message = try MF2Parser.parse(source)
        guard case .pattern(let p) = message.body else { throw MF2Error(.syntaxError, "not a pattern") }
        #expect(p.parts.count == 100_000)
        do {
            _ = try MF2Parser.parse(source + "{")
        } catch {
            #expect(error.position == MF2Position(line: 50_001, column: 2))
        }
    }
}
