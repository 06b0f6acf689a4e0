import HeraldICU
import HeraldTables
import Testing

@testable import HeraldRender

/// A plural form of 1 MiB of `%@` (524,288 specifiers) is held in a size that follows its
/// shape, not its number of specifiers (issue 31 item 14: validate took 110 MB for it, the
/// input is 1 MiB). Each check counts what is allocated, never time or RSS.
@Suite struct CompactTemplateTests {
    static let n = 524_288

    static func compile(_ text: String, firstArgument: Int = 0) throws -> Template {
        let compiler = TemplateCompiler(numberLocale: try LocaleID("en"), pluralLocale: try LocaleID("en"))
        return compiler.compileFormat(text, firstArgument: firstArgument, variables: [:], substitution: nil, active: [])
    }

    /// Specifiers alike in a row compile to one step (a step and a part each was ~60 bytes a
    /// specifier: 30 MB), reading one argument after another.
    @Test(arguments: ["%@", "%d", "%1$@"])
    func aRunIsOneStep(_ specifier: String) throws {
        let text = String(repeating: specifier, count: Self.n)
        let template = try Self.compile(text, firstArgument: 3)
        if specifier == "%1$@" {
            // Every one reads argument 1: not a run of arguments; each is its own step.
            #expect(template.steps.count == Self.n)
            return
        }
        #expect(template.steps.count == 1)
        #expect(template.parts.count == 1)
        guard case .repeated(let run) = template.parts.first else {
            Issue.record("not compiled as a run: \(String(describing: template.parts.first))")
            return
        }
        #expect(run.arguments == 3..<(3 + Self.n))
        #expect(template.argumentCount == 3 + Self.n)
    }

    /// Runs stop at text, at a specifier written differently, and where the arguments do not
    /// follow on; what is rendered is what each specifier alone renders.
    @Test func runsKeepTheText() throws {
        let template = try Self.compile("%@%@%@ and %d%d%@%@")
        #expect(template.steps.count == 4)
        let arguments: [RenderArgument] = (1...7).map { .string("\($0)") }
        let r = Renderer.renderUncached(
            message: plain("%@%@%@ and %d%d%@%@"), locale: try LocaleID("en"), arguments: arguments,
            options: RenderOptions(isolateArguments: false))
        #expect(r.text == "123 and 4567")
        #expect(r.diagnostics.isEmpty)
    }

    /// The parser reserves a piece per specifier, not two, for `%@%@…` (8 MB for 1 MiB).
    @Test func theParserReservesWhatItNeeds() {
        let parsed = FormatStringParser.parse(String(repeating: "%@", count: Self.n))
        #expect(parsed.pieces.count == Self.n)
        #expect(parsed.pieces.capacity < Self.n + Self.n / 4)
    }

    /// The linter's sample arguments for such a form are runs: one run, not a list of each.
    @Test func argumentsAsRunsRenderAlike() throws {
        var runs = RenderArgumentRuns()
        runs.append(.string("a"), count: 2)
        runs.append(.string("b"), count: Self.n - 2)
        #expect(runs.runCount == 2)
        #expect(runs.count == Self.n)
        let message = plain(String(repeating: "%@", count: Self.n))
        var checked = 0
        Renderer.renderUncached(message: message, locale: try LocaleID("en"), listCount: 1, argumentRuns: { _ in runs }) { _, text, details in
            #expect(text.count == Self.n)
            #expect(Array(text.prefix(3)) == Array("aab".utf8))
            #expect(text.allSatisfy { $0 == UInt8(ascii: "a") || $0 == UInt8(ascii: "b") })
            #expect(details.diagnostics.isEmpty)
            checked += 1
        }
        #expect(checked == 1)
    }

    /// Arguments a form does not read are said as runs, in a short message (a list of each
    /// number was megabytes when a form read one of half a million).
    @Test func unusedArgumentsAreSaidAsRuns() throws {
        let r = Renderer.renderUncached(
            message: plain("%1$@ %3$@"), locale: try LocaleID("en"),
            arguments: (0..<100_000).map { _ in .string("x") }, options: RenderOptions(isolateArguments: false))
        let unused = r.diagnostics.filter { $0.rule == .unusedArgument }
        #expect(unused.count == 1)
        #expect(unused.first?.message == "100000 argument(s) given but arguments 2, 4–100000 are not used by the message")
    }
}
