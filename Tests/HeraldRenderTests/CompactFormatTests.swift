import HeraldICU
import HeraldTables
import Testing

@testable import HeraldRender

/// A parsed format string is stored as 8 bytes a piece, with the first few problems
/// described and the rest counted: a string of 100,000 specifiers reads back exactly what
/// was written, and what it holds grows by a fixed few bytes per specifier.
@Suite struct CompactFormatTests {
    /// A varied run: positional, sequential, flags, width and precision, lengths, `%%`,
    /// non-ASCII text, a plural variable, an accidental specifier, a bad position.
    static let pattern = ["%1$@", " é ", "%2$5.2f", "%%", "%@", "x", "%-08ld", "%#@v@", "50% done", "%#x", "%70$@", "%'d", "ж"]

    @Test func aPieceIsEightBytes() {
        #expect(MemoryLayout<ParsedFormat.Piece>.stride == 8)
    }

    @Test func manySpecifiersReadBackAsWritten() throws {
        let count = 100_000
        let parts = (0..<count).map { Self.pattern[$0 % Self.pattern.count] }
        let text = parts.joined()
        let parsed = FormatStringParser.parse(text)
        // Each piece read back is what the same text parses to on its own (its offsets moved,
        // a sequential specifier reading the argument its place in the string gives it).
        var offset = 0
        var sequential = 0
        var checked = 0
        for segment in parsed.segments {
            switch segment {
            case .literal(let s):
                // `%%` was read as `%`: two bytes of the text.
                offset += s.utf8.count + s.utf8.count { $0 == UInt8(ascii: "%") }
            case .invalid(let s):
                #expect(s == "%70$@")
                offset += s.utf8.count
            case .specifier(let spec):
                let alone = try #require(FormatStringParser.parse(spec.text).specifierSequence.first { _ in true })
                #expect(spec.conversion == alone.conversion && spec.flags == alone.flags && spec.width == alone.width)
                #expect(spec.precision == alone.precision && spec.length == alone.length && spec.position == alone.position)
                #expect(spec.isAccidental == alone.isAccidental)
                if let p = spec.position {
                    #expect(spec.argumentIndex == p - 1)
                } else {
                    #expect(spec.argumentIndex == sequential)
                    sequential += 1
                }
                #expect(spec.utf8Range == offset..<(offset + spec.text.utf8.count))
                offset = spec.utf8Range.upperBound
                checked += 1
            }
        }
        #expect(offset == text.utf8.count)
        // 13 parts a round: 8 specifiers (`% d` in "50% done" is one) and 1 bad position;
        // the last round's 4 parts hold 2.
        #expect(checked == count / 13 * 8 + 2)
        #expect(parsed.specifiers.count == checked)
        // Joined back, the pieces are the text (with `%%` read as `%`).
        let rejoined = parsed.segments.map { seg -> String in
            switch seg {
            case .literal(let s): return s.replacingOccurrences(of: "%", with: "%%")
            case .invalid(let s): return s
            case .specifier(let s): return s.text
            }
        }.joined()
        #expect(rejoined == text, "differs from the text at byte \(zip(rejoined.utf8, text.utf8).prefix { $0 == $1 }.count)")
        // Pieces only where the text changes kind: no more than two a specifier.
        #expect(parsed.pieces.count <= 2 * (checked + count / 13 + 1))
    }

    @Test func onlyTheFirstProblemsAreDescribedAndAllAreCounted() {
        // `%1$@ … %100000$@`: every position past 64 is a problem.
        let text = (1...100_000).map { "%\($0)$@" }.joined(separator: " ")
        let parsed = FormatStringParser.parse(text)
        #expect(parsed.problems.count == FormatStringParser.problemsKept)
        #expect(parsed.problemCount == 100_000 - FormatStringParser.maximumPosition)
        #expect(parsed.lastProblemKind == .badPosition)
        #expect(parsed.problems.first?.message == "position 65 in '%65$@' must be between 1 and 64")
        // "%1$@ " … "%9$@ " are 5 bytes each, "%10$@ " … "%64$@ " 6: 45 + 330 = 375.
        #expect(parsed.problems.first?.utf8Range == 375..<380)
        #expect(parsed.specifiers.count == FormatStringParser.maximumPosition)
        // The renderer describes 20 and counts the rest, under the last problem's rule.
        let r = Renderer.renderUncached(
            message: .plain(SourceText(text, origin: Origin(file: "t", line: 1, column: 1))),
            locale: try! LocaleID("en"), arguments: [])
        let described = r.diagnostics.filter { $0.rule == .badPosition }
        #expect(described.count == TemplateCompiler.problemsDescribed + 1)
        #expect(described.last?.message.hasSuffix(": \(100_000 - 64 - TemplateCompiler.problemsDescribed) more format problems") == true)
    }

    @Test func mixedPositionsAreReportedOnceHoweverLong() {
        // Each sequential specifier after a positional one mixes them; it is said once (the
        // check once looked through every problem so far for each specifier).
        let text = "%1$@" + String(repeating: " %@", count: 50_000)
        let parsed = FormatStringParser.parse(text)
        #expect(parsed.mixesPositions)
        #expect(parsed.problems.map(\.kind) == [.mixedPositional])
        #expect(parsed.problemCount == 1)
        #expect(parsed.argumentCount == 50_000)
    }

    @Test func literalTextIsASliceOfTheFormatNotACopy() throws {
        // Text and invalid pieces between specifiers are shown as one slice of the string
        // itself (a 4 MB translation was copied into the template's parts and kept there).
        let text = String(repeating: "x", count: 100_000) + " %70$@ tail %@ 100%% done"
        let parsed = FormatStringParser.parse(text)
        let run = 0..<3  // "xxx… ", "%70$@", " tail "
        #expect((0..<3).allSatisfy { parsed.isText(piece: $0) } && !parsed.isText(piece: 3))
        let shown = parsed.shownText(ofPieces: run)
        #expect(shown == Substring(String(repeating: "x", count: 100_000) + " %70$@ tail "))
        #expect(shown.base.utf8.count == text.utf8.count)
        // A run with `%%` is read as `%`: that one is made.
        #expect(parsed.shownText(ofPieces: 4..<5) == " 100% done")
        // A template keeps no text parts: their bytes are in its literals.
        let compiler = TemplateCompiler(numberLocale: try LocaleID("en"), pluralLocale: try LocaleID("en"))
        let template = compiler.compileFormat(text, firstArgument: 0, variables: [:], substitution: nil, active: [])
        #expect(template.parts.count == 1)
        #expect(template.parts.allSatisfy { if case .text = $0 { false } else { true } })
        let r = Renderer.renderUncached(
            message: .plain(SourceText(text, origin: Origin(file: "t", line: 1, column: 1))),
            locale: try LocaleID("en"), arguments: [.string("Ana")])
        #expect(r.text == String(repeating: "x", count: 100_000) + " %70$@ tail Ana 100% done")
    }
}
