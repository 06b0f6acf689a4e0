import Foundation
import HeraldLint
import Testing

/// `herald validate` on `.mf2` tables: syntax and data-model errors with the line:column
/// inside the message, variables a translation reads that its source does not give.
@Suite struct MF2LintTests {
    @Test func messagesAreCheckedAsMessageFormat2() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Fixtures.write(
            #""photos" = ".input {$count :integer}\n.match $count\none {{{$name}: {$count} photo}}\n* {{{$name}: {$count} photos}}";"#
                + "\n" + #""bad" = "{$x";"# + "\n" + #""nostar" = ".input {$n :number}\n.match $n\none {{one}}";"# + "\n",
            "en.lproj/Notifications.mf2.strings", in: dir)
        try Fixtures.write(
            #""photos" = ".input {$count :integer}\n.match $count\n* {{{$count} fotek od {$who}}}";"# + "\n"
                + #""bad" = "x";"# + "\n" + #""nostar" = "{$n :number}";"# + "\n",
            "cs.lproj/Notifications.mf2.strings", in: dir)
        let report = try Fixtures.lint([dir])
        let mf2 = report.diagnostics.filter { $0.rule.rawValue == "mf2" }
        #expect(mf2.contains { $0.key == "bad" && $0.message.contains("1:4: syntax-error") }, "\(mf2.map(\.description))")
        #expect(mf2.contains { $0.key == "nostar" && $0.message.contains("3:1: missing-fallback-variant") })
        #expect(mf2.contains { $0.key == "photos" && $0.severity == .error && $0.message.contains("$who") })
        #expect(mf2.contains { $0.key == "photos" && $0.severity == .warning && $0.message.contains("$name") })
        // No printf-style finding on these texts.
        #expect(!report.diagnostics.contains { $0.rule.rawValue.hasPrefix("specifier") || $0.rule.rawValue.hasPrefix("render-") })
    }
}
