public import HeraldICU
import HeraldDiagnostics

/// The forms of one plural variable, category → text, in CLDR order (zero, one, two, few,
/// many, other): a dictionary's interface over one string holding every form's text and a
/// 16-byte mark per form (its category, where its text ends, where it was written).
///
/// A `.stringsdict` entry may hold thousands of variables. Kept as a dictionary of
/// `SourceText`, each form was a string of its own plus a slot in a hash table: about 780
/// bytes for a variable of six short forms, against about 290 here. A form's text is made
/// when it is asked for.
public struct PluralForms: Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The forms' texts one after another, in the order of `marks`.
    private var text = ""
    /// One per form, sorted by category.
    private var marks: [Mark] = []
    /// The file most forms were written in (the first form's).
    private var file = ""
    /// Files of forms written elsewhere (rare: an import mixing files); `Mark.file` k > 0
    /// is `otherFiles[k - 1]`.
    private var otherFiles: [String] = []

    private struct Mark: Sendable {
        var category: PluralCategory
        var file: UInt8
        /// Where the form's text ends in `text`, in UTF-8 bytes (it starts where the
        /// previous form's ends).
        var end: UInt32
        var line: Int32
        var column: Int32
    }

    /// No forms.
    public init() {}

    /// The forms of `forms`; a category given twice keeps its last text.
    public init(_ forms: some Sequence<(PluralCategory, SourceText)>) {
        var byCategory: [SourceText?] = Array(repeating: nil, count: PluralCategory.allCases.count)
        for (category, form) in forms { byCategory[Self.rank(category)] = form }
        marks.reserveCapacity(byCategory.count(where: { $0 != nil }))
        text.reserveCapacity(byCategory.reduce(0) { $0 + ($1?.value.utf8.count ?? 0) })
        var length = 0
        for (rank, form) in byCategory.enumerated() {
            guard let form else { continue }
            length += form.value.utf8.count
            precondition(length <= Int(UInt32.max), "plural forms of more than 4 GiB")
            let fileIndex: Int
            if marks.isEmpty || form.origin.file == file {
                if marks.isEmpty { file = form.origin.file }
                fileIndex = 0
            } else if let k = otherFiles.firstIndex(of: form.origin.file) {
                fileIndex = k + 1
            } else {
                otherFiles.append(form.origin.file)
                fileIndex = otherFiles.count
            }
            text += form.value
            marks.append(Mark(
                category: PluralCategory.allCases[rank], file: UInt8(fileIndex), end: UInt32(length),
                line: Int32(clamping: form.origin.line), column: Int32(clamping: form.origin.column)))
        }
    }

    /// The forms of a dictionary.
    public init(_ forms: [PluralCategory: SourceText]) {
        self.init(forms.lazy.map { ($0.key, $0.value) })
    }

    public init(dictionaryLiteral elements: (PluralCategory, SourceText)...) {
        self.init(elements)
    }

    private static func rank(_ category: PluralCategory) -> Int {
        PluralCategory.allCases.firstIndex(of: category)!
    }

    // MARK: Collection (category, text) in CLDR order

    public var startIndex: Int { 0 }
    public var endIndex: Int { marks.count }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    public subscript(position: Int) -> (key: PluralCategory, value: SourceText) {
        let mark = marks[position]
        let start = position == 0 ? 0 : Int(marks[position - 1].end)
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(utf8.startIndex, offsetBy: Int(mark.end))
        let origin = Origin(
            file: mark.file == 0 ? file : otherFiles[Int(mark.file) - 1], line: Int(mark.line), column: Int(mark.column))
        return (mark.category, SourceText(String(Substring(utf8[from..<to])), origin: origin))
    }

    // MARK: Dictionary-like

    /// The text of `category`'s form, nil when there is none. Setting nil removes the form.
    public subscript(category: PluralCategory) -> SourceText? {
        get { marks.firstIndex { $0.category == category }.map { self[$0].value } }
        set {
            var forms = map { ($0.key, $0.value) }.filter { $0.0 != category }
            if let newValue { forms.append((category, newValue)) }
            self = PluralForms(forms)
        }
    }

    /// The categories that have a form, in CLDR order.
    public var keys: [PluralCategory] { marks.map(\.category) }

    /// The forms' texts, in CLDR order (at most six).
    public var values: [SourceText] { map(\.value) }

    /// Whether `category` has a form (without making its text).
    public func contains(_ category: PluralCategory) -> Bool {
        marks.contains { $0.category == category }
    }

    /// The same categories with each text changed by `transform`.
    public func mapValues(_ transform: (SourceText) throws -> SourceText) rethrows -> PluralForms {
        PluralForms(try map { ($0.key, try transform($0.value)) })
    }
}

extension PluralForms: Hashable {
    /// Equal when they hold the same categories with the same texts and origins, however
    /// they were made.
    public static func == (a: PluralForms, b: PluralForms) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (category, form) in self {
            hasher.combine(category)
            hasher.combine(form)
        }
    }
}
