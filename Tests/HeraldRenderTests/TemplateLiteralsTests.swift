import HeraldICU
import HeraldTables
import Testing

@testable import HeraldRender

/// A long text's template reads its literals from the format string itself: compiled from a
/// 4 MB translation it holds no second copy of the text (it held one in `literals`).
@Suite struct TemplateLiteralsTests {
    static let origin = Origin(file: "t", line: 1, column: 1)

    static func compile(_ text: String) throws -> Template {
        let compiler = TemplateCompiler(numberLocale: try LocaleID("en"), pluralLocale: try LocaleID("en"))
        return compiler.compileFormat(text, firstArgument: 0, variables: [:], substitution: nil, active: [])
    }

    @Test func aLongTemplateSharesTheEntrysStorage() throws {
        let text = String(repeating: "x", count: 100_000) + " %1$@ middle %2$@ tail"
        let template = try Self.compile(text)
        let borrowed = try #require(template.borrowed)
        #expect(TemplateLiterals.storageAddress(borrowed) == TemplateLiterals.storageAddress(text))
        #expect(template.literals.count == 1)
        // Expected: the text with each argument in its place.
        let r = Renderer.renderUncached(
            message: .plain(SourceText(text, origin: Self.origin)), locale: try LocaleID("en"),
            argumentLists: [[.string("A"), .string("B")]], options: RenderOptions(isolateArguments: false))
        #expect(r.first?.text == String(repeating: "x", count: 100_000) + " A middle B tail")
    }

    @Test func aPluralFormsTemplateSharesTheFormsStorage() throws {
        let long = String(repeating: "y", count: 5_000)
        let form = "%d " + long + " items"
        let v = PluralVariable(
            name: "n", valueType: "d", argNum: nil, specType: "NSStringPluralRuleType",
            forms: [.one: SourceText("one item", origin: Self.origin), .other: SourceText(form, origin: Self.origin)], origin: Self.origin)
        let compiler = TemplateCompiler(numberLocale: try LocaleID("en"), pluralLocale: try LocaleID("en"))
        let template = compiler.compileFormat(form, firstArgument: 0, variables: ["n": v], substitution: nil, active: [])
        #expect(TemplateLiterals.storageAddress(try #require(template.borrowed)) == TemplateLiterals.storageAddress(form))
        // en selects 'other' for 5 (CLDR), which prints the number with the en formatter.
        let r = Renderer.renderUncached(
            message: .plural(format: SourceText("%#@n@", origin: Self.origin), variables: ["n": v]), locale: try LocaleID("en"),
            argumentLists: [[.string("5")], [.string("1")]], options: RenderOptions(isolateArguments: false))
        #expect(r.map(\.text) == ["5 " + long + " items", "one item"])
    }

    @Test func shortTextsAndEscapedPercentsAreCopied() throws {
        // Short: one small buffer the render reads (the hot path).
        let short = try Self.compile("Hello %@, you won!")
        #expect(short.borrowed == nil)
        #expect(short.literals.count == "Hello , you won!".utf8.count)
        // `%%` makes its literal a new string ("100% done"): nothing is borrowed then.
        let text = String(repeating: "z", count: 2_000) + " %@ 100%% done"
        let escaped = try Self.compile(text)
        #expect(escaped.borrowed == nil)
        let r = Renderer.renderUncached(
            message: .plain(SourceText(text, origin: Self.origin)), locale: try LocaleID("en"), argumentLists: [[.string("Ana")]],
            options: RenderOptions(isolateArguments: false))
        #expect(r.first?.text == String(repeating: "z", count: 2_000) + " Ana 100% done")
    }
}
