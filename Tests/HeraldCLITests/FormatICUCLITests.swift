import Foundation
import HeraldJSON
import Testing

/// `herald format` on an ICU MessageFormat table, as a subprocess (issue 29 items 2–4): a
/// select in right-to-left text, dates given to `--arg` and batch JSON in `--time-zone`,
/// and a message that cannot be formatted as an error (exit 2, batch `error`) that names
/// the argument, never the pattern printed.
@Suite struct FormatICUCLITests {
    static func makeTables() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-format-icu-\(UUID().uuidString)")
        for language in ["en", "he"] {
            let folder = root.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"""
                "replied" = "{0, select, female {She} male {He} other {They}} replied";
                "due" = "Due {0, date, short} at {0, time, short}";
                "code" = "{0, select, 1234 {match} other {no match}}";
                """#.write(to: folder.appendingPathComponent("Notifications.icu.strings"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func selectAndDatesOnTheCommandLine() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let t = root.path
        let she = try await HeraldBinary.run(["format", "--tables", t, "--table", "Notifications.icu", "--key", "replied", "--locale", "he", "--arg", "female"])
        #expect(she.status == 0)
        #expect(she.stdout == "She replied\n")
        let due = try await HeraldBinary.run([
            "format", "--tables", t, "--table", "Notifications.icu", "--key", "due", "--locale", "en", "--arg", "2026-11-18T20:00:00Z",
            "--time-zone", "America/New_York",
        ])
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout == "Due 11/18/26 at 3:00\u{202F}PM\n")
    }

    @Test func aDateThatIsNotOneIsAnErrorNamingTheArgument() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let r = try await HeraldBinary.run(["format", "--tables", root.path, "--table", "Notifications.icu", "--key", "due", "--locale", "en", "--arg", "next week"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("argument '0' (a date)"), "\(r.stderr)")
        #expect(r.stderr.contains("\"next week\" is not a date"), "\(r.stderr)")
        #expect(!r.stderr.contains("U_ILLEGAL_ARGUMENT_ERROR"))
        let zone = try await HeraldBinary.run(["format", "--tables", root.path, "--table", "Notifications.icu", "--key", "due", "--locale", "en", "--arg", "0", "--time-zone", "Mars/Olympus"])
        #expect(zone.status == 2)
        #expect(zone.stderr.contains("--time-zone"))
    }

    @Test func batchNumbersToSelectDatesInTheRequestZoneAndErrors() async throws {
        let root = try Self.makeTables()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = """
            {"key": "code", "table": "Notifications.icu", "locale": "en", "args": [1234]}
            {"key": "due", "table": "Notifications.icu", "locale": "en", "args": [1795032000000]}
            {"key": "due", "table": "Notifications.icu", "locale": "en", "args": ["2026-11-18T20:00:00Z"], "timeZone": "Asia/Tokyo"}
            {"key": "due", "table": "Notifications.icu", "locale": "en", "args": ["2026-11-18T20:00"]}
            {"key": "due", "table": "Notifications.icu", "locale": "en", "args": [0], "timeZone": "Nowhere"}

            """
        let r = try await HeraldBinary.run(
            ["format", "--tables", root.path, "--time-zone", "Europe/Berlin", "--batch", "-"], stdin: Data(input.utf8))
        #expect(r.status == 0)
        let lines = try r.stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        try #require(lines.count == 5)
        #expect(lines[0]["text"]?.stringValue == "match")
        #expect(lines[1]["text"]?.stringValue == "Due 11/18/26 at 9:00\u{202F}PM")
        #expect(lines[2]["text"]?.stringValue == "Due 11/19/26 at 5:00\u{202F}AM")
        #expect(lines[3]["text"] == nil)
        #expect(lines[3]["error"]?.stringValue?.contains("has no UTC offset") == true)
        #expect(lines[3]["key"]?.stringValue == "due")
        #expect(lines[4]["error"]?.stringValue?.contains("timeZone") == true)
    }
}
