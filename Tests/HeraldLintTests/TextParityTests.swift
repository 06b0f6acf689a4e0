import Foundation
import HeraldDiagnostics
import Testing

@testable import HeraldLint

/// The pieces the issue-34 rules compare, against expectations worked out by hand.
@Suite struct TextParityTests {
    @Test func pluralCandidatesAreCountsBeforePluralNouns() {
        #expect(PluralCandidates.find(in: "%d tickets left")?.noun == "tickets")
        #expect(PluralCandidates.find(in: "Try again in %ld seconds.")?.written == "%ld")
        #expect(PluralCandidates.find(in: "%1$lu items in %2$@")?.noun == "items")
        // Not a plural noun after the number, a label, a unit, a float, an object.
        #expect(PluralCandidates.find(in: "Step %d of %d") == nil)
        #expect(PluralCandidates.find(in: "Words: %d") == nil)
        #expect(PluralCandidates.find(in: "%d ms") == nil)
        #expect(PluralCandidates.find(in: "%d is the limit") == nil)
        #expect(PluralCandidates.find(in: "%.1f hours") == nil)
        #expect(PluralCandidates.find(in: "%@ tickets") == nil)
        #expect(PluralCandidates.find(in: "%d Tickets") == nil)  // a capitalized word is a name ("%d Tabs" in a title)
    }

    @Test func endingsAreReadPerScript() {
        #expect(TextParity.ending("Done.", language: "en") == .stop)
        #expect(TextParity.ending("完成。", language: "zh") == .stop)
        #expect(TextParity.ending("हो गया।", language: "hi") == .stop)
        #expect(TextParity.ending("هل أنت متأكد؟", language: "ar") == .question)
        #expect(TextParity.ending("Είστε σίγουροι;", language: "el") == .question)
        #expect(TextParity.ending("a; b;", language: "en") == .none)
        #expect(TextParity.ending("Loading...", language: "en") == .ellipsis)
        #expect(TextParity.ending("Say “hi!” ", language: "en") == .exclamation)
        #expect(TextParity.ending("Logged in as:", language: "en") == .colon)
    }

    @Test func numbersAreReadInAnyDigitsAndGrouping() {
        #expect(TextParity.numbers("Up to 5 devices, 1,000 MB") == ["5", "1000"])
        #expect(TextParity.numbers("حتى ٥ أجهزة") == ["5"])
        #expect(TextParity.numbers("1.000 MB") == ["1000"])
        #expect(TextParity.numbers("%d devices, %1$@") == [])
    }

    @Test func addressesAreURLsAndMail() {
        #expect(TextParity.addresses("Go to https://example.com/help.") == ["https://example.com/help"])
        #expect(TextParity.addresses("https://example.com를 여세요") == ["https://example.com"])
        #expect(TextParity.addresses("Write to help@example.com, or name@例え.jp") == ["help@example.com", "name@例え.jp"])
        #expect(TextParity.addresses("%@ at %@.") == [])
        #expect(TextParity.addresses("http:// or https://") == [])
        #expect(TextParity.normalized("HTTPS://Example.com/Windows/") == "example.com/windows")
    }

    @Test func markdownRunsAndLinksAreCounted() {
        #expect(TextParity.markdown("Read the [guide](https://x.org) **now**") == ["**", "**", "](…)"])
        #expect(TextParity.markdown("Read the [guide] (https://x.org)") == [])
        #expect(TextParity.markdown("[a]( https://x.org )") == ["](…)"])
        #expect(TextParity.markdown("[a]()") == ["]()"])
    }

    @Test func ruleOffByDefaultReportsOnlyWhenConfigured() throws {
        let plain = try Fixtures.lint([Fixtures.bad("number-parity")])
        #expect(!plain.diagnostics.contains { $0.rule == .numberParity })
        var c = LintConfiguration()
        c.rules[.numberParity] = .report(.warning)
        let on = try Fixtures.lint([Fixtures.bad("number-parity")], configuration: c)
        let found = on.diagnostics.filter { $0.rule == .numberParity }
        #expect(found.map(\.message) == [#"de text of "k" does not write 5, which the en text does: "Bis zu fünf Geräte""#])
        #expect(c.severity(of: .numberParity) == .warning && LintConfiguration().severity(of: .numberParity) == nil)
    }

    @Test func scriptTypographyFindsMarksOfTheWrongScript() {
        let cjk: Set<Unicode.Scalar> = [",", ".", "?"]
        #expect(ScriptTypography.firstMark(in: "设置将被重置, 此设备", marks: cjk, after: ScriptTypography.isCJK)?.mark == ",")
        #expect(ScriptTypography.firstMark(in: "设置将被重置，此设备。", marks: cjk, after: ScriptTypography.isCJK) == nil)
        #expect(ScriptTypography.firstMark(in: "在.yaml 中", marks: cjk, after: ScriptTypography.isCJK) == nil)
        #expect(ScriptTypography.firstMark(in: "版本1.5", marks: cjk, after: ScriptTypography.isCJK) == nil)
        #expect(ScriptTypography.firstMark(in: "%@, 已过期", marks: cjk, after: ScriptTypography.isCJK) == nil)  // after a specifier
        #expect(ScriptTypography.firstMark(in: "هل أنت متأكد?", marks: ["?", ","], after: ScriptTypography.isArabic)?.mark == "?")
        #expect(ScriptTypography.firstMark(in: "هل أنت متأكد؟", marks: ["?", ","], after: ScriptTypography.isArabic) == nil)
        #expect(ScriptTypography.firstMark(in: "Είστε σίγουροι?", marks: ["?"], after: ScriptTypography.isGreek)?.mark == "?")
        #expect(ScriptTypography.firstMark(in: "Είστε σίγουροι;", marks: ["?"], after: ScriptTypography.isGreek) == nil)
        #expect(ScriptTypography.firstMark(in: "Voir https://x.fr/a?b=1", marks: ["?"], after: { $0.properties.isAlphabetic }) == nil)
    }

    @Test func grammarAgreementMarkupIsRead() {
        #expect(Inflection.problems("You have ^[%lld ticket](inflect: true)", language: "en", arguments: 1).isEmpty)
        #expect(Inflection.problems("^[%lld Los](inflect: true)", language: "de", arguments: 1).isEmpty)
        #expect(Inflection.problems("^[%lld bilet](inflect: true)", language: "pl", arguments: 1)
            == ["'inflect: true' in pl, which Apple's grammar agreement does not inflect: the text shows as written"])
        #expect(Inflection.problems("^[%lld ticket](inflect: true", language: "en", arguments: 1)
            == ["'^[' is not followed by '](attributes)': the markup shows as written"])
        #expect(Inflection.problems("^[new](agreeWithArgument: 3)", language: "en", arguments: 2) == ["'agreeWithArgument: 3' names no argument of the text (it has 2)"])
        #expect(Inflection.problems("^[a](inflection: true)", language: "en", arguments: 0).first?.hasPrefix(#"unknown attribute "inflection""#) == true)
    }
}
