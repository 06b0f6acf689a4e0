import HeraldICU
import HeraldTables
import Testing

@testable import HeraldRender

/// Specifiers written alike share one compiled specifier, each step keeping the argument it
/// reads: a plural form of a million `%@` compiled a million objects of some 300 bytes
/// (validate of a 1 MB form took 297 MB; issue 31 item 14).
@Suite struct SharedSpecifiersTests {
    static func compile(_ text: String) throws -> Template {
        let compiler = TemplateCompiler(numberLocale: try LocaleID("en"), pluralLocale: try LocaleID("en"))
        return compiler.compileFormat(text, firstArgument: 0, variables: [:], substitution: nil, active: [])
    }

    @Test func aThousandObjectsCompileToOne() throws {
        let template = try Self.compile(String(repeating: "%@ ", count: 1000))
        var objects = Set<ObjectIdentifier>()
        var arguments: [Int] = []
        for case .specifier(let c, let argument) in template.parts {
            objects.insert(ObjectIdentifier(c))
            arguments.append(argument)
        }
        #expect(objects.count == 1)
        #expect(arguments == Array(0..<1000))
        #expect(template.argumentCount == 1000)
    }

    /// Each specifier still reads its own argument, and those written differently stay apart
    /// (`%d` and `%ld` are one conversion of different lengths; `%2$@` names its position).
    @Test func eachReadsItsOwnArgument() throws {
        let template = try Self.compile("%d %ld %d %2$@ %@")
        let objects = template.parts.compactMap { part -> ObjectIdentifier? in
            if case .specifier(let c, _) = part { return ObjectIdentifier(c) } else { return nil }
        }
        #expect(objects.count == 5)
        #expect(Set(objects).count == 4)
        #expect(objects[0] == objects[2])
        let r = Renderer.renderUncached(
            message: plain(String(repeating: "%@,", count: 300) + "%d"), locale: try LocaleID("en"),
            arguments: (0..<300).map { .string("a\($0)") } + [.string("1234")], options: RenderOptions(isolateArguments: false))
        #expect(r.text == (0..<300).map { "a\($0)," }.joined() + "1,234")
    }
}
