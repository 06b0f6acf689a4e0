// Reading XLIFF 1.2 (Xcode's or a translation service's): `xliff` › `file` ›
// `body` (and `group`s) › `trans-unit` › `source`/`target`/`note`. Inline
// elements inside `source` and `target` (`g`, `ph`, `x`…) are read as their
// text. Attribute order and unit order do not matter. Elements with a namespace
// prefix are not XLIFF's and are left out.

import HeraldDiagnostics
import HeraldTableFormats
import HeraldTables

extension Diagnostic.Rule {
    /// The XLIFF file is not well-formed XML or not XLIFF 1.2.
    public static let xliffSyntax = Self("xliff-syntax")
}

extension XLIFFDocument {
    /// Reads `bytes`; `path` names the file in diagnostics. A document that is not
    /// well-formed, or not XLIFF 1.2, throws a diagnostic with its line and column: a
    /// syntax error anywhere first, else the first problem in document order.
    /// Units are read one at a time (no tree of the document is kept).
    public static func read(_ bytes: [UInt8], path: String) throws(XLIFFReadError) -> XLIFFDocument {
        func origin(_ e: XMLStartTag) -> Origin { Origin(file: path, line: e.line, column: e.column) }
        func problem(_ e: XMLStartTag, _ message: String) -> XLIFFReadError {
            XLIFFReadError(Diagnostic(.xliffSyntax, .error, message, at: .file(origin(e))))
        }
        var files: [XLIFFFile] = []
        let expected = UnitCounts(bytes)
        // The first problem found; reported once the whole document is known to be well-formed.
        var first: XLIFFReadError? = nil
        func note(_ e: XMLStartTag, _ message: String) { if first == nil { first = problem(e, message) } }
        // A unit counts when it is in a `file` of the root, inside `body` and any
        // `body`s and `group`s below it.
        func isUnitPath(_ open: ArraySlice<XMLStartTag>) -> Bool {
            let o = open.startIndex
            return open.count >= 3 && open[o + 1].name == "file" && open[o + 2].name == "body"
                && open[(o + 3)...].allSatisfy { $0.name == "body" || $0.name == "group" }
        }
        do {
            try XMLReader.read(bytes, take: { open in
                let tag = open[open.count - 1]
                switch open.count {
                case 1:
                    if tag.name != "xliff" { note(tag, "the root element is <\(tag.name)>, not <xliff>") }
                    else if tag[attribute: "version"] != "1.2" {
                        note(tag, "XLIFF version \(tag[attribute: "version"].map { "'\($0)'" } ?? "(none)") is not 1.2, the version Xcode reads and writes")
                    }
                case 2 where tag.name == "file":
                    guard first == nil else { break }
                    guard let original = tag[attribute: "original"] else { note(tag, "<file> has no original attribute"); break }
                    guard let sourceLanguage = tag[attribute: "source-language"] else { note(tag, "<file> has no source-language attribute"); break }
                    var units: [XLIFFUnit] = []
                    units.reserveCapacity(expected.units(ofFileAt: tag.offset))
                    files.append(XLIFFFile(
                        original: original, sourceLanguage: sourceLanguage, targetLanguage: tag[attribute: "target-language"],
                        units: units, origin: origin(tag)))
                default:
                    break
                }
                // Only units are taken, so `each` below sees units on that path alone.
                return tag.name == "trans-unit" && isUnitPath(open.dropLast())
            }, each: { u, _ in
                guard first == nil else { return }
                guard let id = u[attribute: "id"] else { return note(u.tag, "<trans-unit> has no id attribute") }
                let kids = u.children
                guard let source = kids.first(where: { $0.name == "source" }) else { return note(u.tag, "<trans-unit> has no <source>") }
                let target = kids.first { $0.name == "target" }
                let notes = kids.filter { $0.name == "note" }.map(\.text)
                files[files.count - 1].units.append(XLIFFUnit(
                    id: id, resname: u[attribute: "resname"], source: source.text, target: target?.text,
                    state: target?[attribute: "state"], note: notes.joined(separator: "\n"),
                    origin: origin(u.tag), targetOrigin: target.map { origin($0.tag) }))
            })
        } catch {
            throw XLIFFReadError(Diagnostic(.xliffSyntax, .error, error.message, at: .file(Origin(file: path, line: error.line, column: error.column))))
        }
        if let first { throw first }
        return XLIFFDocument(files: files)
    }
}

/// How many units each `file` of a document may hold, found by a quick scan for the
/// `<file` and `<trans-unit` tags, so a file's units are put into an array of the
/// right size at once: growing it by doubling held the old and the new array
/// together, 1.5 times the units' memory. A tag inside a comment or CDATA is
/// counted too; too high a count only reserves address space that is never
/// touched, too low one lets the array grow as before.
struct UnitCounts {
    /// Offsets of `<file` tags and the `<trans-unit` tags after each, before the next.
    private var files: [(offset: Int, units: Int)] = []

    init(_ b: [UInt8]) {
        func tag(_ name: StaticString, at i: Int) -> Bool {
            let n = name.utf8CodeUnitCount
            guard i + n < b.count else { return false }
            let same = name.withUTF8Buffer { p in (0..<n).allSatisfy { b[i + $0] == p[$0] } }
            let next = b[i + n]
            return same && (XMLReader.isSpace(next) || next == 0x3E || next == 0x2F)
        }
        var i = 0
        while let lt = b[i...].firstIndex(of: 0x3C) {
            if tag("<file", at: lt) { files.append((lt, 0)) } else if !files.isEmpty, tag("<trans-unit", at: lt) { files[files.count - 1].units += 1 }
            i = lt + 1
        }
    }

    /// The units expected in the `file` element whose tag starts at `offset` (0 when unknown).
    func units(ofFileAt offset: Int) -> Int {
        var lo = 0, hi = files.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if files[mid].offset < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < files.count && files[lo].offset == offset ? files[lo].units : 0
    }
}

/// An XLIFF file that cannot be read, as one diagnostic.
public struct XLIFFReadError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    init(_ d: Diagnostic) { diagnostic = d }
    public var description: String { diagnostic.description }
}
