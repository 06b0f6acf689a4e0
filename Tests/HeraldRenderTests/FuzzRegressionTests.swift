import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// Inputs found by fuzzing (Tools/fuzz) that broke HeraldRender, kept as tests.
@Suite struct FuzzRegressionTests {
    static func icu(_ pattern: String, _ arguments: [RenderArgument]) throws -> RenderResult {
        Renderer.renderUncached(
            message: .plain(SourceText(pattern, origin: Origin(file: "fuzz.icu", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: arguments, icu: true)
    }

    /// fuzz-icu-message, timeout: `{4040}` made the renderer bind (and
    /// diagnose) every argument number from 0 to 4040, each diagnosis scanning
    /// all the earlier ones; `{5000000}` would run for hours.
    @Test func hugeArgumentNumberBindsOnlyWhatThePatternNames() throws {
        let found = try Self.icu("{4040}-(e}-(e6}", [])
        #expect(found.diagnostics.count <= 2, "\(found.diagnostics)")

        // 32767 is the highest argument number ICU accepts (MessagePattern's
        // Part::MAX_VALUE); the old loop diagnosed all 32768 numbers below it,
        // each time scanning the diagnostics so far.
        let r = try Self.icu("{0} {32767}", [.string("a")])
        #expect(r.text == "a ")
        #expect(r.diagnostics.map(\.rule.rawValue) == ["missing-argument"])
        #expect(r.diagnostics.first?.message == "{32767} reads argument 32768, but only 1 given; left empty")
    }

    /// fuzz-icu-message (while writing the hostile-input table): a string
    /// argument holding NUL was cut short at the NUL on its way into ICU.
    @Test func nulInsideAnICUArgumentIsKept() throws {
        let r = try Self.icu("<{0}>", [.string("a\u{0}b")])
        #expect(r.text == "<a\u{0}b>")
        let n = try Self.icu("{0, number} {1}", [.number(.decimal("1.50")), .string("\u{0}")])
        #expect(n.text == "1.5 \u{0}")
    }

    /// Gaps below the arguments given still count as used (no "unused" noise).
    @Test func gapsBelowTheGivenArgumentsStayBound() throws {
        let r = try Self.icu("{0} and {2}", [.string("a"), .string("b"), .string("c")])
        #expect(r.text == "a and c")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }
}
