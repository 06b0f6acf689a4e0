import HeraldICU
import HeraldMF2Export
import HeraldRender
import HeraldTables
import Testing

/// printf-style messages converted to MessageFormat 2: the expected sources are written by
/// hand from the rules in Docs/mf2.md ("Converting tables"); the renders are checked against
/// texts written by hand (CLDR: Polish 2 is few, 5 is many; German groups with a period).
@Suite struct PrintfConversionTests {
    static let origin = Origin(file: "en.lproj/Localizable.strings", line: 1, column: 1)

    func plain(_ s: String) -> Message { .plain(SourceText(s, origin: Self.origin)) }

    func plural(_ format: String, _ name: String, type: String? = "d", _ forms: [PluralCategory: String]) -> Message {
        .plural(
            format: SourceText(format, origin: Self.origin),
            variables: [name: PluralVariable(name: name, valueType: type, forms: forms.mapValues { SourceText($0, origin: Self.origin) }, origin: Self.origin)])
    }

    @Test func plainTextAndArgumentsInOrder() throws {
        #expect(try MF2Export.source(plain("Hello {world} 100%% \\o/")) == #"Hello \{world\} 100% \\o/"#)
        #expect(try MF2Export.source(plain("%@ sent %d photos")) == "{$arg1} sent {$arg2 :integer useGrouping=always} photos")
        #expect(try MF2Export.source(plain(".hidden")) == "{{.hidden}}")
        #expect(try MF2Export.source(plain(" lead")) == "{{ lead}}")
    }

    @Test func positionsOutOfOrderAreDeclaredInArgumentOrder() throws {
        #expect(try MF2Export.source(plain("%2$@ von %1$@")) == ".input {$arg1}\n.input {$arg2}\n{{{$arg2} von {$arg1}}}")
    }

