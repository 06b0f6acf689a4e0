import Foundation
import HeraldTableFormats
import HeraldTables
import Testing

/// Hand-checked facts about the .strings grammar (spec §1), positions and
/// recovery. Golden values come from the spec's escape table.
@Suite struct StringsGrammarTests {
    func read(_ text: String) -> TableFileResult {
        StringsReader.read(bytes: Array(text.utf8), file: "t.strings")
    }

    func value(_ escaped: String) -> String? {
        read("\"k\" = \"\(escaped)\";").plainValues["k"]
    }

    @Test func escapesFromTheSpecTable() {
        #expect(value(#"\a\b\f\n\r\t\v"#) == "\u{07}\u{08}\u{0C}\u{0A}\u{0D}\u{09}\u{0B}")
        #expect(value(#"\"\'\\"#) == "\"'\\")
        #expect(value(#"\q"#) == "q")
        #expect(value("a\\\nb") == "a\nb")
        #expect(value(#"\U00e9"#) == "é")
        #expect(value(#"\U1F600"#) == "\u{1F60}0")
        #expect(value(#"\UD83D\UDE00"#) == "😀")
        #expect(value(#"\u0041"#) == "u0041")
        #expect(value(#"\0101"#) == "\u{08}1")
        #expect(value(#"\101"#) == "A")
        #expect(value(#"\351"#) == "Ø")  // NeXTSTEP, not Latin-1 é
    }

    @Test func positionsAreLineAndScalarColumn() throws {
        let r = read("/* c */\n\"é\" = \"x\";\n  key2\t=\t'v';\n")
        let e = try #require(r.entries.first)
        #expect(e.origin == Origin(file: "t.strings", line: 2, column: 1))
        #expect(e.message.texts.first?.origin == Origin(file: "t.strings", line: 2, column: 7))
        #expect(r.entries[1].origin == Origin(file: "t.strings", line: 3, column: 3))
        #expect(r.entries[1].message.texts.first?.origin.column == 10)
    }

    @Test func commentsAboveAKeyBecomeItsComment() {
        let r = read("/* Title of the alert */\n\"a\" = \"1\"; // trailing\n\"b\" = \"2\";\n// Line comment\n\"c\" = \"3\";\n")
        #expect(r.entries.map(\.comment) == ["Title of the alert", nil, "Line comment"])
    }

    @Test func firstErrorIsPositionedAndDropsTheFile() throws {
        let r = read("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n")
        #expect(r.droppedOnDevice)
        let d = try #require(r.diagnostics.first)
        #expect(d.rule.rawValue == "syntax" && d.dropsFile && d.severity == .error)
        #expect(d.origin == Origin(file: "t.strings", line: 2, column: 10))
        #expect(d.message.contains("missing ';'"))
        // Recovered for the linter.
        #expect(r.plainValues == ["a": "1", "b": "2", "c": "3"])
    }

    @Test func resyncAfterAnErrorInsideAnEntry() {
        let r = read("\"a\" = ;\n\"b\" = \"2\";\n\"c\" \"x\";\n\"d\" = \"4\";\n")
        #expect(r.droppedOnDevice)
        #expect(r.diagnostics.filter(\.dropsFile).map(\.origin?.line) == [1, 3])
        #expect(r.plainValues["b"] == "2" && r.plainValues["d"] == "4")
    }

    /// Foundation ends the dictionary silently at a character that cannot
    /// start a key: the rest is lost on device (plutil agrees: stops-at-* fixtures).
    @Test func strayCharacterStopsReadingSilentlyOnDevice() throws {
        let r = read("\"a\" = \"1\";\n;\n\"b\" = \"2\";\n\"c\" = \"3\";\n")
        #expect(!r.droppedOnDevice)
        #expect(r.plainValues == ["a": "1"])
        #expect(r.ignoredOnDevice.map(\.key) == ["b", "c"])
        let d = try #require(r.diagnostics.first)
        #expect(d.origin?.line == 2 && d.origin?.column == 1 && !d.dropsFile)
        #expect(d.message.contains("ignores the 2 entries below"))
    }

    @Test func duplicateKeysLastWinsAndAreReported() throws {
        let r = read("\"k\" = \"1\";\n\"x\" = \"2\";\n\"k\" = \"3\";\n")
        #expect(r.plainValues["k"] == "3")
        #expect(r.entries.map(\.key) == ["k", "x"])
        let d = try #require(r.diagnostics.first)
        #expect(d.rule.rawValue == "duplicate-key" && d.subject.key == "k" && d.origin?.line == 3 && d.severity == .warning)
    }

    @Test func encodingErrorsArePositioned() throws {
        let r = StringsReader.read(bytes: Array("\"a\" = \"1\";\n\"b\" = \"".utf8) + [0xFF] + Array("\";".utf8), file: "t")
        #expect(r.droppedOnDevice)
        let d = try #require(r.diagnostics.first)
        #expect(d.rule.rawValue == "encoding" && d.origin?.line == 2 && d.origin?.column == 8)
    }

    /// Corrupted binary property lists are errors, never crashes or hangs.
    @Test func corruptBinaryPlists() async throws {
        let dir = Fixtures.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/b.stringsdict"
        #expect(try await Plutil.convert(Fixtures.path("stringsdict/Localizable.stringsdict"), to: "binary1", output: path))
        let good = Fixtures.bytes(path)
        #expect(!StringsdictReader.read(bytes: good, file: "b").droppedOnDevice)
        var generator = SystemRandomNumberGenerator()
        var dropped = 0
        for n in stride(from: 8, to: good.count, by: 7) {
            if StringsdictReader.read(bytes: Array(good.prefix(n)), file: "b").droppedOnDevice { dropped += 1 }
        }
        #expect(dropped > 0)
        for _ in 0..<300 {
            var b = good
            for _ in 0..<3 { b[Int.random(in: 8..<b.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            let r = StringsdictReader.read(bytes: b, file: "b")
            if r.droppedOnDevice { #expect(r.diagnostics.contains { $0.dropsFile }) }
            _ = StringsReader.read(bytes: b, file: "b")
        }
    }

    /// Truncations and random corruption of every fixture never crash and
    /// always leave a consistent result.
    @Test func malformedInputNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        let sources = Fixtures.files("strings/good", ext: "strings") + Fixtures.files("strings/bad", ext: "strings")
            + Fixtures.files("stringsdict", ext: "stringsdict") + Fixtures.files("xcstrings", ext: "xcstrings")
        for file in sources {
            let bytes = Fixtures.bytes(file)
            var variants: [[UInt8]] = (0..<min(bytes.count, 40)).map { Array(bytes.prefix($0 * max(1, bytes.count / 40))) }
            for _ in 0..<40 {
                var b = bytes
                if !b.isEmpty { b[Int.random(in: 0..<b.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                variants.append(b)
            }
            variants.append([0xFF, 0xFE, 0x22])
            variants.append([0, 0, 0xFE, 0xFF, 0, 0, 0xD8])
            variants.append(Array("bplist00garbage".utf8))
            for v in variants {
                let s = StringsReader.read(bytes: v, file: "f")
                let d = StringsdictReader.read(bytes: v, file: "f")
                let x = XCStringsReader.read(bytes: v, file: "f.xcstrings")
                for diag in s.diagnostics + d.diagnostics + x.diagnostics { #expect((diag.origin?.line ?? 0) >= 1) }
                if s.droppedOnDevice { #expect(s.diagnostics.contains { $0.dropsFile }) }
            }
        }
    }
}
