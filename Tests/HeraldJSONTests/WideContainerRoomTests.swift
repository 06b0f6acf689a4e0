@testable import HeraldJSON
import Testing

/// A wide object or array is stored at its size, not at the next power of two: the parser
/// counts a wide container's members ahead and reserves room for all of them at once
/// (a payload of 90,000 custom keys held 131,072 members' room, and 196,608 at the last
/// doubling). Checked on the storage's capacity, not on memory or time.
@Suite struct WideContainerRoomTests {
    /// A one-line object of `n` members `"k0":0,"k1":1,…`.
    static func wideObject(_ n: Int) -> String {
        "{" + (0..<n).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
    }

    /// Room the old growth gave `n` members (4, 8, 16, … doubling).
    static func doubled(_ n: Int) -> Int {
        var c = 4
        while c < n { c *= 2 }
        return c
    }

    @Test func aWideObjectIsStoredAtItsSize() throws {
        let n = 100_000
        let o = try #require(try JSONParser.parse(Self.wideObject(n)).objectValue)
        #expect(o.count == n)
        // Exact up to the allocator's rounding (a page of 40-byte members at most).
        #expect(o.memberCapacity >= n)
        #expect(o.memberCapacity <= n + 128)
        #expect(Self.doubled(n) > n + 128)  // what the old growth gave fails the bound
        #expect(o["k99999"] == .int(99_999))
        #expect(o.keys.prefix(3) == ["k0", "k1", "k2"])
    }

    @Test func aWideArrayIsStoredAtItsSize() throws {
        let n = 100_000
        let text = "[" + (0..<n).map { String($0) }.joined(separator: ",") + "]"
        let a = try #require(try JSONParser.parse(text).arrayValue)
        #expect(a.count == n)
        #expect(a.capacity >= n && a.capacity <= n + 256)
        #expect(a.last == .int(n - 1))
    }

    /// The count ahead skips strings (with `,` `}` `]` and escaped quotes in them) and
    /// nested containers: the members and their values are exactly those written, and the
    /// room is exact. Expected values are built by hand from the text's pieces.
    @Test func theCountAheadIsNotFooledByStringsOrNesting() throws {
        let n = 200
        var pairs: [(String, JSONValue)] = []
        var parts: [String] = []
        for k in 0..<n {
            switch k % 4 {
            case 0:
                parts.append("\"s\(k)\": \"a,b}c]\\\"d\\\\\"")
                pairs.append(("s\(k)", .string("a,b}c]\"d\\")))
            case 1:
                parts.append("\"o\(k)\" : {\"x\":[1,2,{\"y\":\",\"}],\"z\":\"]\"}")
                pairs.append(("o\(k)", .object(JSONObject([
                    ("x", .array([.int(1), .int(2), .object(JSONObject([("y", .string(",")) ]))])),
                    ("z", .string("]")),
                ]))))
            case 2:
                parts.append("\"a\(k)\":[[],{},\"[\"]")
                pairs.append(("a\(k)", .array([.array([]), .object(JSONObject()), .string("[")])))
            default:
                parts.append("\"n\(k)\":\n-1.50e3")
                pairs.append(("n\(k)", .number("-1.50e3")))
            }
        }
        let o = try #require(try JSONParser.parse("{" + parts.joined(separator: " ,\n ") + "}").objectValue)
        #expect(o == JSONObject(pairs))
        #expect(o.memberCapacity >= n && o.memberCapacity <= n + 8)
    }

    /// A repeated key counts as a member ahead but stays one member: room for one more,
    /// never less; the last value wins in the first place, as always.
    @Test func repeatedKeysInAWideObjectKeepTheirRules() throws {
        let n = 100
        let text = "{\"a\":1," + (0..<n).map { "\"k\($0)\":0" }.joined(separator: ",") + ",\"a\":2}"
        let r = try JSONParser.parseDetailed(Array(text.utf8))
        let o = try #require(r.value.objectValue)
        #expect(o.count == n + 1)
        #expect(o.keys.first == "a" && o["a"] == .int(2))
        #expect(r.duplicateKeys.map(\.pointer) == ["/a"])
        // Column of the second "a" (1-based): everything before it, plus one.
        let column = text.utf8.count - "\"a\":2}".utf8.count + 1
        #expect(r.duplicateKeys.first?.position.column == column)
    }

    /// Invalid wide containers report the same errors at the same places as before: the
    /// count ahead is a hint, the parse that follows finds the error. Each expected column
    /// is where the text goes wrong, found from the text itself.
    @Test(arguments: [
        ("trailing comma in an object", ",}"),
        ("unexpected end of input in an object", ""),
        ("expected ',' or '}' in an object", "]"),
        ("expected a string key", ",1}"),
    ])
    func invalidWideObjectsFailAsBefore(message: String, tail: String) throws {
        let body = "{" + (0..<80).map { "\"k\($0)\":0" }.joined(separator: ",")
        let text = body + tail
        #expect(throws: JSONError(message: message, position: SourcePosition(line: 1, column: Self.errorColumn(body, tail), offset: Self.errorColumn(body, tail) - 1))) {
            _ = try JSONParser.parse(text)
        }
    }

    /// Where each `tail` of `invalidWideObjectsFailAsBefore` goes wrong, 1-based.
    static func errorColumn(_ body: String, _ tail: String) -> Int {
        switch tail {
        case ",}": return body.utf8.count + 2  // the `}` after the comma
        case ",1}": return body.utf8.count + 2  // the `1` where a key belongs
        default: return body.utf8.count + 1  // the end, or the `]`
        }
    }

    /// A wide object inside a wide object (its room is not counted again: the outer
    /// count already read its bytes) still holds exactly its members.
    @Test func nestedWideObjectsHoldTheirMembers() throws {
        let inner = Self.wideObject(300)
        let text = "{" + (0..<100).map { "\"o\($0)\":\(inner)" }.joined(separator: ",") + "}"
        let o = try #require(try JSONParser.parse(text).objectValue)
        #expect(o.count == 100)
        #expect(o.memberCapacity <= 100 + 8)
        let last = try #require(o["o99"]?.objectValue)
        #expect(last.count == 300 && last["k299"] == .int(299))
    }
}
