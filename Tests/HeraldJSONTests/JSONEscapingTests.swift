import Foundation
import HeraldJSON
import Testing

/// The one JSON string escaper (`JSONWriter.quote`): what `JSONWriter.write` produces and
/// what the buffered fast path (`BufferedOutput.writeQuoted`, used by `format --json` and
/// `format --batch`) writes agree byte for byte, and both follow RFC 8259 §7 (quote,
/// backslash and C0 controls must be escaped) plus the JavaScript rule that U+2028 and
/// U+2029 end a line in a string literal (ECMAScript before ES2019), so they are escaped
/// too. The expected literals below are written out by hand from those two rules.
@Suite struct JSONEscapingTests {
    /// (input, the literal by hand).
    static let cases: [(String, String)] = [
        ("", #""""#),
        ("plain ascii", #""plain ascii""#),
        ("\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}", #""\u0000\u0001\u0008\u000b\u000c\u001f""#),
        ("\t\n\r", #""\t\n\r""#),
        ("\u{7f}", #""\u007f""#),
        ("say \"hi\" \\ bye", #""say \"hi\" \\ bye""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
        // Other characters whose UTF-8 starts with E2 80 are copied: … (E2 80 A6), ’ (E2 80 99), U+202A.
        ("…’\u{202A}", "\"…’\u{202A}\""),
        ("non-BMP 😀 𝄞", "\"non-BMP 😀 𝄞\""),
        ("\u{301} lone combining mark", "\"\u{301} lone combining mark\""),
        ("Ĉu ĝi? ключ مفتاح", "\"Ĉu ĝi? ключ مفتاح\""),
    ]

    /// The fast path's output for `text`: written through a pipe, as standard output is.
    static func buffered(_ text: String) throws -> String {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        var out = BufferedOutput(fileDescriptor: fds[1])
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var data = Data()
        Thread {
            data = reader.readDataToEndOfFile()
            done.signal()
        }.start()
        out.writeQuoted(text)
        out.flush()
        close(fds[1])
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: 0..<cases.count)
    func writerAndFastPathMatchTheRule(_ index: Int) throws {
        let (input, expected) = Self.cases[index]
        #expect(JSONWriter.write(.string(input)) == expected)
        #expect(JSONWriter.quote(input) == expected)
        #expect(try Self.buffered(input) == expected)
        // What the writer wrote reads back as the input.
        #expect(try JSONParser.parse(expected).stringValue == input)
    }

    /// Every escape at every offset of the eight-byte word the fast path skips with, and
    /// a string longer than the output block (the spill path), agree with the writer.
    @Test func everyOffsetAndTheSpillPathAgree() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{7f}", "\u{2028}", "\u{2029}", "…", "😀", "\u{301}"]
        for special in specials {
            for offset in 0..<9 {
                let text = String(repeating: "x", count: offset) + special + "tail-of-the-word"
                #expect(try Self.buffered(text) == JSONWriter.write(.string(text)))
            }
        }
        let long = String(repeating: "ab\u{2028}\"\u{1}😀", count: 20_000)
        let literal = JSONWriter.write(.string(long))
        #expect(try Self.buffered(long) == literal)
        #expect(literal.contains(#"\u2028\"\u0001😀"#))
    }
}
