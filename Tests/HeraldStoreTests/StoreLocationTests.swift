import Foundation
import HeraldStore
import HeraldTestSupport
import Testing

/// What `herald` moved into the store library: where the store is, ISO 8601 instants, and
/// which receipts endpoint a flush uses (Docs/cli.md, "Common flags" and "receipts").
@Suite struct StoreLocationTests {
    @Test func theGivenFolderWinsOverTheEnvironment() {
        #expect(StoreLocation.directory("/tmp/s") == "/tmp/s")
        #expect(StoreLocation.keysDirectory("/k", store: "/tmp/s") == "/k")
        #expect(StoreLocation.keysDirectory(nil, store: "/tmp/s") == "/tmp/s/keys")
        // Without a folder: $HERALD_STORE or ~/.herald, whichever this process has.
        let environment = ProcessInfo.processInfo.environment
        let expected = environment["HERALD_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? ".") + "/.herald")
        #expect(StoreLocation.directory(nil) == expected)
        #expect(StoreLocation.directory("") == expected)
    }

    @Test func iso8601ReadsZonesAndWritesUTC() throws {
        let date = try #require(ISO8601.parse("2026-11-21T19:30:00+01:00"))
        #expect(ISO8601.format(date) == "2026-11-21T18:30:00Z")
        let fractional = try #require(ISO8601.parse("2026-11-21T18:30:00.250Z"))
        #expect(ISO8601.format(fractional) == "2026-11-21T18:30:00.250Z")
        #expect(ISO8601.parse("2026-11-21 18:30") == nil)
        #expect(ISO8601.parse("2026-11-21T18:30:00") == nil)  // no zone
    }

    @Test func theEndpointIsTheFlagElseTheStoresConfiguration() throws {
        let store = try TemporaryFolder("herald-store-location")
        do {
            _ = try ReceiptEndpoint.chosen(nil, store: store.path)
            Issue.record("no endpoint was found")
        } catch {
            #expect(error == .missing(store.path))
            #expect(error.description.hasPrefix("no receipts endpoint: pass --endpoint URL or set \"receiptsEndpoint\" in "))
        }
        try #"{"receiptsEndpoint": "https://stats.example/receipts"}"#.write(
            toFile: store.path + "/config.json", atomically: true, encoding: .utf8)
        #expect(try ReceiptEndpoint.chosen(nil, store: store.path).description == "https://stats.example/receipts")
        #expect(try ReceiptEndpoint.chosen("http://other.example/r", store: store.path).description == "http://other.example/r")
    }
}
