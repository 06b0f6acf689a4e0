import Foundation
import HeraldLint
import Testing

/// `validate --pushes DIR`: push payloads' alert keys against the Localizable tables.
@Suite struct PushKeyTests {
    @Test func rawKeyAndArgumentCount() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write("\"win.title\" = \"You won\";\n\"win.body\" = \"%@ won %@\";\n", "tables/en.lproj/Localizable.strings", in: root)
        try Fixtures.write("\"win.title\" = \"Gewonnen\";\n\"win.body\" = \"%1$@ gewann %2$@ am %3$@\";\n", "tables/de.lproj/Localizable.strings", in: root)
        try Fixtures.write("""
            {"aps": {"alert": {"title-loc-key": "win.title",
                               "loc-key": "win.body", "loc-args": ["Ana", "5 €"],
                               "subtitle-loc-key": "win.subtitle"}}}
            """, "pushes/win.json", in: root)
        try Fixtures.write(#"{"aps": {"alert": {"loc-key": "win.body", "loc-args": ["Ana", "5 €", "Monday"]}}}"#, "pushes/ok/full.json", in: root)
        let found = try PushKeyChecks.findings(pushes: root + "/pushes", tables: [root + "/tables"])
        let lines = found.map { "\($0.rule.rawValue) \($0.locale) \($0.origin?.line ?? 0):\($0.origin?.column ?? 0) \($0.message)" }
        #expect(found.count == 2, "\(lines)")
        let raw = found.first { $0.rule.rawValue == "push-key-missing" }
        #expect(raw?.message.contains("raw key") == true && raw?.key == "win.subtitle", "\(lines)")
        #expect(raw?.origin?.line == 3 && raw?.origin?.file.hasSuffix("pushes/win.json") == true, "\(lines)")
        let count = found.first { $0.rule.rawValue == "push-argument-count" }
        #expect(count?.locale == "de" && count?.origin?.line == 2, "\(lines)")
        #expect(found.allSatisfy { $0.severity.rawValue == "error" })
    }
}
