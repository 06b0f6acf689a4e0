import Foundation
import HeraldDiagnostics
@testable import HeraldTableFormats
@testable import HeraldTables
import Testing

/// The String Catalog reader reads a catalog one entry at a time (`readStreaming`) and
/// gives what reading it whole (`readWhole`, one tree of the catalog) gives: the same
/// tables, the same diagnostics in the same order at the same lines and columns.
@Suite struct XCStringsStreamingTests {
    /// Every catalog in the repository's fixtures and Localizations/.
    static let catalogs: [String] = {
        let repository = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        var found: [String] = []
        for top in [repository + "/Localizations", repository + "/Tests", repository + "/Tools/fuzz/corpus/fuzz-xcstrings"] {
            let walker = FileManager.default.enumerator(atPath: top)
            while let rel = walker?.nextObject() as? String {
                if rel.hasSuffix(".xcstrings") { found.append(top + "/" + rel) }
            }
        }
        return found.sorted()
    }()

    /// Both reads of `bytes`: streamed (nil when it falls back) and whole.
    static func both(_ bytes: [UInt8], file: String = "L.xcstrings") -> (streamed: XCStringsFile?, whole: XCStringsFile) {
        var largest = 0
        return (XCStringsReader.readStreaming(bytes: bytes, file: file, largestTree: &largest), XCStringsReader.readWhole(bytes: bytes, file: file))
    }

    /// The two reads agree on everything a caller sees.
    static func expectSame(_ a: XCStringsFile, _ b: XCStringsFile, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.table == b.table && a.sourceLanguage == b.sourceLanguage && a.version == b.version, "\(what)", sourceLocation: sourceLocation)
        #expect(a.droppedOnDevice == b.droppedOnDevice, "\(what)", sourceLocation: sourceLocation)
        #expect(a.diagnostics == b.diagnostics, "\(what): \(a.diagnostics) vs \(b.diagnostics)", sourceLocation: sourceLocation)
        #expect(Set(a.localizations.keys) == Set(b.localizations.keys), "\(what)", sourceLocation: sourceLocation)
        for (lang, t) in a.localizations {
            guard let u = b.localizations[lang] else { continue }
            #expect(t.entries == u.entries && t.diagnostics == u.diagnostics && t.encoding == u.encoding, "\(what) \(lang)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyCatalogInTheRepositoryReadsTheSameStreamed() throws {
        #expect(Self.catalogs.count >= 15, "\(Self.catalogs)")
        for path in Self.catalogs {
            let bytes = Fixtures.bytes(path)
            let (streamed, whole) = Self.both(bytes, file: path)
            // Only the catalogs that are not valid JSON (or repeat an entry) are read whole.
            if whole.droppedOnDevice { continue }
            let s = try #require(streamed, "\(path) fell back to the whole read")
            Self.expectSame(s, whole, path)
        }
    }

