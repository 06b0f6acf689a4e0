import Foundation
import HeraldJSON
import HeraldRender
import HeraldTables
import Testing

/// `FormatBatch` (what `herald format --batch` runs), at the library level: a request of
/// the common shape (fast path) and the same request spelled so that only the general
/// path reads it (an escaped key) give the same line; failures are error lines naming
/// the line; blank lines are skipped. Expected lines are written by hand from the
/// `format --json` shape in Docs/cli.md.
@Suite struct FormatBatchTests {
    static let catalog = Catalog(texts: ["en.lproj/Localizable.strings": "\"greeting\" = \"Hello %@, %d new\";\n"])

    /// The output of answering `lines` in order (then a line too long, unless `tooLong` is false).
    static func answers(_ lines: [String], catalog: Catalog = catalog, tooLong: Bool = true) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var batch = FormatBatch(renderer: Renderer(catalog: catalog), options: RenderOptions(), table: "Localizable")
        var out = BufferedOutput(fileDescriptor: fd)
        for line in lines {
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBufferPointer { batch.answer(.text(UnsafeBufferPointer($0)), to: &out) }
        }
        if tooLong { batch.answer(.tooLong, to: &out) }
        out.flush()
        close(fd)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func fastAndGeneralPathsAnswerAlike() throws {
        let lines = try Self.answers([
            #"{"key":"greeting","locale":"en","args":["Ana",3]}"#,
            #"{"key":"gr\u0065eting","locale":"en","args":["Ana",3]}"#,
            "   ",
            #"{"key":"nope","locale":"en"}"#,
            #"{"locale":"en"}"#,
            "not json",
        ])
        let ok = #"{"text":"Hello Ana, 3 new","servedBy":"en","key":"greeting","locale":"en","plural":{}}"#
        #expect(lines.count == 6)
        #expect(lines[0] == ok)
        #expect(lines[1] == ok)
        #expect(lines[2].hasPrefix(#"{"error":"line 4: "#) && lines[2].hasSuffix(#","key":"nope","locale":"en"}"#))
        #expect(lines[3] == #"{"error":"line 5: \"key\" (a string) is required"}"#)
        #expect(lines[4].hasPrefix(#"{"error":"line 6"#))
        #expect(lines[5] == #"{"error":"line 7: \#(LineReader.tooLongMessage)"}"#)
    }

    /// `FormatJSON.writeObject` escapes the text the way `JSONWriter` does (U+2028 included).
    @Test func theObjectWriterUsesTheOneEscaper() throws {
        let lines = try Self.answers([#"{"key":"greeting","locale":"en","args":["a\u2028\"b",1]}"#])
        #expect(lines.first == #"{"text":"Hello a\u2028\"b, 1 new","servedBy":"en","key":"greeting","locale":"en","plural":{}}"#)
    }
}

/// The plural choices of an answer are written in name order however many variables the
/// message has: two without a sorted copy (written by index), three and more sorted.
/// Expected lines are written by hand (Docs/cli.md's `format --json` shape; en: 1 ticket is
/// `one`, 1.00 is `other` as CLDR's "i = 1 and v = 0" says).
@Suite struct FormatBatchPluralOrderTests {
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>two</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@tickets@ in %#@draws@</string>
            <key>tickets</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>ld</string>
              <key>one</key><string>%ld ticket</string><key>other</key><string>%ld tickets</string></dict>
            <key>draws</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>one</key><string>%d draw</string><key>other</key><string>%d draws</string></dict>
          </dict>
          <key>three</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@c@ %#@a@ %#@b@</string>
            <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>a%d</string></dict>
            <key>b</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>b%d</string><key>other</key><string>b%d</string></dict>
            <key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>f</string><key>one</key><string>c%.2f</string><key>other</key><string>c%.2f</string></dict>
          </dict>
        </dict></plist>
        """

    @Test func choicesInNameOrder() throws {
        let catalog = Catalog(texts: ["en.lproj/Localizable.stringsdict": Self.stringsdict])
        let lines = try FormatBatchTests.answers([
            #"{"key":"two","locale":"en","args":[1,5]}"#,
            #"{"key":"t\u0077o","locale":"en","args":[3,1]}"#,  // the general path
            #"{"key":"three","locale":"en","args":[1,2,1]}"#,
        ], catalog: catalog, tooLong: false)
        #expect(lines == [
            #"{"text":"1 ticket in 5 draws","servedBy":"en","key":"two","locale":"en","plural":{"draws":"other","tickets":"one"}}"#,
            #"{"text":"3 tickets in 1 draw","servedBy":"en","key":"two","locale":"en","plural":{"draws":"one","tickets":"other"}}"#,
            #"{"text":"c1.00 a2 b1","servedBy":"en","key":"three","locale":"en","plural":{"a":"other","b":"one","c":"other"}}"#,
        ])
    }
}