    @Test func pluralVariableBecomesAMatcher() throws {
        let m = plural("%#@files@ in %@", "files", [.zero: "No files", .one: "%d file", .other: "%d files"])
        #expect(try MF2Export.source(m) == """
            .input {$files :integer useGrouping=always}
            .input {$arg2}
            .match $files
            0 {{No files in {$arg2}}}
            zero {{No files in {$arg2}}}
            one {{{$files} file in {$arg2}}}
            * {{{$files} files in {$arg2}}}
            """)
    }

    @Test func aVariableNotShownIsSelectedOnOnly() throws {
        let m = plural("%#@n@", "n", type: nil, [.one: "One new message", .other: "New messages"])
        #expect(try MF2Export.source(m) == ".input {$n :integer}\n.match $n\none {{One new message}}\n* {{New messages}}")
    }

    @Test func refusedWithTheReason() {
        #expect(throws: ConversionRefusal.self) { try MF2Export.source(plain("%.2f km")) }
        #expect(throws: ConversionRefusal.self) { try MF2Export.source(plain("%5d")) }
        #expect(throws: ConversionRefusal.self) { try MF2Export.source(plain("%1$@ %1$d")) }
        #expect(throws: ConversionRefusal.self) { try MF2Export.source(plural("%#@v@", "v", type: "f", [.other: "%f"])) }
        #expect(throws: ConversionRefusal.self) { try MF2Export.source(plural("%#@v@", "v", [.one: "one"])) }
        do {
            _ = try MF2Export.source(plain("%x"))
            Issue.record("converted")
        } catch {
            #expect(error.reason.contains("'%x'"))
        }
    }

    /// The converted message renders as the original, through Herald's own two renderers.
    @Test func rendersAsTheOriginal() throws {
        let forms: [PluralCategory: String] = [.one: "%d plik od %@", .few: "%d pliki od %@", .many: "%d plików od %@", .other: "%d pliku od %@"]
        let original = plural("%#@n@", "n", forms)
        let converted = try MF2Export.convert(original)
        let pl = try LocaleID("pl")
        let printf = Renderer(catalog: Catalog(texts: [:]))
        for (n, want) in [("1", "1 plik od Ewa"), ("2", "2 pliki od Ewa"), ("5", "5 plików od Ewa"), ("22", "22 pliki od Ewa"), ("1000", "1000 plików od Ewa")] {
            let args: [RenderArgument] = [.string(n), .string("Ewa")]
            let a = printf.render(message: original, locale: pl, arguments: args, options: RenderOptions(isolateArguments: false)).text
            #expect(a == want.replacingOccurrences(of: "1000", with: "1\u{A0}000"))
            let mf2 = try Renderer(catalog: Catalog(texts: ["pl.lproj/T.mf2.strings": "\"k\" = \"\(Self.stringsEscaped(converted))\";"]))
                .render(key: "k", table: "T.mf2", locale: pl, arguments: args, options: RenderOptions(isolateArguments: false)).text
            #expect(mf2 == a)
        }
    }

    static func stringsEscaped(_ m: Message) -> String {
        guard case .plain(let t) = m else { return "" }
        return t.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// An argument no specifier reads still takes its place: found by corpus-mf2.py in a real
/// app's Turkish table (`1$@ > %2$@`, the first `%` lost), where the second argument bound to
/// the first variable and the text showed the wrong argument.
@Suite struct SkippedArgumentTests {
    @Test func aSkippedArgumentIsDeclared() throws {
        let m = Message.plain(SourceText("1$@ > %2$@ adresine gidin", origin: PrintfConversionTests.origin))
        #expect(try MF2Export.source(m) == ".input {$arg1}\n.input {$arg2}\n{{1$@ > {$arg2} adresine gidin}}")
    }
}

/// ICU MessageFormat patterns converted: sources written by hand from the rules in
/// Docs/mf2.md; renders compared with ICU's own MessageFormat (through Herald's `.icu`
/// tables) and with texts written by hand.
@Suite struct ICUConversionTests {
    func source(_ pattern: String) throws -> String {
        try MF2Export.source(.plain(SourceText(pattern, origin: PrintfConversionTests.origin)), icu: true)
    }

    @Test func offsetPluralHasTwoColumns() throws {
        #expect(try source("{count, plural, offset:1 =0 {Nobody} one {{name} and # other} other {{name} and # others}}") == """
            .input {$count :number useGrouping=always}
            .input {$name}
            .local $count-offset1 = {$count :offset subtract=1}
            .match $count $count-offset1
            0 * {{Nobody}}
            * one {{{$name} and {$count-offset1} other}}
            * * {{{$name} and {$count-offset1} others}}
            """)
    }

    @Test func apostrophesAndPlainText() throws {
        #expect(try source("It''s '{x}' {0}") == "It's \\{x\\} {$arg1}")
    }

    @Test func refused() {
        #expect(throws: ConversionRefusal.self) { try source("{d, date, short}") }
        #expect(throws: ConversionRefusal.self) { try source("{n, number, ::currency/EUR}") }
        #expect(throws: ConversionRefusal.self) { try source("{g, select, a {{g, number}} other {x}}") }
        #expect(throws: ConversionRefusal.self) { try source("{n, plural, one {x}}") }
    }

    @Test func rendersAsICUMessageFormat() throws {
        let pattern = "{g, select, female {{n, plural, =0 {Sie hat keine} one {Sie hat # Los} other {Sie hat # Lose}}} other {{n, plural, one {# Los} other {# Lose}}}}"
        let mf2 = try source(pattern)
        func esc(_ s: String) -> String { s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") }
        let catalog = Catalog(texts: [
            "de.lproj/T.icu.strings": "\"k\" = \"\(esc(pattern))\";",
            "de.lproj/T.mf2.strings": "\"k\" = \"\(esc(mf2))\";",
        ])
        let renderer = Renderer(catalog: catalog)
        let de = try LocaleID("de")
        let cases: [(String, String, String)] = [
            ("female", "0", "Sie hat keine"), ("female", "1", "Sie hat 1 Los"), ("female", "1234", "Sie hat 1.234 Lose"),
            ("male", "1", "1 Los"), ("male", "0", "0 Lose"),
        ]
        for (g, n, want) in cases {
            let args: [RenderArgument] = [.string(g), .string(n)]
            let icu = try renderer.render(key: "k", table: "T.icu", locale: de, arguments: args, options: RenderOptions(isolateArguments: false)).text
            let converted = try renderer.render(key: "k", table: "T.mf2", locale: de, arguments: args, options: RenderOptions(isolateArguments: false)).text
            #expect(icu == want)
            #expect(converted == want)
        }
    }
}

/// Long texts convert in one pass: adjacent literals (`%%`) are joined in place and whether a
/// message needs declarations is decided once (it was asked once per argument).
@Suite struct LongTextConversionTests {
    @Test func manyPercentSignsAndArguments() throws {
        let text = String(repeating: "%% ", count: 50_000) + String(repeating: "%@ ", count: 2_000)
        let source = try MF2Export.source(.plain(SourceText(text, origin: PrintfConversionTests.origin)))
        #expect(source.hasPrefix(String(repeating: "% ", count: 50_000)))
        #expect(source.hasSuffix("{$arg2000} "))
    }

    @Test func manyNamedICUArguments() throws {
        let pattern = (0..<5_000).map { "{a\($0)}" }.joined(separator: " ")
        let source = try MF2Export.source(.plain(SourceText(pattern, origin: PrintfConversionTests.origin)), icu: true)
        #expect(source.hasSuffix("{$a4999}"))
    }
}
