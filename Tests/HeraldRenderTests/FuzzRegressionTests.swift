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

        let r = try Self.icu("{0} {5000000}", [.string("a")])
        #expect(r.text == "a ")
        #expect(r.diagnostics.map(\.code) == ["missing-argument"])
        #expect(r.diagnostics.first?.message == "{5000000} reads argument 5000001, but only 1 given; left empty")
    }

    /// Gaps below the arguments given still count as used (no "unused" noise).
    @Test func gapsBelowTheGivenArgumentsStayBound() throws {
        let r = try Self.icu("{0} and {2}", [.string("a"), .string("b"), .string("c")])
        #expect(r.text == "a and c")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }
}
