import Foundation
import HeraldBuiltinTables
import HeraldExamples
import HeraldJSON
import Testing

/// `herald preview` run as users run it.
@Suite(.serialized) struct PreviewCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder names under Localizations/ (the locales the preview must show).
    static func localizationFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Localizations").path)
            .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
    }

    static func previewJSON(directory: URL? = nil, _ extra: [String] = []) async throws -> [JSONValue] {
        // An hour per push: the output is compared as content, never a deadline's best attempt.
        let r = try await HeraldBinary.run(["preview", "--format", "json", "--deadline-ms", "3600000"] + extra, directory: directory)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let v = try JSONParser.parse(r.stdout)
        return v["locales"]?.arrayValue ?? []
    }

    @Test func everyLocaleAndExampleRendersCleanText() async throws {
        // From an empty directory: the tables embedded in the binary are used.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("herald-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let items = try await Self.previewJSON(directory: empty)
        let folders = try Self.localizationFolders()
        #expect(folders.count >= 40)
        let examples = ExampleNotifications.all.map(\.name)
        for example in examples {
            let locales = Set(items.filter { $0["example"]?.stringValue == example }.compactMap { $0["locale"]?.stringValue })
            #expect(locales.count == folders.count, "\(example): \(locales.count) locales")
        }
        let leftover = try Regex(#"%(\d+\$)?[-+ 0#]*\d*(\.\d+)?(hh|h|ll|l|q|L|z|t|j)?[@dDiuUxXoOfFeEgGaAcCsSp]|%#@|\{\d+\}"#)
        for item in items {
            let alert = item["payload"]?["aps"]?["alert"]
            let body = alert?["body"]?.stringValue ?? alert?.stringValue ?? ""
            let title = alert?["title"]?.stringValue ?? ""
            let where_ = "\(item["example"]?.stringValue ?? "?") \(item["locale"]?.stringValue ?? "?")"
            #expect(!body.isEmpty, "empty body: \(where_)")
            for text in [body, title] {
                #expect(text.firstMatch(of: leftover) == nil, "leftover specifier in \(where_): \(text)")
                for key in ["lottery.", "reminder.", "message.", "fallback.", "badge."] {
                    #expect(!text.contains(key), "raw key in \(where_): \(text)")
                }
                #expect(!text.contains("D82ED5AE"), "reminder id shown in \(where_)")
            }
            #expect(item["fallback"]?.boolValue == false, "fallback in \(where_): \(item["diagnostics"] ?? .null)")
            #expect((item["bytes"]?.intValue ?? 5000) <= 4096)
        }
    }

    /// Hand-derived: the tickets and draw of ExampleNotifications (the operators' prize charts
    /// Powerball: 3+PB $100, 2+PB $7, Power Play 2X) and the English table text.
    @Test func englishExamplesSayWhatWasWon() async throws {
        let items = try await Self.previewJSON(["--locales", "en"])
        func body(_ example: String) -> String? {
            items.first { $0["example"]?.stringValue == example }?["payload"]?["aps"]?["alert"]?["body"]?.stringValue
        }
        #expect(body("lottery-win") == "You won $214.00 on 2 tickets out of 3.")
        #expect(body("lottery-jackpot") == "Jackpot! You won ¥200,000,000.")
        #expect(body("lottery-loss") == "No win this time on your 2 tickets.")
        #expect(body("reminder") == "\u{2068}Call the embassy\u{2069} is due in 15 minutes (Nov 18, 2026, 9:00\u{202F}PM).")
        #expect(body("message") == "\u{2068}The eagle has landed. Meet at the usual place at 21:00.\u{2069}")
    }

    /// The committed snapshot: any change to a translation or to rendering shows
    /// up here as a reviewable diff. Update with Tools/scripts/update-preview-snapshot.sh.
    @Test func matchesTheCommittedSnapshot() async throws {
        let r = try await HeraldBinary.run(["preview", "--format", "json", "--deadline-ms", "3600000"], directory: Self.root)
        #expect(r.status == 0)
        let snapshotURL = Self.root.appendingPathComponent("Tests/HeraldCLITests/Snapshots/preview.json")
        // The layout ("fit") depends on the fonts installed: compared without it.
        let snapshot = Self.withoutFit(try String(contentsOf: snapshotURL, encoding: .utf8))
        let now = Self.withoutFit(r.stdout)
        if now != snapshot {
            let a = now.split(separator: "\n", omittingEmptySubsequences: false)
            let b = snapshot.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record(
                """
                herald preview --format json differs from Tests/HeraldCLITests/Snapshots/preview.json \
                (first difference at line \((first?.offset ?? min(a.count, b.count)) + 1): \
                now «\(first?.element.0 ?? "")», snapshot «\(first?.element.1 ?? "")»). \
                If the change is intended, run Tools/scripts/update-preview-snapshot.sh and review the diff.
                """)
        }
    }

    /// Preview JSON without each item's "fit", written again the way herald writes it.
    static func withoutFit(_ text: String) -> String {
        guard let root = try? JSONParser.parse(text), let list = root["locales"]?.arrayValue else { return text }
        let stripped: [JSONValue] = list.map { item in
            guard let o = item.objectValue else { return item }
            return .object(JSONObject(o.entries.filter { $0.key != "fit" }.map { ($0.key, $0.value) }))
        }
        return JSONWriter.write(.object(JSONObject([("locales", .array(stripped))])), pretty: true) + "\n"
    }

    /// The tables the binary serves by default are the Localizations folder, byte for byte: the
    /// build's EmbedLocalizations plugin wrote them, this walk of the folder is independent of it.
    @Test func embeddedTablesMatchTheLocalizationsFolder() throws {
        let folder = Self.root.appendingPathComponent("Localizations")
        var onDisk: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".strings") || rel.hasSuffix(".stringsdict") || rel.hasSuffix(".xcstrings") else { continue }
            onDisk[rel] = try [UInt8](Data(contentsOf: folder.appendingPathComponent(rel)))
        }
        #expect(onDisk.count > 80, "walked only \(onDisk.count) table files in \(folder.path)")
        var embedded: [String: [UInt8]] = [:]
        for (path, contents) in EmbeddedLocalizations.files {
            #expect(embedded[path] == nil, "\(path) embedded twice")
            embedded[path] = Array(contents.utf8)
        }
        #expect(Set(onDisk.keys) == Set(embedded.keys), "the embedded tables are not the folder's files: touch Package.swift and rebuild")
        for (path, bytes) in onDisk.sorted(by: { $0.key < $1.key }) where embedded[path] != bytes {
            let copy = embedded[path] ?? []
            let at = zip(bytes.indices, zip(bytes, copy)).first { $0.1.0 != $0.1.1 }?.0 ?? min(bytes.count, copy.count)
            Issue.record("\(path) differs from its embedded copy from byte \(at) on: rebuild")
        }
    }

    @Test func usageErrorsExitTwo() async throws {
        for args in [["--format", "pdf"], ["--locales", "en US"], ["--payload", "/nonexistent/push.json"]] {
            let r = try await HeraldBinary.run(["preview"] + args)
            // A payload file that is not there is bad input, as for render: 2, not 1 (a store failure).
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("herald: error: "), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(args)")
        }
    }

    @Test func previewsTheUsersOwnPayload() async throws {
        let push = #"{"aps":{"alert":{"loc-key":"reminder.unknown.body"},"mutable-content":1}}"#
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("herald-pv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let r = try await HeraldBinary.run(
            ["preview", "--payload", "-", "--locales", "en,de", "--format", "json", "--store", store.path],
            stdin: Data(push.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let items = try JSONParser.parse(r.stdout)["locales"]?.arrayValue ?? []
        #expect(items.count == 2)
        #expect(items.first?["payload"]?["aps"]?["alert"]?["body"]?.stringValue == "A reminder is due.")
    }
}
