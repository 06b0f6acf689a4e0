internal import CHeraldICU

/// Where a line may end, as ICU's line break iterator finds it for a locale (UAX #14 with
/// CLDR's tailorings: dictionary breaks for Thai, Lao, Khmer and Burmese, the CJK rules).
public enum LineBreaks {
    /// A place after which a line may (or, `hard`, must) end, in UTF-16 code units.
    public struct Opportunity: Sendable, Equatable {
        /// UTF-16 offset of the break (the next line starts here).
        public var offset: Int
        /// A mandatory break (after a line or paragraph separator).
        public var hard: Bool

        /// Makes an opportunity.
        public init(offset: Int, hard: Bool) {
            self.offset = offset
            self.hard = hard
        }
    }

    /// The break opportunities of `text` (UTF-16) for `locale`, in order, the end of the
    /// text last; nil when ICU fails.
    public static func opportunities(in text: [UInt16], locale: String) -> [Opportunity]? {
        if text.isEmpty { return [] }
        var capacity = text.count / 3 + 8
        while true {
            var offsets = [Int32](repeating: 0, count: capacity)
            var hard = [UInt8](repeating: 0, count: capacity)
            var status: Int32 = 0
            let n = Int(hicu_line_breaks(locale, text, Int32(text.count), &offsets, &hard, Int32(capacity), &status))
            guard status <= 0 else { return nil }
            if n > capacity {
                capacity = n
                continue
            }
            return (0..<n).map { Opportunity(offset: Int(offsets[$0]), hard: hard[$0] != 0) }
        }
    }
}
