import Foundation
import HeraldLint
import HeraldTestSupport
import Testing

/// The fit rule on tables written here: what is cut, where, and how badly. Needs HarfBuzz,
/// fontconfig and the fonts (skipped without them, required under CI).
@Suite struct FitRuleTests {
    static var available: Bool { TextEngine.shared(FitSettings()).unavailable == nil }

    /// A Notifications table in en and de with `pairs` (key, en, de).
    static func tables(_ pairs: [(String, String, String)]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("herald-fit")
        for (lang, pick) in [("en", 1), ("de", 2)] {
            let body = pairs.map { p in "\"\(p.0)\" = \"\(pick == 1 ? p.1 : p.2)\";\n" }.joined()
            _ = try folder.write(body, to: "\(lang).lproj/Notifications.strings")
        }
        return folder
    }

    @Test(.enabled(if: ExternalTool.shouldRun(FitRuleTests.available)))
    func cutTextsAreFoundWithWhatTheUserSees() throws {
        let folder = try Self.tables([
            ("short.body", "You won %@.", "Sie haben %@ gewonnen."),
            ("long.body",
             "Your ticket for the draw on Saturday matched four numbers and the bonus ball, which wins the fourth prize of the evening; the amount will be paid to your account within five working days.",
             "Dein Schein für die Ziehung am Samstag hat vier Zahlen und die Zusatzzahl getroffen, das ist der vierte Rang des Abends; der Betrag wird innerhalb von fünf Werktagen auf dein Konto überwiesen."),
            ("amount.body",
             "Your ticket for the draw on Saturday matched four numbers and the bonus ball, which wins the fourth prize of the evening: %@.",
             "Dein Schein für die Ziehung am Samstag hat vier Zahlen und die Zusatzzahl getroffen, das ist der vierte Rang des Abends: %@."),
            ("game.title", "%@ results", "%@ – Ergebnisse"),
        ])
        let report = try Linter().run(paths: [folder.path])
        let fit = report.diagnostics.filter { $0.rule == .fit }
        #expect(!fit.contains { $0.key == "short.body" }, "\(fit.map(\.message))")
        // 190 characters of words: more than four lines of 283 pt on every phone; no digit lost.
        let long = fit.filter { $0.key == "long.body" }
        #expect(long.count == 2 && long.allSatisfy { $0.severity == .warning }, "\(long.map(\.message))")
        #expect(long.allSatisfy { $0.message.contains("does not fit lock-screen compact") && $0.message.contains("the user sees") && $0.message.contains("…\"") })
        // The amount at the end is lost: an error, said with the amount tried.
        let amount = fit.filter { $0.key == "amount.body" && $0.locale == "de" }
        #expect(amount.count == 1 && amount[0].severity == .error, "\(amount.map(\.message))")
        #expect(amount.first?.message.contains("a number is cut off") ?? false)
        #expect(amount.first?.message.contains("1.234.567,89") ?? false, "\(amount.map(\.message))")
        // A title with a long name: one line of 243 pt (the time beside it).
        let title = fit.filter { $0.key == "game.title" && $0.locale == "de" }
        #expect(title.count == 1 && title[0].message.contains("(title: one line of 243 pt)"), "\(title.map(\.message))")
        // With the arguments the pushes really send, the title fits.
        var c = LintConfiguration()
        c.fit.arguments = [FitSettings.Arguments(pattern: "Notifications:game.*", values: ["Powerball", "Lotto"])]
        let known = try Linter(configuration: c).run(paths: [folder.path])
        #expect(!known.diagnostics.contains { $0.rule == .fit && $0.key == "game.title" })
    }

    @Test(.enabled(if: ExternalTool.shouldRun(FitRuleTests.available)))
    func aWiderSurfaceFromTheConfigurationFitsMore() throws {
        let folder = try Self.tables([("game.title", "%@ results", "%@ – Ergebnisse")])
        var c = LintConfiguration()
        c.fit.surfaces = [Surface(name: "tablet", device: "wide", width: 700, styles: [
            .title: LineStyle(size: 15, weight: 600, lines: 1), .subtitle: LineStyle(size: 15, weight: 600, lines: 1),
            .body: LineStyle(size: 15, weight: 400, lines: 2),
        ])]
        #expect(!(try Linter(configuration: c).run(paths: [folder.path])).diagnostics.contains { $0.rule == .fit })
    }

    @Test func aMissingFontIsSaidOnceAsANoteAndNothingIsGuessed() throws {
        let folder = try Self.tables([("a.body", String(repeating: "word ", count: 200), String(repeating: "Wort ", count: 200)),
                                      ("b.body", String(repeating: "word ", count: 200), String(repeating: "Wort ", count: 200))])
        var c = LintConfiguration()
        c.fit.family = "No Such Family Herald"
        let fit = try Linter(configuration: c).run(paths: [folder.path]).diagnostics.filter { $0.rule == .fit }
        #expect(fit.count == 1, "\(fit.map(\.message))")
        #expect(fit.first?.severity == .note && (fit.first?.message.hasPrefix("layout engine unavailable: ") ?? false))
    }
}
