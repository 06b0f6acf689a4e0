import HeraldRender
import HeraldTables
import Testing

/// The linter's render check reads each rendering as the renderer's UTF-8 bytes, lent for the
/// call, and makes no String of a text it only scans (a 4 MiB string was held four times:
/// the entry's text, the template's bytes, the render buffer and the String made from it).
/// What it reads must be the rendering: the same bytes, and as many, as the String a caller
/// of `renderUncached(arguments:)` gets. Expected texts are hand-checked.
@Suite struct RenderBytesTests {
    static let long = String(repeating: "ab", count: 600)  // past the renderer's 512-byte stack buffer

    static let cases: [(message: Message, locale: String, arguments: [RenderArgument], expected: String)] = [
        (plain("Hello %@"), "en", [s("Ada")], "Hello Ada"),
        (plain("%d × café"), "fr", [n(3)], "3 × café"),
        (plural("%#@v@", [.one: "%d file", .other: "%d files"]), "en", [n(1)], "1 file"),
        (plural("%#@v@", [.one: "%d file", .other: "%d files"]), "en", [n(12)], "12 files"),
        (plain(long + "%@"), "en", [s("!")], long + "!"),
        (plain("%@ 🎉 %@"), "de", [s(long), s("é")], long + " 🎉 é"),
        (plain(""), "en", [], ""),
    ]

    @Test(arguments: 0..<cases.count)
    func theBytesLentAreTheRenderedText(_ k: Int) {
        let c = Self.cases[k]
        let string = render(c.message, c.locale, c.arguments).text
        #expect(string == c.expected)
        var lent: [UInt8] = []
        var calls = 0
        Renderer.renderUncached(message: c.message, locale: loc(c.locale), listCount: 2, argumentList: { _ in c.arguments }) { i, text, details in
            #expect(i == calls)
            calls += 1
            #expect(text.count == c.expected.utf8.count)
            lent = Array(text)
            #expect(details.diagnostics.isEmpty)
        }
        #expect(calls == 2)
        #expect(lent == Array(c.expected.utf8))
    }
}
