import HeraldDiagnostics
import Testing

@testable import HeraldLint

/// `TranslationCheck.placeholders`, what `herald import` checks an XLIFF target with: its
/// findings come in argument order every time (they were in the order of a dictionary of
/// the arguments, which differs between dictionaries; the fuzz-xliff harness saw one
/// target's findings reordered between two plans of the same file).
@Suite struct TranslationCheckTests {
    @Test func findingsComeInArgumentOrderEveryTime() {
        let origin = Origin(file: "de.xliff", line: 4, column: 9)
        let subject = Diagnostic.Subject(locale: "de", table: "Localizable", key: "k")
        // Arguments 1 … 9 in the source; the translation shows 4 and reads 2 as a number.
        let source = (1...9).map { "%\($0)$@" }.joined(separator: " ")
        let expected = ["specifier-mismatch 2"] + [1, 3, 5, 6, 7, 8, 9].map { "specifier-missing \($0)" }
        for _ in 0..<20 {
            let found = TranslationCheck.placeholders(
                source: source, target: "%4$@ %2$d", at: origin, pluralForm: nil, subject: subject, sourceLocalization: "en")
            let summary = found.map { d in
                "\(d.rule.rawValue) \(d.message.split(separator: " ").first { Int($0) != nil } ?? "?")"
            }
            #expect(summary == expected)
        }
    }
}
