import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald preview --pseudo` and `herald validate --pseudo`, through the real binary.
@Suite struct PseudoCLITests {
    @Test func previewRendersEveryExampleInEveryPseudoLocale() async throws {
        let items = try await PreviewCLITests.previewJSON(["--pseudo"])
        let locales = Set(items.compactMap { $0["locale"]?.stringValue })
        #expect(locales == ["en-XA", "ar-XB", "en-XD", "en-XE"])
        for example in ["lottery-win", "lottery-jackpot", "lottery-loss", "reminder", "message"] {
            #expect(items.filter { $0["example"]?.stringValue == example }.count == 4, "\(example)")
        }
        func body(_ example: String, _ locale: String) -> String {
            items.first { $0["example"]?.stringValue == example && $0["locale"]?.stringValue == locale }?["payload"]?["aps"]?["alert"]?["body"]?
                .stringValue ?? ""
        }
        // The win's amount and ticket counts (arguments) survive; the words are accented and bracketed.
        let win = body("lottery-win", "en-XA")
        #expect(win.hasPrefix("[") && win.hasSuffix("]"), "\(win)")
        #expect(win.contains("$214.00") && win.contains("Ýöû"), "\(win)")
        #expect(!win.contains("You "))
        #expect(body("lottery-win", "en-XE").hasPrefix("[") && body("lottery-win", "en-XE").contains("You won"))
        #expect(body("lottery-win", "ar-XB").contains("\u{202E}won\u{202C}"))
        // Every rendered body is non-empty and shows no specifier.
        for item in items {
            let b = item["payload"]?["aps"]?["alert"]?["body"]?.stringValue ?? ""
            #expect(!b.isEmpty && !b.contains("%@") && !b.contains("%d"), "\(item)")
        }
    }

    @Test func previewHTMLLaysTheRightToLeftPseudoLocaleOutRightToLeft() async throws {
        let r = try await HeraldBinary.run(["preview", "--pseudo", "--pseudo-locales", "rtl,accented", "--format", "html"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"lang="ar-XB" dir="rtl""#))
        #expect(r.stdout.contains(#"lang="en-XA" dir="ltr""#))
        #expect(!r.stdout.contains(#"lang="en-XD""#))
        let table = try await HeraldBinary.run(["preview", "--pseudo", "--pseudo-locales", "double"])
        #expect(table.status == 0 && table.stdout.contains("en-XD"), "\(table.stderr)")
    }

    @Test func badPseudoListsAreUsageErrors() async throws {
        let bad = try await HeraldBinary.run(["preview", "--pseudo", "--pseudo-locales", "accented,klingon"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\"klingon\" is not a pseudo-locale"), "\(bad.stderr)")
        let both = try await HeraldBinary.run(["preview", "--pseudo", "--locales", "de"])
        #expect(both.status == 2)
        let alone = try await HeraldBinary.run(["validate", "--pseudo-locales", "rtl", ValidateCLITests.fixtures + "/good/plurals"])
        #expect(alone.status == 2 && alone.stderr.contains("--pseudo-locales needs --pseudo"), "\(alone.stderr)")
    }

    /// A notification table whose texts fit in English but not pseudo-localized.
    static func tables() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("herald-cli-pseudo")
        let huge = String(repeating: "a", count: 3000)
        try folder.write(
            """
            "push.short.title" = "Hi";
            "push.long.title" = "Your weekly lottery results";
            "push.huge.body" = "\(huge)";
            """, to: "en.lproj/Notifications.strings")
        return folder
    }

    @Test func validateReportsTextsThatDoNotFitPseudoLocalized() async throws {
        let folder = try Self.tables()
        // English: 3000 + 29 + 256 bytes fit the 4096-byte budget. Accented: 3000 letters of two
        // bytes, plus 30 %, do not.
        let plain = try await HeraldBinary.run(["validate", folder.path])
        #expect(!plain.stdout.contains("[pseudo-"), "\(plain.stdout)")
        let r = try await HeraldBinary.run(["validate", "--pseudo", folder.path])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let size = lines.filter { $0.hasSuffix("[pseudo-push-payload-size]") }
        // en-XA (two-byte letters) and en-XD (every letter twice) overflow; ar-XB adds 12 bytes, en-XE 2.
        #expect(size.count == 2 && size.allSatisfy { $0.contains("push.huge.body") }, "\(size)")
        #expect(size.contains { $0.contains("in en-XA") } && size.contains { $0.contains("in en-XD") }, "\(size)")
        // Laid out with real fonts (Docs/fit.md) where HarfBuzz and the fonts are installed
        // (always under CI): the title, 195 pt of Inter semibold in English, fits the 243 pt
        // beside the time on a compact phone; accented and a third longer it does not.
        let measured = !r.stdout.contains("layout engine unavailable")
        if measured || ExternalTool.isCI {
            let long = lines.filter { $0.hasSuffix("[pseudo-lock-screen-lines]") }
            #expect(long.contains { $0.contains("push.long.title") && $0.contains("in en-XA does not fit lock-screen compact") && $0.contains("the user sees") }, "\(long)")
            #expect(!long.contains { $0.contains("push.short.title") })
            #expect(long.allSatisfy { $0.contains("en.lproj/Notifications.strings:") })
            // Bracketed only (207 pt): it fits.
            let bounded = try await HeraldBinary.run(["validate", "--pseudo", "--pseudo-locales", "bounded", folder.path])
            #expect(!bounded.stdout.contains("push.long.title\" in en-XE"), "\(bounded.stdout)")
        }

        let json = try JSONParser.parse(try await HeraldBinary.run(["validate", "--pseudo", "--format", "json", folder.path]).stdout)
        let rules = Set((json["diagnostics"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue })
        #expect(rules.isSuperset(of: measured || ExternalTool.isCI ? ["pseudo-push-payload-size", "pseudo-lock-screen-lines"] : ["pseudo-push-payload-size"]))
        let sarif = try await HeraldBinary.run(["validate", "--pseudo", "--format", "sarif", folder.path])
        #expect(sarif.stdout.contains("\"ruleId\" : \"pseudo-push-payload-size\"") || sarif.stdout.contains("\"ruleId\": \"pseudo-push-payload-size\""), "\(sarif.stdout.prefix(400))")
    }

    @Test func validateFindsExampleTextNoTableSupplies() async throws {
        // These tables hold none of the examples' keys: the stage falls back to the
        // generic text written into it, which pseudo-localization cannot change.
        let folder = try Self.tables()
        let r = try await HeraldBinary.run(["validate", "--pseudo", "--format", "json", folder.path])
        let found = (try JSONParser.parse(r.stdout)["diagnostics"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "pseudo-unchanged" }
        #expect(!found.isEmpty, "\(r.stdout.prefix(2000))")
        #expect(found.allSatisfy { $0["locale"]?.stringValue == "en-XA" && $0["severity"]?.stringValue == "warning" })
        // Herald's own tables supply the examples' sentences. What is left is what the stage
        // inserts without an isolate and no table holds: the game's name in the lottery titles
        // (HeraldLottery's game data) and the reminder's times (ICU's relative time and date).
        let own = try await HeraldBinary.run(["validate", "--pseudo", "--format", "json", ValidateCLITests.repository + "/Localizations"])
        let ownFound = (try JSONParser.parse(own.stdout)["diagnostics"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "pseudo-unchanged" }
        let places = Set(ownFound.compactMap { d -> String? in
            guard let key = d["key"]?.stringValue, let message = d["message"]?.stringValue,
                  let field = ["title", "subtitle", "body"].first(where: { message.contains("/aps/alert/\($0) ") }) else { return nil }
            return key + " " + field
        })
        #expect(places == ["lottery-win title", "lottery-jackpot title", "lottery-loss title", "reminder body"], "\(own.stdout)")
        #expect(ownFound.count < found.count)
    }
}
