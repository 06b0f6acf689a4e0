/// Every reading of each argument of a message (0-based argument → its uses), held compactly:
/// a message's uses are mostly a few distinct ones (`%@`, `%d`) read by many arguments, so each
/// distinct use is kept once and each argument holds a 4-byte number for its first reading. A
/// plural form of a million `%@` held a dictionary entry and an array per argument (issue 31
/// item 14: ~100 bytes per argument of a text of 2 bytes per argument).
struct ArgumentUses: Sendable, Sequence {
    /// Distinct uses, in the order first seen.
    private var distinct: [ArgumentUse] = []
    private var ids: [ArgumentUse: Int32] = [:]
    /// Per argument index: the id of its first use, or -1 when nothing reads it.
    private var first: [Int32] = []
    /// Readings of an argument past its first, by index (rare: the same argument read twice).
    private var further: [Int: [Int32]] = [:]

    mutating func append(_ use: ArgumentUse, at index: Int) {
        let id: Int32
        if let known = ids[use] {
            id = known
        } else {
            id = Int32(distinct.count)
            distinct.append(use)
            ids[use] = id
        }
        if index >= first.count { first.append(contentsOf: repeatElement(-1, count: index + 1 - first.count)) }
        if first[index] < 0 { first[index] = id } else { further[index, default: []].append(id) }
    }

    /// The readings of argument `index`, nil when nothing reads it.
    subscript(index: Int) -> [ArgumentUse]? {
        guard index >= 0, index < first.count, first[index] >= 0 else { return nil }
        return [distinct[Int(first[index])]] + (further[index] ?? []).map { distinct[Int($0)] }
    }

    var isEmpty: Bool { distinct.isEmpty }
    /// The highest index read + 1 (0 when none is).
    var argumentCount: Int { first.count }
    /// Every distinct way the message reads an argument (what `uses.values` flattened held, once each).
    var distinctUses: [ArgumentUse] { distinct }

    /// (argument index, its readings) in order of index, arguments read only.
    func makeIterator() -> AnyIterator<(key: Int, value: [ArgumentUse])> {
        var i = 0
        return AnyIterator {
            while i < first.count {
                defer { i += 1 }
                if let u = self[i] { return (key: i, value: u) }
            }
            return nil
        }
    }
}
