import HeraldDiagnostics
import HeraldTables
import Testing

@testable import HeraldLint

/// The render check reads a rendering's bytes in place: its scalars as they decode, and for
/// a quote only the bytes an excerpt can show. (It made a String of each whole rendering: a
/// 4 MB text rendered with leftover specifiers was held once more to quote 64 scalars of it.)
@Suite struct RenderCheckBytesTests {
    /// Tricky byte runs: ASCII, 2/3/4-byte scalars, bidi controls, ill-formed and truncated
    /// sequences, surrogates encoded in UTF-8, overlongs, at every position around the cut.
    static let samples: [[UInt8]] = {
        let pieces: [[UInt8]] = [
            Array("a%1$@ ".utf8), Array("é".utf8), Array("ж".utf8), Array("€".utf8), Array("😀".utf8), Array("\u{202E}".utf8),
            Array("\u{2068}x\u{2069}".utf8), [0xFF], [0xE2, 0x81], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80], Array("\n\t".utf8),
        ]
        var out: [[UInt8]] = [[]]
        for (i, p) in pieces.enumerated() {
            out.append(p)
            // Long runs that put each piece on and around the excerpt's cut.
            for shift in 0..<5 {
                var run = [UInt8](repeating: UInt8(ascii: "b"), count: LintRun.excerptBytes - 8 + shift)
                for k in 0..<6 { run += pieces[(i + k) % pieces.count] }
                run += [UInt8](repeating: UInt8(ascii: "c"), count: 300)
                out.append(run)
                var dense: [UInt8] = []
                while dense.count < LintRun.excerptBytes + 40 { dense += pieces[(i + dense.count + shift) % pieces.count] }
                out.append(dense)
            }
        }
        return out
    }()

    @Test func scalarsAreTheDecodedStringsScalars() {
        for bytes in Self.samples {
            bytes.withUnsafeBufferPointer { b in
                let expected = Array(String(decoding: b, as: UTF8.self).unicodeScalars)
                #expect(Array(UTF8Scalars(b)) == expected, "\(bytes.prefix(40))")
            }
        }
    }

    @Test func theExcerptIsTheWholeTextsExcerpt() {
        for bytes in Self.samples {
            bytes.withUnsafeBufferPointer { b in
                #expect(LintRun.quotedExcerpt(b) == Excerpt.quoted(String(decoding: b, as: UTF8.self)), "\(bytes.prefix(40))")
            }
        }
    }

    @Test func bidiProblemsAreFoundInBytesAsInText() {
        for text in ["a\u{202E}b", "\u{2066}x", "x\u{2069}", "\u{202A}x\u{202C}", "\u{202B}", "\u{202C}", "\u{2068}a\u{2069}", "plain"] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in
                #expect(LintRun.bidiProblem(UTF8Scalars(b)) == LintRun.bidiProblem(text), "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// An analysis names the variables a format never uses; it does not copy them (a
    /// stringsdict of thousands of unused variables held each twice).
    @Test func unusedVariablesAreNamesAndOrigins() {
        let o = Origin(file: "en.lproj/Localizable.stringsdict", line: 1, column: 1)
        var variables: [String: PluralVariable] = [:]
        for i in 0..<3 {
            let at = Origin(file: o.file, line: 2 + i, column: 3)
            variables["u\(i)"] = PluralVariable(
                name: "u\(i)", valueType: "d", argNum: nil, specType: "NSStringPluralRuleType",
                forms: [.other: SourceText("%d", origin: at)], origin: at)
        }
        let a = MessageArguments.analyze(.plural(format: SourceText("none", origin: o), variables: variables), substitutions: false)
        #expect(a.unusedVariables.map(\.name) == ["u0", "u1", "u2"])
        #expect(a.unusedVariables.map(\.origin.line) == [2, 3, 4])
        #expect(MemoryLayout<MessageArguments.UnusedVariable>.stride < MemoryLayout<PluralVariable>.stride / 2)
    }
}

/// The run's findings are handed over sorted, not copied: the run keeps none after.
@Suite struct SortedFindingsTests {
    @Test func findingsAreTakenSortedAndDeduplicated() {
        var run = LintRun(configuration: LintConfiguration())
        let place = { (line: Int) in LintRun.Place(origin: Origin(file: "b.strings", line: line, column: line == 0 ? 0 : 2), locale: "en", table: "T", key: "k") }
        run.emit(.emptyValue, place(3), "second")
        run.emit(.emptyValue, place(0), "whole file")
        run.emit(.emptyValue, place(3), "second")
        run.emit(.emptyValue, LintRun.Place(origin: Origin(file: "a.strings", line: 9, column: 1), locale: "en", table: "T", key: "k"), "first")
        let sorted = run.takeSortedDiagnostics()
        #expect(run.diagnostics.isEmpty)
        // By file, then line (line 0 first, shown at 1:1), repeats removed.
        #expect(sorted.map(\.message) == ["first", "whole file", "second"])
        #expect(sorted.map { "\($0.origin?.line ?? -1):\($0.origin?.column ?? -1)" } == ["9:1", "1:1", "3:2"])
    }
}
