import HeraldDiagnostics
import Testing

/// The one diagnostic shape: how it prints (the compiler form editors and CI
/// annotations parse: `file:line:col: severity: message [rule]`).
@Suite struct DiagnosticTests {
    @Test func printsAsACompilerDoes() {
        let d = Diagnostic(
            Diagnostic.Rule("duplicate-key"), .warning, "the key \"a\" is written twice",
            at: .file(Origin(file: "fr.lproj/Localizable.strings", line: 3, column: 1)),
            subject: .init(locale: "fr", table: "Localizable", key: "a"))
        #expect(d.description == #"fr.lproj/Localizable.strings:3:1: warning: the key "a" is written twice [duplicate-key]"#)
        #expect(d.origin?.line == 3)
    }

    @Test func aPointerOrNoLocation() {
        let media = Diagnostic(Diagnostic.Rule("media"), .note, "skipped", at: .pointer("/herald/media/1"))
        #expect(media.description == "/herald/media/1: note: skipped [media]")
        #expect(media.origin == nil)
        let bare = Diagnostic(Diagnostic.Rule("deadline"), .error, "late")
        #expect(bare.description == "error: late [deadline]")
    }

    @Test func aMessageStaysOnOneLine() {
        let d = Diagnostic(Diagnostic.Rule("syntax"), .error, "a\nb\rc")
        #expect(d.description == #"error: a\nb\rc [syntax]"#)
    }

    @Test func severitiesOrderByWeight() {
        #expect(Diagnostic.Severity.note < .warning && Diagnostic.Severity.warning < .error)
        #expect(Diagnostic.Severity.allCases.max() == .error)
    }
}
