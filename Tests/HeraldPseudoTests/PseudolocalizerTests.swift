import HeraldICU
import HeraldPseudo
import HeraldRender
import HeraldTables
import Testing

/// The transforms on hand-checked examples: every expected string below was
/// worked out by hand from the rules in Docs/pseudo-locales.md (the accent
/// table, the expansion table, the filler " one two three…"), not taken from
/// the code's output.
@Suite struct PseudolocalizerTests {
    func accented(_ s: String) -> String { Pseudolocalizer(.accented).format(s, outer: true, substitution: false) }

    @Test func accentedLettersExpandedAndBracketed() {
        // "Hello " + "!" = 7 literal characters → +40 % → ⌈2.8⌉ = 3 → " on" → " öñ".
        #expect(accented("Hello %@!") == "[Ĥéļļö %@! öñ]")
        // Every letter of the alphabet, both cases (26 + 26 = 52 characters → +30 % → ⌈15.6⌉ = 16:
        // " one two three f" accented).
        #expect(
            accented("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                == "[åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ öñé ţŵö ţĥŕéé ƒ]")
    }

    @Test func specifiersAndPercentSignsAreKeptAsWritten() {
        // " won " = 5 characters → ⌈2.0⌉ = 2 → " o".
        #expect(accented("%1$@ won %2$.2f") == "[%1$@ ŵöñ %2$.2f ö]")
        // "50% off": the escaped percent sign stays escaped; 7 characters → 3.
        #expect(accented("50%% off") == "[50%% öƒƒ öñ]")
        // A variable reference, a long length modifier, a positional width.
        #expect(accented("%#@count@") == "[%#@count@]")
        #expect(accented("%ld-%3$5d") == "[%ld-%3$5d ]")
        // `%arg` in a substitution's form is a specifier, not the word "arg".
        #expect(Pseudolocalizer(.accented).format("%arg days", outer: false, substitution: true) == "%arg ðåýš ö")  // " days": 5 → ⌈2.0⌉ = 2
    }

    @Test func expansionFollowsTheDocumentedTable() {
        #expect(PseudoExpansion.added(forLength: 0) == 0)
        #expect(PseudoExpansion.added(forLength: 1) == 1)  // ⌈0.4⌉
        #expect(PseudoExpansion.added(forLength: 20) == 8)  // 20 × 40 %
        #expect(PseudoExpansion.added(forLength: 21) == 8)  // ⌈7.35⌉
        #expect(PseudoExpansion.added(forLength: 50) == 18)  // ⌈17.5⌉
        #expect(PseudoExpansion.added(forLength: 51) == 16)  // ⌈15.3⌉
        #expect(PseudoExpansion.added(forLength: 100) == 30)
        // Longer than the filler: it repeats.
        #expect(PseudoExpansion.padding(forLength: 200) == String(String(repeating: " one two three four five six seven eight nine ten", count: 2).prefix(60)))
    }

    @Test func rightToLeftOverridesEachWord() {
        let rlm = "\u{200F}", rlo = "\u{202E}", pdf = "\u{202C}"
        #expect(
            Pseudolocalizer(.rtl).format("Hi there, %d!", outer: true, substitution: false)
                == "\(rlm)\(rlo)Hi\(pdf)\(rlm) \(rlm)\(rlo)there,\(pdf)\(rlm) %d\(rlm)\(rlo)!\(pdf)\(rlm)")
    }

    @Test func doubleAndBounded() {
        #expect(Pseudolocalizer(.double).format("Hi %d!", outer: true, substitution: false) == "[HHii %d!!]")
        #expect(Pseudolocalizer(.double).format("5%% off", outer: true, substitution: false) == "[55%%%% ooffff]")
        #expect(Pseudolocalizer(.bounded).format("Hi %d", outer: true, substitution: false) == "[Hi %d]")
        #expect(Pseudolocalizer(.bounded).format("Hi %d", outer: false, substitution: false) == "Hi %d")
    }

    @Test func tagsParseAsHeraldLocales() throws {
        for kind in PseudoLocale.allCases {
            let parsed = try LocaleID(kind.tag)
            #expect(parsed == kind.locale, "\(kind.tag)")
            #expect(parsed.bcp47 == kind.tag)
            #expect(PseudoLocale(locale: parsed) == kind)
            #expect(parsed.isRightToLeft == (kind == .rtl), "\(kind.tag)")
        }
        #expect(PseudoLocale(locale: try LocaleID("en-US")) == nil)
    }

    @Test func listsAreReadAndBadItemsNamed() throws {
        #expect(try PseudoLocale.list("all") == PseudoLocale.allCases)
        #expect(try PseudoLocale.list("rtl, en-XA,rtl") == [.rtl, .accented])
        #expect(throws: PseudoLocaleError.self) { try PseudoLocale.list("accented,klingon") }
        do {
            _ = try PseudoLocale.list("accented,,")
        } catch {
            #expect(error.description.contains("\"\" is not a pseudo-locale"))
        }
    }
}
