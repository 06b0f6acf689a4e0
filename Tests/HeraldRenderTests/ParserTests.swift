import HeraldRender
import Testing

@Suite struct ParserTests {
    @Test func segmentsAndOffsets() {
        let p = FormatStringParser.parse("é %1$@ and %2$.2f%%")
        #expect(p.problems.isEmpty)
        #expect(p.specifiers.map(\.text) == ["%1$@", "%2$.2f"])
        #expect(p.specifiers.map(\.utf8Range) == [3..<7, 12..<18])  // "é" is 2 bytes
        #expect(p.specifiers.map(\.argumentIndex) == [0, 1])
        #expect(p.specifiers[1].precision == 2)
        #expect(p.argumentCount == 2)
        #expect(p.segments.last == .literal("%"))
    }

    /// Literal text around and between `%%` escapes comes out whole, one literal segment per
    /// stretch between specifiers (the parser gathers the input's runs without copying a lone one).
    @Test(arguments: [
        ("100%%", [FormatSegmentProbe.literal("100%")]),
        ("%%", [.literal("%")]),
        ("%%%%a%%", [.literal("%%a%")]),
        ("a%%b%%c %@ d%%", [.literal("a%b%c "), .specifier("%@"), .literal(" d%")]),
        ("é%%ü %1$@%%", [.literal("é%ü "), .specifier("%1$@"), .literal("%")]),
        ("plain", [.literal("plain")]),
        ("%@%@", [.specifier("%@"), .specifier("%@")]),
    ])
    func literalRunsAroundEscapes(_ text: String, _ expected: [FormatSegmentProbe]) {
        let p = FormatStringParser.parse(text)
        #expect(p.problems.isEmpty)
        #expect(p.segments.map(FormatSegmentProbe.init) == expected)
    }

    @Test func variables() {
        let p = FormatStringParser.parse("%#@files@ in %2$#@folders@")
        #expect(p.variableNames == ["files", "folders"])
        #expect(p.specifiers.map(\.argumentIndex) == [0, 1])
        #expect(p.problems.map(\.kind) == [.mixedPositional])
        let bad = FormatStringParser.parse("%#@files")
        #expect(bad.problems.map(\.kind) == [.badVariable])
    }

    @Test func problems() {
        #expect(FormatStringParser.parse("50%").problems.map(\.kind) == [.danglingPercent])
        #expect(FormatStringParser.parse("50% a day").problems.map(\.kind) == [.accidentalSpecifier])
        #expect(FormatStringParser.parse("%1ημ").problems.map(\.kind) == [.invalidSpecifier])
        #expect(FormatStringParser.parse("%1$@ %@").problems.map(\.kind) == [.mixedPositional])
        #expect(FormatStringParser.parse("%0$@").problems.map(\.kind) == [.badPosition])
        #expect(FormatStringParser.parse("%*d").problems.map(\.kind) == [.starWidth])
        #expect(FormatStringParser.parse("%1$@ %1$d").problems.map(\.kind) == [.conflictingTypes])
        #expect(FormatStringParser.parse("%999999999d").problems.map(\.kind) == [.widthTooLarge])
        #expect(FormatStringParser.parse("%999999999d").specifiers.first?.width == FormatStringParser.maximumWidth)
        #expect(FormatStringParser.parse("%y").problems.map(\.kind) == [.invalidSpecifier])
    }

    @Test func lengthsAndValueTypes() {
        let p = FormatStringParser.parse("%ld %lld %hhd %lu %qi %.3f %#x")
        #expect(p.problems.isEmpty)
        #expect(p.specifiers.map(\.length) == [.l, .ll, .hh, .l, .q, .none, .none])
        #expect(p.specifiers.map(\.valueTypeText) == ["ld", "lld", "hhd", "lu", "qi", ".3f", "x"])
        #expect(p.specifiers[6].flags.alternate)
        #expect(FormatStringParser.parse("%arg", substitutionArgument: true).specifiers.first?.conversion == .substitutionArgument)
        #expect(FormatStringParser.parse("%arg").specifiers.first?.conversion == .hexFloat(uppercase: false))
    }
}

/// A parsed segment reduced to what the literal-run test compares.
enum FormatSegmentProbe: Equatable, Sendable {
    case literal(String)
    case specifier(String)
    case other

    init(_ segment: ParsedFormat.Segment) {
        switch segment {
        case .literal(let t): self = .literal(t)
        case .specifier(let spec): self = .specifier(spec.text)
        default: self = .other
        }
    }
}
