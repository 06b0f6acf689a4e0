import HeraldJSON
import HeraldTables

/// String Catalog review states counted per localization: how many entries are
/// `translated`, `new`, `needs_review`, `stale` (or any other state a catalog
/// writes). Entries a translator has nothing to do with (shouldTranslate false,
/// keys served from their own text) are not counted.
public struct ReviewStates: Sendable, Equatable {
    /// Localization → state → entries.
    public var counts: [String: [String: Int]] = [:]

    public init() {}

    /// The counts of `tables`.
    public init(_ tables: [Table]) {
        for t in tables {
            for e in t.entries where e.format == .xcstrings && e.shouldTranslate && !e.isSourceFallback {
                guard let s = e.state else { continue }
                counts[t.localization, default: [:]][s, default: 0] += 1
            }
        }
    }

    /// Entries in `states`, per localization (only those that have some).
    public func count(of states: Set<String>) -> [(localization: String, count: Int)] {
        counts.keys.sorted().compactMap { loc in
            let n = states.reduce(0) { $0 + (counts[loc]?[$1] ?? 0) }
            return n > 0 ? (loc, n) : nil
        }
    }

    /// `{"de": {"needs_review": 2, "translated": 40}}`, sorted.
    public var json: JSONValue {
        .object(JSONObject(counts.keys.sorted().map { loc in
            (loc, .object(JSONObject((counts[loc] ?? [:]).keys.sorted().map { ($0, JSONValue.int(counts[loc]?[$0] ?? 0)) })))
        }))
    }

    /// One text line per localization with an entry that is not `translated`:
    /// `review states: de: 2 needs_review, 1 stale, 40 translated`.
    public var textLines: [String] {
        counts.keys.sorted().compactMap { loc in
            guard let c = counts[loc], c.keys.contains(where: { $0 != "translated" }) else { return nil }
            return "review states: \(loc): " + c.keys.sorted().map { "\(c[$0] ?? 0) \($0)" }.joined(separator: ", ")
        }
    }

    /// The states `--fail-on-state` accepts.
    public static let known: Set<String> = ["new", "needs_review", "stale", "translated"]

    /// The states a comma-separated list names (`--fail-on-state needs_review,stale`); a
    /// name that is not a review state is refused, escaped.
    public static func parse(_ list: String) throws(Linter.UsageError) -> Set<String> {
        var out = Set<String>()
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard known.contains(name) else {
                throw Linter.UsageError(message: "'\(OutsideText.escaped(name))' is not a review state (new, needs_review, stale, translated)")
            }
            out.insert(name)
        }
        return out
    }

    /// `fails on review state needs_review: de 2, fr 1`, nil when no entry is in `failing`.
    public func failure(on failing: Set<String>) -> String? {
        let hits = count(of: failing)
        guard !failing.isEmpty, !hits.isEmpty else { return nil }
        return "fails on review state \(failing.sorted().joined(separator: ", ")): " + hits.map { "\($0.localization) \($0.count)" }.joined(separator: ", ")
    }
}
