public import HeraldPluralCategory
import HeraldDiagnostics

/// The forms of one plural variable, category → text, in CLDR order (zero, one, two, few,
/// many, other): a dictionary's interface over one allocation holding a 16-byte mark per
/// form (its category, where its text ends, where it was written) and every form's text.
///
/// A `.stringsdict` entry may hold thousands of variables. Kept as a dictionary of
/// `SourceText`, each form was a string of its own plus a slot in a hash table: about 780
/// bytes for a variable of six short forms, against about 260 here. A short form's text is
/// made when it is asked for; a form longer than `packedLimit` keeps its own string (copied
/// in, a 4 MB form was copied out again each time the linter read it).
///
/// `@unchecked Sendable`: the storage is a `ManagedBuffer`, which Swift does not let be
/// Sendable, but it is never changed once made (every change makes a new one).
public struct PluralForms: @unchecked Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// Nil when there is no form.
    private var storage: Storage?

    private struct Header {
        /// How many forms (marks).
        var count: Int
        /// The file most forms were written in (the first form's).
        var file: String
        /// Files of forms written elsewhere (rare: an import mixing files); a mark's file
        /// index k > 0 is `otherFiles[k - 1]`.
        var otherFiles: [String]
        /// The texts of forms longer than `packedLimit`, kept as they are.
        var long: [String]
    }

    /// The header, then `count` marks of `markSize` bytes (category's CLDR rank, file
    /// index, 1 when the text is `long[k]`, that k, where the text ends as UInt32, line and
    /// column as Int32), then the short forms' texts, UTF-8, one after another (each starts
    /// where the one before ends; a long form's takes no room there).
    /// Never changed once made: a change makes a new one.
    private final class Storage: ManagedBuffer<Header, UInt8> {}

    private static let markSize = 16
    /// The longest form copied in with the others (in UTF-8 bytes).
    static let packedLimit = 256

    /// No forms.
    public init() {}

    /// The forms of `forms`; a category given twice keeps its last text.
    public init(_ forms: some Sequence<(PluralCategory, SourceText)>) {
        var byRank: [SourceText?] = Array(repeating: nil, count: PluralCategory.allCases.count)
        for (category, form) in forms { byRank[PluralCategory.index(category)] = form }
        let count = byRank.count(where: { $0 != nil })
        guard count > 0 else { return }
        let textBytes = byRank.reduce(0) { sum, form in
            let n = form?.value.utf8.count ?? 0
            return sum + (n > Self.packedLimit ? 0 : n)
        }
        var file = ""
        var otherFiles: [String] = []
        var long: [String] = []
        let made = Storage.create(minimumCapacity: count * Self.markSize + textBytes) { _ in
            Header(count: count, file: "", otherFiles: [], long: [])
        }
        let storage = unsafeDowncast(made, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { base in
            let raw = UnsafeMutableRawPointer(base)
            var mark = 0
            var end = 0
            for (rank, form) in byRank.enumerated() {
                guard let form else { continue }
                let fileIndex: Int
                if mark == 0 || form.origin.file == file {
                    if mark == 0 { file = form.origin.file }
                    fileIndex = 0
                } else if let k = otherFiles.firstIndex(of: form.origin.file) {
                    fileIndex = k + 1
                } else {
                    otherFiles.append(form.origin.file)
                    fileIndex = otherFiles.count
                }
                let utf8 = form.value.utf8
                let isLong = utf8.count > Self.packedLimit
                if isLong {
                    long.append(form.value)
                } else {
                    let textAt = raw + count * Self.markSize + end
                    let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
                        if let from = bytes.baseAddress { textAt.copyMemory(from: from, byteCount: bytes.count) }
                    }
                    if copied == nil {
                        for (k, byte) in utf8.enumerated() { textAt.storeBytes(of: byte, toByteOffset: k, as: UInt8.self) }
                    }
                    end += utf8.count
                }
                let at = raw + mark * Self.markSize
                at.storeBytes(of: UInt8(rank), as: UInt8.self)
                at.storeBytes(of: UInt8(fileIndex), toByteOffset: 1, as: UInt8.self)
                at.storeBytes(of: isLong ? 1 : 0, toByteOffset: 2, as: UInt8.self)
                at.storeBytes(of: UInt8(isLong ? long.count - 1 : 0), toByteOffset: 3, as: UInt8.self)
                at.storeBytes(of: UInt32(end), toByteOffset: 4, as: UInt32.self)
                at.storeBytes(of: Int32(clamping: form.origin.line), toByteOffset: 8, as: Int32.self)
                at.storeBytes(of: Int32(clamping: form.origin.column), toByteOffset: 12, as: Int32.self)
                mark += 1
            }
        }
        storage.header.file = file
        storage.header.otherFiles = otherFiles
        storage.header.long = long
        self.storage = storage
    }

    /// The forms of a dictionary.
    public init(_ forms: [PluralCategory: SourceText]) {
        self.init(forms.lazy.map { ($0.key, $0.value) })
    }

    public init(dictionaryLiteral elements: (PluralCategory, SourceText)...) {
        self.init(elements)
    }

    /// The category of form `i`.
    private func category(_ i: Int) -> PluralCategory {
        storage!.withUnsafeMutablePointerToElements { base in
            PluralCategory.allCases[Int(UnsafeRawPointer(base).load(fromByteOffset: i * Self.markSize, as: UInt8.self))]
        }
    }

    // MARK: Collection (category, text) in CLDR order

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage?.header.count ?? 0 }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    public subscript(position: Int) -> (key: PluralCategory, value: SourceText) {
        precondition(position >= 0 && position < count, "form index out of range")
        let storage = storage!
        let header = storage.header
        return storage.withUnsafeMutablePointerToElements { base in
            let raw = UnsafeRawPointer(base)
            let at = raw + position * Self.markSize
            let start = position == 0 ? 0 : Int(raw.loadUnaligned(fromByteOffset: (position - 1) * Self.markSize + 4, as: UInt32.self))
            let end = Int(at.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let fileIndex = Int(at.load(fromByteOffset: 1, as: UInt8.self))
            let origin = Origin(
                file: fileIndex == 0 ? header.file : header.otherFiles[fileIndex - 1],
                line: Int(at.loadUnaligned(fromByteOffset: 8, as: Int32.self)),
                column: Int(at.loadUnaligned(fromByteOffset: 12, as: Int32.self)))
            let value: String
            if at.load(fromByteOffset: 2, as: UInt8.self) == 1 {
                value = header.long[Int(at.load(fromByteOffset: 3, as: UInt8.self))]
            } else {
                let text = UnsafeBufferPointer(start: (raw + header.count * Self.markSize + start).assumingMemoryBound(to: UInt8.self), count: end - start)
                value = String(decoding: text, as: UTF8.self)
            }
            return (PluralCategory.allCases[Int(at.load(as: UInt8.self))], SourceText(value, origin: origin))
        }
    }

    // MARK: Dictionary-like

    /// The text of `category`'s form, nil when there is none. Setting nil removes the form.
    public subscript(category: PluralCategory) -> SourceText? {
        get { indices.first { self.category($0) == category }.map { self[$0].value } }
        set {
            var forms = map { ($0.key, $0.value) }.filter { $0.0 != category }
            if let newValue { forms.append((category, newValue)) }
            self = PluralForms(forms)
        }
    }

    /// The categories that have a form, in CLDR order.
    public var keys: [PluralCategory] { indices.map { category($0) } }

    /// The forms' texts, in CLDR order (at most six).
    public var values: [SourceText] { map(\.value) }

    /// Whether `category` has a form (without making its text).
    public func contains(_ category: PluralCategory) -> Bool {
        indices.contains { self.category($0) == category }
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
