public import HeraldICU
public import HeraldTables

// Arguments given as runs of equal values. The linter renders each message with sample
// values: a form reading half a million arguments gets a run or two, not a list of half a
// million values (24 bytes each).

/// A list of render arguments held as runs of equal values.
public struct RenderArgumentRuns: Sendable {
    private var values: [RenderArgument] = []
    /// Where each run ends (the index after its last argument).
    private var ends: [Int] = []

    /// How many arguments a render is given as a list; the rest are read from the runs.
    static let listed = 64

    /// An empty list.
    public init() {}

    /// How many arguments the list holds.
    public var count: Int { ends.last ?? 0 }

    /// How many runs hold them.
    public var runCount: Int { values.count }

    /// Adds `count` arguments of `value` at the end (joined to the last run when equal).
    public mutating func append(_ value: RenderArgument, count: Int = 1) {
        guard count > 0 else { return }
        if let last = values.last, last == value {
            ends[ends.count - 1] += count
        } else {
            values.append(value)
            ends.append(self.count + count)
        }
    }

    /// The argument at `index` (0 ≤ index < count).
    public subscript(index: Int) -> RenderArgument {
        // The first run ending after `index`.
        var low = 0
        var high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] > index { high = mid } else { low = mid + 1 }
        }
        return values[low]
    }

    /// The first `n` arguments as a list.
    func prefix(_ n: Int) -> [RenderArgument] {
        var out: [RenderArgument] = []
        out.reserveCapacity(min(n, count))
        var start = 0
        for (value, end) in zip(values, ends) where start < n {
            out.append(contentsOf: repeatElement(value, count: min(end, n) - start))
            start = end
        }
        return out
    }
}

extension Renderer {
    /// `renderUncached(…each:)` with each list given as runs of equal values (the linter's
    /// samples): a message reading half a million arguments is given a run or two, and
    /// only the first `RenderArgumentRuns.listed` are made into a list.
    public static func renderUncached(
        message: Message, locale: LocaleID, listCount: Int, argumentRuns: (Int) -> RenderArgumentRuns, options: RenderOptions = .init(),
        icu: Bool = false, servedBy: String? = nil, each: (Int, UnsafeBufferPointer<UInt8>, inout RenderDetails) -> Void
    ) {
        let compiled = compileUncached(message, locale: locale, icu: icu, servedBy: servedBy)
        for i in 0..<listCount {
            let runs = argumentRuns(i)
            var failure: RenderError?
            _ = render(
                compiled, locale: locale, arguments: runs.prefix(RenderArgumentRuns.listed),
                tail: runs.count > RenderArgumentRuns.listed ? runs : nil, options: options, failure: &failure, lendFailures: true
            ) { each(i, $0, &$1) }
        }
    }

    static func compileUncached(_ message: Message, locale: LocaleID, icu: Bool, servedBy: String?) -> Compiled {
        compile(
            message, servedBy: servedBy ?? locale.bcp47,
            language: servedBy.map { LocalizationLookup.textLanguage(of: $0, development: nil) } ?? locale, table: "", key: "",
            locale: locale, icu: icu)
    }
}
