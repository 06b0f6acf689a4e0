@testable import HeraldJSON
import Testing

/// A wide object (a String Catalog of thousands of keys or languages, a payload of
/// thousands of custom keys) is looked up through an index: each lookup looks at one
/// key, whatever the width. Counted in keys looked at (`position(of:probes:)`), not in
/// time: a linear search would make the N and 4N sums differ 16-fold, not 4-fold.
@Suite struct JSONObjectIndexTests {
    /// Parses a one-line object of `n` members (as a wide catalog is read), then looks
    /// every member up and one absent key per member (what parsing a new key does):
    /// the keys looked at in all.
    static func probes(members n: Int) throws -> Int {
        let text = "{" + (0..<n).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(let o) = try JSONParser.parse(text) else {
            Issue.record("not an object")
            return 0
        }
        #expect(o.count == n)
        var probes = 0
        for k in 0..<n {
            #expect(o.position(of: "k\(k)", probes: &probes) == k)
            #expect(o.position(of: "absent\(k)", probes: &probes) == nil)
        }
        return probes
    }

    @Test func lookupsInAWideObjectAreConstant() throws {
        // 2,000 and 8,000 members (the width of the 8,000-language catalog).
        let small = try Self.probes(members: 2_000)
        let large = try Self.probes(members: 8_000)
        // Two probes per member with the index; a linear search needs ~n per lookup.
        #expect(small == 2 * 2_000)
        #expect(large == 2 * 8_000)
    }

    @Test func smallObjectsStaySmallAndStillFindEveryKey() throws {
        // At the threshold the search is linear but bounded by the threshold.
        let n = JSONObject.indexThreshold
        let probes = try Self.probes(members: n)
        #expect(probes <= 2 * n * n)
    }

    @Test func replacingAndRemovingKeepTheIndexRight() {
        var o = JSONObject()
        for k in 0..<100 { o["k\(k)"] = .int(k) }
        o["k50"] = nil
        o["k7"] = .int(-7)
        var probes = 0
        #expect(o.position(of: "k99", probes: &probes) == 98)
        #expect(o.position(of: "k50", probes: &probes) == nil)
        #expect(o["k7"] == .int(-7))
        #expect(probes == 2)
    }

    @Test func parsedObjectsKeepNoSpareRoom() throws {
        // A String Catalog key is four nested one-member objects: each would otherwise keep
        // room for four members (JSONObject reserves 4 on its first append).
        let v = try JSONParser.parse(#"{"k":{"localizations":{"de":{"stringUnit":{"value":"v"}}}}}"#)
        var o = try #require(v.objectValue)
        for key in ["k", "localizations", "de", "stringUnit"] {
            o = try #require(o[key]?.objectValue)
            #expect(o.entries.capacity - o.entries.count < 2, "\(key)")
        }
        // Built by hand (not parsed): room is kept for what comes next.
        var built = JSONObject()
        built["a"] = .null
        #expect(built.entries.capacity >= 4)
    }
}

/// The index of a wide object holds positions, not keys: 4 bytes a bucket, at most four
/// buckets for three members (a `[String: Int]` took 24 bytes a bucket plus its own copy of
/// every key longer than 15 bytes), and it still finds every key of a 90,000-key payload.
@Suite struct PositionIndexTests {
    @Test func aWideObjectsIndexIsPositionsOnly() throws {
        let n = 90_000
        let text = "{" + (0..<n).map { "\"a custom key longer than fifteen bytes \($0)\":\($0)" }.joined(separator: ",") + "}"
        var o = try #require(try JSONParser.parse(text).objectValue)
        #expect(o.count == n)
        #expect(o.indexStorageBytes <= n * 8 && o.indexStorageBytes >= n * 4 * 4 / 3, "\(o.indexStorageBytes)")
        for k in stride(from: 0, to: n, by: 7) {
            #expect(o.position(of: "a custom key longer than fifteen bytes \(k)") == k)
        }
        #expect(o.position(of: "a custom key longer than fifteen bytes \(n)") == nil)
        // Removal re-indexes; appends after it are found.
        o["a custom key longer than fifteen bytes 0"] = nil
        o["new"] = .null
        #expect(o.position(of: "a custom key longer than fifteen bytes 1") == 0)
        #expect(o.position(of: "new") == n - 1)
    }

    @Test func growingOneByOneFindsEveryKey() {
        var o = JSONObject()
        for k in 0..<5_000 {
            o["k\(k)"] = .int(k)
            // Each key, just added and at every growth step, is found at its place.
            #expect(o.position(of: "k\(k)") == k)
        }
        for k in 0..<5_000 { #expect(o["k\(k)"] == .int(k)) }
        #expect(o.indexStorageBytes <= 5_000 * 8)
    }
}

/// What one member of an object costs in its parent's storage: a key and a value, no more.
/// A two-word index kept inline in `JSONObject` made every member 48 bytes instead of 40
/// (the object is a case of `JSONValue`, so its size is every value's size).
@Suite struct JSONValueLayoutTests {
    @Test func aMemberIsAKeyAndAValue() {
        #expect(MemoryLayout<JSONObject>.size == 16)
        #expect(MemoryLayout<(key: String, value: JSONValue)>.stride <= 40)
    }

    @Test func aWideParsedObjectIsNotCopiedToShrinkIt() throws {
        // A wide object keeps the room it grew into (the shrinking copy held every member
        // twice at once); a small one gives its spare room back.
        // Inside an array whose members were counted ahead (`MemberCount.swift`), so the
        // object is not counted again and grows 4, 8, … 1,024 by doubling; shrunk, it
        // would hold about 1,000.
        let wide = "{" + (0..<1_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let text = "[" + String(repeating: "0,", count: Parser.wideContainer) + wide + "]"
        let o = try #require(try JSONParser.parse(text).arrayValue?.last?.objectValue)
        #expect(o.entries.capacity >= 1_024)
        #expect(o.position(of: "k999") == 999)
    }
}
