import Testing

@testable import HeraldTableFormats
@testable import HeraldTables

/// A binary plist may point many keys at one string object. Each reference still counts
/// against the reader's text budget, but a long string is read once: every key gets the
/// same string, not a copy (a 1 MiB string referenced eight times was eight MiB).
@Suite struct BinaryPlistSharingTests {
    /// The address of `s`'s UTF-8 storage: equal for two strings that share it.
    static func storage(_ s: String) -> UnsafeRawPointer? {
        s.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test(arguments: [10, 200])
    func aLongStringReferencedByEveryKeyIsReadOnce(keys: Int) throws {
        let value = String(repeating: "x", count: 1_024)
        let bytes = BinaryPlistMaker.dictSharingOneValue(keys: keys, value: value)
        guard case .success(let tree) = BinaryPlistReader.parse(bytes, file: "L.strings"), tree.kind(0) == .dict else {
            Issue.record("not read")
            return
        }
        let pairs = tree.pairs(0)
        #expect(pairs.count == keys)
        // The text is kept once, not once a key.
        #expect(tree.decoded.count == keys + 1)
        var places = Set<UnsafeRawPointer?>()
        for p in pairs {
            guard let s = tree.string(p.value) else { Issue.record("not a string"); continue }
            #expect(s == value)
            places.insert(Self.storage(s))
        }
        #expect(places.count == 1 && places.first! != nil)
    }

    @Test func shortStringsAreReadAsTheyAre() throws {
        let bytes = BinaryPlistMaker.dictSharingOneValue(keys: 3, value: "Bonjour")
        guard case .success(let tree) = BinaryPlistReader.parse(bytes, file: "L.strings"), tree.kind(0) == .dict else {
            Issue.record("not read")
            return
        }
        let pairs = tree.pairs(0)
        #expect(pairs.map(\.key) == ["k0", "k1", "k2"])
        #expect(pairs.allSatisfy { tree.string($0.value) == "Bonjour" })
    }
}
