import Foundation
import HeraldTestSupport
import Testing
import HeraldDiagnostics

/// Issue 14 through the real `herald` binary: sealing required by default, a preview that
/// changes nothing, outside text escaped on the terminal, the store's file modes.
@Suite struct HostileStageCLITests {
    static let tables = RenderCLITests.tables

    static func mode(_ path: String) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return -1 }
        return Int(st.st_mode & 0o777)
    }

    @Test func renderRefusesUnsealedContentByDefault() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let push = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Forged order"}}"#
        for parse in [[:], ["HERALD_FULL_PARSE": "1"]] {
            let r = try await HeraldBinary.run(
                ["render", "--payload", "-", "--locale", "en", "--tables", Self.tables, "--store", store.path],
                environment: parse, stdin: Data(push.utf8))
            #expect(r.status == 3, "\(parse)")
            #expect(!r.stdout.contains("Forged"), "\(parse)")
            #expect(r.stdout.contains("\"New message\""), "\(parse)")
            #expect(r.stderr.contains("--allow-unsealed"), "\(parse)")
            let legacy = try await HeraldBinary.run(
                ["render", "--payload", "-", "--locale", "en", "--tables", Self.tables, "--store", store.path, "--allow-unsealed"],
                environment: parse, stdin: Data(push.utf8))
            #expect(legacy.status == 0, "\(parse) \(legacy.stderr)")
            #expect(legacy.stdout.contains("Forged order"), "\(parse)")
        }
    }

    /// `preview --payload` used to count the badge once per locale (0 → 43) and record a display
    /// receipt; now the store's files are byte for byte what they were.
    @Test func previewOfAPushChangesNothingInTheStore() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let set = try await HeraldBinary.run(["store", "badge", "--set", "5", "--store", store.path])
        #expect(set.status == 0, "\(set.stderr)")
        let before = store.contents()
        #expect(before["herald.sqlite"] != nil)
        let push = #"{"aps":{"alert":{"body":"Hello"},"mutable-content":1,"badge":1},"push_id":"P-preview"}"#
        let r = try await HeraldBinary.run(
            ["preview", "--payload", "-", "--locales", "en,de,ar", "--format", "json", "--tables", Self.tables,
             "--store", store.path],
            stdin: Data(push.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        // The badge shown is the count the push would make, for every locale alike.
        #expect(r.stdout.components(separatedBy: "\"badge\": 6").count - 1 == 3, "\(r.stdout)")
        Self.expectUnchanged(store.contents(), before)
        let receipts = try await HeraldBinary.run(["receipts", "list", "--all", "--store", store.path])
        #expect(!receipts.stdout.contains("P-preview"))
        let badge = try await HeraldBinary.run(["store", "badge", "--store", store.path])
        #expect(badge.stdout == "5\n")
        // A delta that would overflow the count is refused as the real increment refuses it.
        let huge = #"{"aps":{"alert":{"body":"Hello"},"mutable-content":1,"badge":9223372036854775807}}"#
        let h = try await HeraldBinary.run(
            ["preview", "--payload", "-", "--locales", "en", "--format", "json", "--tables", Self.tables, "--store", store.path],
            stdin: Data(huge.utf8))
        #expect(h.status == 0, "\(h.stderr)")
        #expect(h.stdout.contains("badge not updated"), "\(h.stdout)")
        Self.expectUnchanged(store.contents(), before)
    }

    /// Without a store, the preview does not create one.
    @Test func previewCreatesNoStore() async throws {
        let folder = try TemporaryFolder("herald-hostile")
        let missing = folder.path + "/none"
        let push = #"{"aps":{"alert":{"body":"Hello"},"mutable-content":1,"badge":1},"push_id":"P"}"#
        let r = try await HeraldBinary.run(
            ["preview", "--payload", "-", "--locales", "en", "--format", "json", "--tables", Self.tables, "--store", missing],
            stdin: Data(push.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func theStoreIsOnlyTheOwners() async throws {
        let folder = try TemporaryFolder("herald-hostile")
        let store = folder.path + "/store"
        let r = try await HeraldBinary.run(["store", "badge", "--increment", "2", "--store", store])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.mode(store) == 0o700)
        #expect(Self.mode(store + "/herald.sqlite") == 0o600)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: store + "/herald.sqlite" + suffix) {
            #expect(Self.mode(store + "/herald.sqlite" + suffix) == 0o600)
        }
        #expect(!r.stderr.contains("warning"))
        // A folder group or others may read: a warning, as keygen gives for keys.
        chmod(store, 0o755)
        let exposed = try await HeraldBinary.run(["store", "badge", "--store", store])
        #expect(exposed.stdout == "2\n")
        #expect(exposed.stderr.contains("herald: warning: store folder \(store) is mode 0755"), "\(exposed.stderr)")
    }

    /// The first push with media on a fresh device creates the store folder through the
    /// attachment folder: both are the owner's alone, like a store made any other way.
    @Test func aStoreFirstMadeForMediaIsOnlyTheOwners() async throws {
        let folder = try TemporaryFolder("herald-hostile")
        let store = folder.path + "/store"
        let push = folder.path + "/image.json"
        try Data(#"{"aps":{"alert":{"body":"x","image":"https://127.0.0.1:9/x.png"},"mutable-content":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: push))
        let r = try await HeraldBinary.run(["render", "--payload", push, "--locale", "en", "--store", store])
        #expect(r.status == 0 || r.status == 3, "\(r.stderr)")
        #expect(Self.mode(store) == 0o700)
        #expect(Self.mode(store + "/attachments") == 0o700)
    }

    /// Listing reads only: no store is created where there is none, and an existing store's
    /// files are left as they are (a read-only store can be listed).
    @Test func listingOpensTheStoreReadOnly() async throws {
        let folder = try TemporaryFolder("herald-hostile")
        let missing = folder.path + "/none"
        for arguments in [["store", "list"], ["store", "badge"], ["receipts", "list", "--all"]] {
            let r = try await HeraldBinary.run(arguments + ["--store", missing])
            #expect(r.status == 0, "\(arguments) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))

        let store = folder.path + "/store"
        let add = try await HeraldBinary.run(
            ["store", "add-ticket", "--game", "powerball", "--numbers", "4,11,23,50,60", "--bonus", "9", "--draw", "2026-11-18",
             "--store", store])
        #expect(add.status == 0, "\(add.stderr)")
        let before = Self.files(store)
        chmod(store + "/herald.sqlite", 0o400)
        chmod(store, 0o500)
        defer { chmod(store, 0o700) }
        let list = try await HeraldBinary.run(["store", "list", "tickets", "--store", store])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "1\tpowerball\t2026-11-18\t4,11,23,50,60\t9\t-\n")
        let badge = try await HeraldBinary.run(["store", "badge", "--store", store])
        #expect(badge.stdout == "0\n", "\(badge.stderr)")
        let receipts = try await HeraldBinary.run(["receipts", "list", "--store", store])
        #expect(receipts.stdout == "pending 0\ndelivered 0\nrejected 0\n", "\(receipts.stderr)")
        Self.expectUnchanged(Self.files(store), before)
    }

    /// Nothing written: the database file is byte for byte what it was, and a write-ahead log,
    /// if a reader's connection left one (SQLite creates it and the shared-memory index for
    /// readers too, and removes them when the last connection closes), holds nothing.
    static func expectUnchanged(_ after: [String: Data], _ before: [String: Data]) {
        #expect(after["herald.sqlite"] == before["herald.sqlite"])
        #expect((after["herald.sqlite-wal"] ?? Data()).isEmpty, "\(after.keys.sorted())")
        #expect(Set(after.keys).subtracting(["herald.sqlite-wal", "herald.sqlite-shm"]) == Set(before.keys).subtracting(["herald.sqlite-wal", "herald.sqlite-shm"]))
    }

    static func files(_ dir: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
            out[name] = FileManager.default.contents(atPath: dir + "/" + name)
        }
        return out
    }

    /// Outside text (a push id from a payload, an endpoint's error) never reaches the
    /// terminal raw: escape sequences are shown escaped.
    @Test func controlCharactersInOutsideTextAreEscaped() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let push = "{\"aps\":{\"alert\":{\"body\":\"Hi\"},\"mutable-content\":1},\"herald\":{\"kind\":\"\\u001b]0;pwned\\u0007\\u001b[31m\"}}"
        let r = try await HeraldBinary.run(
            ["render", "--payload", "-", "--locale", "en", "--tables", Self.tables, "--store", store.path, "--allow-unsealed"],
            stdin: Data(push.utf8))
        #expect(r.status == 3)
        #expect(!r.stderr.contains("\u{1B}"))
        #expect(!r.stderr.contains("\u{07}"))
        #expect(r.stderr.contains("\\u{1B}]0;pwned\\u{7}\\u{1B}[31m"), "\(r.stderr)")
    }

    /// The preview table shows a push's alert on the terminal: its escape sequences escaped.
    @Test func thePreviewTableEscapesAPushsControlCharacters() async throws {
        let store = try TemporaryFolder("herald-hostile")
        let push = "{\"aps\":{\"alert\":{\"title\":\"\\u001b[2J\",\"body\":\"Hi\\u001b]0;pwned\\u0007\"},\"mutable-content\":1}}"
        let r = try await HeraldBinary.run(
            ["preview", "--payload", "-", "--locales", "en", "--format", "table", "--tables", Self.tables, "--store", store.path],
            stdin: Data(push.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("\u{1B}"))
        #expect(!r.stdout.contains("\u{07}"))
        #expect(r.stdout.contains("Hi\\u{1B}]0;pwned\\u{7}"), "\(r.stdout)")
    }
}
