import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald validate --sources DIR` as CI runs it: the real binary on a small app written here
/// (tables in `Resources/`, Swift code in `Sources/`), exit statuses, text and JSON output.
@Suite struct ValidateSourcesCLITests {
    static func app() throws -> TemporaryFolder {
        let app = try TemporaryFolder("herald-cli-sources")
        try app.write("""
            "inbox.title" = "Inbox";
            "inbox.count" = "%d new messages";
            "old.banner" = "Try our new app";
            """, to: "Resources/en.lproj/Localizable.strings")
        try app.write("""
            "inbox.title" = "Posteingang";
            "inbox.count" = "%d neue Nachrichten";
            "old.banner" = "Probier unsere neue App";
            """, to: "Resources/de.lproj/Localizable.strings")
        try app.write(#""NSCameraUsageDescription" = "Für Fotos";"#, to: "Resources/de.lproj/InfoPlist.strings")
        try app.write("""
            import SwiftUI

            struct InboxView: View {
                let unread: Int
                var body: some View {
                    VStack {
                        Text("inbox.title")
                        Text(String(format: NSLocalizedString("inbox.count", comment: ""), "\\(unread)"))
                        Button("inbox.archive") { }
                    }
                }
            }
            """, to: "Sources/Inbox/InboxView.swift")
        try app.write("""
            func key(for name: String) -> String { NSLocalizedString(name, comment: "") }
            """, to: "Sources/Util.swift")
        return app
    }

    @Test func findsMissingKeysArgumentsAndUnusedKeys() async throws {
        let app = try Self.app()
        let r = try await HeraldBinary.run(["validate", "--sources", "Sources", "Resources"], directory: app.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "Sources/Inbox/InboxView.swift:9:20: error: Button looks up \"inbox.archive\", but no Localizable table has it: the device shows the raw key \"inbox.archive\" [code-missing-key]"))
        #expect(lines.contains(
            "Sources/Inbox/InboxView.swift:8:18: error: argument 1 of the call is a string or object, but the de, en text of \"inbox.count\" reads it as an integer with '%d': garbage or a crash [code-arguments]"))
        #expect(lines.contains(
            "Resources/en.lproj/Localizable.strings:3:1: warning: no code in Sources looks up \"old.banner\" (Localizable, 2 localizations): no lookup, string literal or key built from parts names it, so nothing shows it [extra-key]"))
        // Once per key, and never for InfoPlist.
        #expect(lines.count { $0.contains("[extra-key]") } == 1)
        #expect(lines.last == "herald validate: 3 files, 2 locales, 4 keys: 2 errors, 1 warning; code: 3 lookups in 2 Swift files, 1 lookup with a computed key or table not checked")
    }

    @Test func jsonSummaryCountsTheCode() async throws {
        let app = try Self.app()
        let r = try await HeraldBinary.run(["validate", "--format", "json", "--sources", app.path("Sources"), app.path("Resources")])
        #expect(r.status == 1)
        let json = try JSONParser.parse(bytes: Array(r.stdout.utf8))
        let code = json.objectValue?["summary"]?.objectValue?["code"]?.objectValue
        #expect(code?["swiftFiles"]?.intValue == 2)
        #expect(code?["lookups"]?.intValue == 3)
        #expect(code?["dynamicLookups"]?.intValue == 1)
    }

    @Test func withoutSourcesNothingIsClaimedAboutTheCode() async throws {
        let app = try Self.app()
        let r = try await HeraldBinary.run(["validate", "Resources"], directory: app.url)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(!r.stdout.contains("[extra-key]") && !r.stdout.contains("[code-"))
        #expect(!r.stdout.contains("; code:"))
    }

    @Test func aSourcesFolderThatIsNotThereIsAUsageError() async throws {
        let app = try Self.app()
        let r = try await HeraldBinary.run(["validate", "--sources", "NoSuchFolder", "Resources"], directory: app.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("--sources NoSuchFolder: no such directory"))
    }

    @Test func aMissingHelperIsSaidPlainly() async throws {
        let app = try Self.app()
        let r = try await HeraldBinary.run(
            ["validate", "--sources", "Sources", "Resources"], environment: ["HERALD_SOURCEKEYS": app.path("no-such-helper")], directory: app.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("--sources: cannot run \(app.path("no-such-helper"))"))
        #expect(r.stderr.contains("install herald-sourcekeys beside herald, or set HERALD_SOURCEKEYS"))
        #expect(r.stdout.isEmpty)
    }
}