    /// Shapes the streamed read handles itself: repeated keys outside `strings`' own
    /// members, a byte-order mark, CRLF lines, the header after `strings`, escaped member
    /// names, `strings` of the wrong type, entries that are not objects.
    static let streamedShapes: [(String, String)] = [
        ("header after strings, CRLF, BOM",
         "\u{FEFF}{\r\n \"strings\" : {\r\n  \"a\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"A\" } } } },\r\n  \"b\" : { }\r\n },\r\n \"version\" : \"1.0\",\r\n \"sourceLanguage\" : \"en\"\r\n}\r\n"),
        ("repeated keys at three depths",
         #"{"version":"0","sourceLanguage":"en","x":{"p":1,"p":{"q":1,"q":2}},"strings":{"a":{"comment":"c","comment":"d","localizations":{"de":{"stringUnit":{"value":"1","value":"2"}},"de":{"stringUnit":{"value":"3"}}}}},"version":"1.0","sourceLanguage":"en"}"#),
        ("escaped member names", #"{"source\u004canguage":"fr","str\u0069ngs":{"\u00e9t\u00e9":{"localizations":{"fr":{"stringUnit":{"value":"\u00e9t\u00e9 \ud83d\ude00"}}}}}}"#),
        ("strings is an array", #"{"sourceLanguage":"en","strings":[1,{"a":1,"a":2}]}"#),
        ("no strings", #"{"sourceLanguage":"en"}"#),
        ("empty strings, bad sourceLanguage", #"{"sourceLanguage":"../x","strings":{}}"#),
        ("empty root", "{}"),
        ("entries of the wrong types", #"{"sourceLanguage":"en","strings":{"a":1,"b":[],"c":{"localizations":3},"d":{"localizations":{"../x":{},"de":{"stringUnit":7}}}}}"#),
        ("sourceLanguage not a string", #"{"sourceLanguage":5,"strings":{"a":{}}}"#),
    ]

    @Test(arguments: streamedShapes.indices)
    func shapesReadTheSameStreamed(_ i: Int) throws {
        let (name, text) = Self.streamedShapes[i]
        let (streamed, whole) = Self.both(Array(text.utf8))
        let s = try #require(streamed, "\(name) fell back to the whole read")
        Self.expectSame(s, whole, name)
    }

    /// What only the whole object can tell (which of two repeated entries is served, at
    /// whose place), and text that is not a catalog, is read whole.
    static let wholeShapes: [(String, String)] = [
        ("repeated entry", #"{"sourceLanguage":"en","strings":{"a":{},"b":{},"a":{"comment":"2"}}}"#),
        ("repeated strings", #"{"sourceLanguage":"en","strings":{"a":{}},"strings":{"b":{}}}"#),
        ("trailing comma in an entry", #"{"sourceLanguage":"en","strings":{"a":{"comment":"x",}}}"#),
        ("bad text after strings", #"{"strings":{"a":{}},"sourceLanguage":tru}"#),
        ("unterminated strings", #"{"sourceLanguage":"en","strings":{"a":{"comment":"x"#),
        ("brackets that do not match inside strings", #"{"strings":{"a":{]}}}"#),
        ("not an object", "[1,2]"),
        ("nothing", ""),
    ]

    @Test(arguments: wholeShapes.indices)
    func whatOnlyTheWholeReadTellsIsReadWhole(_ i: Int) {
        let (name, text) = Self.wholeShapes[i]
        let (streamed, whole) = Self.both(Array(text.utf8))
        #expect(streamed == nil, "\(name)")
        // And `read` says what the whole read says.
        Self.expectSame(XCStringsReader.read(bytes: Array(text.utf8), file: "L.xcstrings"), whole, name)
    }

    /// A bad entry far into a big one-line catalog: placed at its own line and column
    /// (counted here from the text that was written), while no tree larger than one entry
    /// is ever built.
    @Test func aBadEntryDeepInABigCatalogIsPlacedWithoutATreeOfTheCatalog() throws {
        var text = #"{"sourceLanguage":"en","version":"1.0","strings":{"#
        let entry = #"{"localizations":{"de":{"stringUnit":{"state":"translated","value":"v"}}}}"#
        var badOffset = 0
        for k in 0..<20_000 {
            if k > 0 { text += "," }
            text += "\"k\(k)\":"
            if k == 15_000 {
                badOffset = text.utf8.count + #"{"localizations":"#.utf8.count
                text += #"{"localizations":3}"#
            } else {
                text += entry
            }
        }
        text += "}}"
        let bytes = Array(text.utf8)
        var largest = 0
        let streamed = try #require(XCStringsReader.readStreaming(bytes: bytes, file: "Big.xcstrings", largestTree: &largest))
        #expect(bytes.count > 1_000_000 && largest == entry.utf8.count, "largest tree: \(largest) bytes")
        let d = try #require(streamed.diagnostics.first)
        #expect(streamed.diagnostics.count == 1)
        #expect(d.message == "\"localizations\" of \"k15000\" is not an object")
        // One line of ASCII: the column is the offset plus one.
        #expect(d.location == .file(Origin(file: "Big.xcstrings", line: 1, column: badOffset + 1)))
        #expect(streamed.localizations["de"]?.entries.count == 19_999)
        // The bad entry is left out of every table, the source language's too (as read whole).
        #expect(streamed.localizations["en"]?.entries.count == 19_999)
        Self.expectSame(streamed, XCStringsReader.readWhole(bytes: bytes, file: "Big.xcstrings"), "big")
    }
}
