import Foundation
import HeraldDiagnostics
import HeraldTableFormats
import HeraldTables

// XLIFF 1.2 as Xcode's localization export writes it (Docs/xliff.md): one
// document per language, one `file` per table file, one `trans-unit` per string
// (a variation's path in its id), the review state in `target`'s `state`.

/// One XLIFF document: the files of one target language.
public struct XLIFFDocument: Sendable {
    public var files: [XLIFFFile]
    public init(files: [XLIFFFile]) { self.files = files }
}

/// One `file` element: the units of one table file.
public struct XLIFFFile: Sendable {
    /// The table file's path relative to the tables folder
    /// (`Localizable.xcstrings`, `en.lproj/Localizable.strings`).
    public var original: String
    public var sourceLanguage: String
    /// Nil when the element has none (a source-only export).
    public var targetLanguage: String?
    public var datatype: String = "plaintext"
    public var units: [XLIFFUnit]
    /// Where the `file` element starts (read documents only).
    public var origin: Origin?

    public init(original: String, sourceLanguage: String, targetLanguage: String?, units: [XLIFFUnit], origin: Origin? = nil) {
        (self.original, self.sourceLanguage, self.targetLanguage) = (original, sourceLanguage, targetLanguage)
        (self.units, self.origin) = (units, origin)
    }

    /// What kind of table `original` names, nil for anything else (storyboards, plists…).
    public var tableFormat: TableFormat? {
        TableFormat(fileName: original)
    }
}

/// One `trans-unit`.
public struct XLIFFUnit: Sendable {
    public var id: String
    /// The key the unit belongs to (`resname`).
    public var resname: String?
    public var source: String
    /// Nil when the unit has no `target` (untranslated); "" is an empty translation.
    public var target: String?
    /// The `target` element's `state` as written (`translated`, `needs-review-l10n`…).
    public var state: String?
    /// The translator's note; "" for `<note/>`.
    public var note: String
    /// Where the `trans-unit` and its `target` start (read documents only), both in
    /// one file: kept as a path and four 32-bit numbers, half of two `Origin`s (a
    /// document of many small units holds one of these per unit).
    public var origin: Origin? { place(0) }
    public var targetOrigin: Origin? { place(2) }
    private let file: String?
    /// Line and column of the unit, then of its target; 0 where there is none.
    private let lines: (Int32, Int32, Int32, Int32)

    private func place(_ k: Int) -> Origin? {
        let (line, column) = k == 0 ? (lines.0, lines.1) : (lines.2, lines.3)
        guard let file, line > 0 else { return nil }
        return Origin(file: file, line: Int(line), column: Int(column))
    }

    public init(id: String, resname: String? = nil, source: String, target: String?, state: String?, note: String, origin: Origin? = nil, targetOrigin: Origin? = nil) {
        (self.id, self.resname, self.source, self.target) = (id, resname, source, target)
        (self.state, self.note) = (state, note)
        file = origin?.file ?? targetOrigin?.file
        func n(_ v: Int?) -> Int32 { v.map { Int32(clamping: max($0, 1)) } ?? 0 }
        lines = (n(origin?.line), n(origin?.column), n(targetOrigin?.line), n(targetOrigin?.column))
    }
}

/// String Catalog review states ⇄ XLIFF 1.2 `state` values.
public enum XLIFFState {
    /// A catalog unit's state as the `state` attribute Herald writes:
    /// `new` and `translated` as they are, `needs_review` as Xcode writes it
    /// (`needs-review-l10n`), `stale` as the XLIFF 1.2 extension value `x-stale`
    /// (XLIFF 1.2 has no such state; Xcode's form is not known). Anything else
    /// (`machine_translated`…) is written `x-` + the catalog's name, so it comes back.
    public static func xliff(_ catalogState: String) -> String {
        switch catalogState {
        case "new", "translated": return catalogState
        case "needs_review": return "needs-review-l10n"
        default: return "x-" + catalogState.replacingOccurrences(of: "_", with: "-")
        }
    }

    /// A `state` attribute as a catalog state: no state, `translated`, `final`,
    /// `signed-off` and unknown values are `translated`; `new`, `needs-translation`
    /// and `needs-l10n` are `new`; every `needs-review-…` is `needs_review`;
    /// `x-stale` is `stale`, and another `x-NAME` is NAME.
    public static func catalog(_ xliffState: String?) -> String {
        guard let s = xliffState else { return "translated" }
        switch s {
        case "new", "needs-translation", "needs-l10n", "needs-adaptation": return "new"
        case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation": return "needs_review"
        default:
            if s.hasPrefix("x-"), s.count > 2 { return s.dropFirst(2).replacingOccurrences(of: "-", with: "_") }
            return "translated"
        }
    }
}
