import Foundation
import HeraldDiagnostics
import HeraldSync
@testable import HeraldTableFormats
@testable import HeraldTableInterchange
@testable import HeraldTables
import HeraldTestSupport
import Testing

/// `herald import` reads an XLIFF of many units without a tree of the document, sizes
/// each file's units at once, and hands its findings over as they are found: an XLIFF
/// of 58,000 units that match nothing took 71 MiB (the tree, the doubled unit array and
/// one kept diagnostic per unit) and now takes about 36.
@Suite struct XLIFFStreamingTests {
    static func document(units: Int, comment: String = "") -> String {
        let body = (0..<units).map { "<trans-unit id=\"k\($0)\"><source>s</source><target>t\($0)</target></trans-unit>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>\(comment)\(body)</body></file></xliff>
            """
    }

    @Test func onlyTheElementsAskedForAreBuiltAndTheRestIsDropped() throws {
        var asked: [[String]] = []
        var built: [(String, [String])] = []
        try XMLReader.read(Array(Self.document(units: 3).utf8), take: { open in
            asked.append(open.map(\.name))
            return open.last?.name == "trans-unit"
        }, each: { node, open in built.append((node.name, open.map(\.name))) })
        // Elements inside a taken one are not asked about; they come with it.
        #expect(asked == [["xliff"], ["xliff", "file"], ["xliff", "file", "body"]]
            + Array(repeating: ["xliff", "file", "body", "trans-unit"], count: 3))
        #expect(built.map(\.0) == ["trans-unit", "trans-unit", "trans-unit"])
        #expect(built.allSatisfy { $0.1 == ["xliff", "file", "body"] })
    }

    @Test func anErrorAfterTheTakenElementsStillThrows() {
        var built = 0
        #expect(throws: XMLError.self) {
            try XMLReader.read(Array("<a><b/><b/></a><c/>".utf8), take: { $0.last?.name == "b" }, each: { _, _ in built += 1 })
        }
        #expect(built == 2)
    }

    @Test func aSyntaxErrorComesBeforeAnEarlierXLIFFProblem() {
        // The root is not <xliff> (a problem at line 1), and the document is not
        // well-formed further on: the syntax error is reported, as when the whole
        // tree was read first.
        do {
            _ = try XLIFFDocument.read(Array("<x>\n<y></z></x>".utf8), path: "t.xliff")
            Issue.record("read")
        } catch {
            #expect(error.description.contains("end tag </z> does not match <y>"))
        }
        do {
            _ = try XLIFFDocument.read(Array("<x>\n<y></y></x>".utf8), path: "t.xliff")
            Issue.record("read")
        } catch {
            #expect(error.description.contains("the root element is <x>, not <xliff>"))
        }
    }

    @Test func unitsAreReadAsBeforeWithTheirPlaces() throws {
        let doc = try XLIFFDocument.read(Array(Self.document(units: 2).utf8), path: "d.xliff")
        let units = doc.files[0].units
        #expect(units.map(\.id) == ["k0", "k1"])
        #expect(units.map(\.target) == ["t0", "t1"])
        // Line 2; the first unit's '<' after the 115 characters before it (counted from the
        // literal above: `<xliff version="1.2">` is 21, the file tag 88, `<body>` 6).
        #expect(units[0].origin == Origin(file: "d.xliff", line: 2, column: 116))
        #expect(units[0].targetOrigin?.line == 2)
        #expect(units[0].targetOrigin?.file == "d.xliff")
    }

    @Test func aFilesUnitsAreCountedAheadAndDecoysOnlyRaiseTheCount() {
        let plain = Array(Self.document(units: 5).utf8)
        let fileAt = plain.indices.first { plain[$0...].starts(with: Array("<file ".utf8)) }!
        #expect(UnitCounts(plain).units(ofFileAt: fileAt) == 5)
        // A tag in a comment is counted too: a few bytes of address space reserved, never touched.
        let decoy = Array(Self.document(units: 5, comment: "<!-- <trans-unit id=\"x\"> -->").utf8)
        #expect(UnitCounts(decoy).units(ofFileAt: fileAt) == 6)
        #expect(UnitCounts(plain).units(ofFileAt: fileAt + 1) == 0)
    }

    @Test func findingsGoToTheReportAndNoneIsKept() throws {
        let folder = try TemporaryFolder()
        // A tables folder whose one table holds only k0.
        _ = try folder.write("\"k0\" = \"s\";\n", to: "en.lproj/Localizable.strings")
        let doc = try XLIFFDocument.read(Array(Self.document(units: 4).utf8), path: "d.xliff")
        let seen = Locked<[Diagnostic]>([])
        let plan = try XLIFFImport(documents: [("d.xliff", doc)], root: folder.path, report: { d in seen.withLock { $0.append(d) } }) { _, _, _, _, _ in [] }
        let reported = seen.withLock { $0 }
        // The table has only k0: three units match no key, reported in document order.
        #expect(reported.map(\.rule) == Array(repeating: .xliffUnknownUnit, count: 3))
        #expect(reported.map { $0.description.contains("k1") } == [true, false, false])
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.errors == 0)
        #expect(plan.imported == 1)
        let kept = try XLIFFImport(documents: [("d.xliff", doc)], root: folder.path) { _, _, _, _, _ in [] }
        #expect(kept.diagnostics.map(\.description) == reported.map(\.description))
    }
}

