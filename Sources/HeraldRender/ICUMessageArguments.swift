// Reading the argument list of an ICU MessageFormat pattern without ICU, so
// positional render arguments can be bound to `{name}` arguments in the
// order the pattern first uses them, and string values can be read as
// numbers where the pattern wants a number (`plural`, `number`…).

/// One argument an ICU MessageFormat pattern reads.
public struct ICUMessageArgument: Sendable, Hashable {
    /// `count` for `{count}`, `0` for `{0}`.
    public var name: String
    /// True when any use is `number`, `plural`, `selectordinal`, `choice`,
    /// `spellout`, `ordinal` or `duration`.
    public var numeric: Bool
    /// True when a `select` chooses on it (it is compared as text).
    public var selects: Bool = false
    /// True when any use is `date` or `time`.
    public var date: Bool = false
}

extension Renderer {
    /// The positions of the render arguments an ICU MessageFormat `pattern` shows as
    /// dates or times (`{0, date, short}`, `{when, time}`): what a caller with sample
    /// values (the linter) must give an instant (`2026-11-18T20:00:00Z`).
    public static func icuDateArgumentPositions(in pattern: String) -> Set<Int> {
        let args = ICUMessageArguments.scan(pattern)
        let named = args.contains { Int($0.name) == nil }
        var out = Set<Int>()
        for (i, a) in args.enumerated() where a.date {
            if named { out.insert(i) } else if let k = Int(a.name) { out.insert(k) }
        }
        return out
    }
}

enum ICUMessageArguments {
    /// The arguments of `pattern` in order of first use. Tolerant: stops at
    /// malformed input (ICU reports the error itself when the pattern opens).
    static func scan(_ pattern: String) -> [ICUMessageArgument] {
        let b = Array(pattern.utf8)
        var out: [ICUMessageArgument] = []
        var i = 0
        func note(_ name: String, numeric: Bool, selects: Bool = false, date: Bool = false) {
            if let k = out.firstIndex(where: { $0.name == name }) {
                if numeric { out[k].numeric = true }
                if selects { out[k].selects = true }
                if date { out[k].date = true }
            } else {
                out.append(ICUMessageArgument(name: name, numeric: numeric, selects: selects, date: date))
            }
        }
        func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        func word() -> String {
            skipSpace()
            let s = i
            while i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "}"), b[i] != UInt8(ascii: "{"),
                b[i] != 0x20, b[i] != 0x09, b[i] != 0x0A, b[i] != 0x0D
            { i += 1 }
            let w = String(decoding: b[s..<i], as: UTF8.self)
            skipSpace()
            return w
        }
        /// Message text until the `}` that closes it (or the end), with ICU's
        /// DOUBLE_OPTIONAL apostrophe quoting.
        func message(depth: Int) {
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "'") {
                    if i + 1 < b.count, b[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                    if i + 1 < b.count, b[i + 1] == UInt8(ascii: "{") || b[i + 1] == UInt8(ascii: "}") || b[i + 1] == UInt8(ascii: "#") {
                        i += 1
                        while i < b.count {
                            if b[i] == UInt8(ascii: "'") {
                                if i + 1 < b.count, b[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                                i += 1
                                break
                            }
                            i += 1
                        }
                        continue
                    }
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "}") { if depth > 0 { return } else { i += 1; continue } }
                if c == UInt8(ascii: "{") {
                    i += 1
                    argument(depth: depth)
                    continue
                }
                i += 1
            }
        }
        func argument(depth: Int) {
            guard depth < 32 else { i = b.count; return }
            let name = word()
            guard !name.isEmpty else { return }
            if i < b.count, b[i] == UInt8(ascii: "}") {
                i += 1
                note(name, numeric: false)
                return
            }
            guard i < b.count, b[i] == UInt8(ascii: ",") else { return }
            i += 1
            let type = word().lowercased()
            let complex = ["plural", "selectordinal", "select", "choice"].contains(type)
            let numeric = ["number", "plural", "selectordinal", "choice", "spellout", "ordinal", "duration"].contains(type)
            note(name, numeric: numeric, selects: type == "select", date: type == "date" || type == "time")
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
            guard i < b.count, b[i] == UInt8(ascii: ",") else { return }
            i += 1
            if !complex {
                // Simple style: skip to the matching brace.
                var level = 0
                while i < b.count {
                    if b[i] == UInt8(ascii: "{") { level += 1 }
                    if b[i] == UInt8(ascii: "}") {
                        if level == 0 { i += 1; return }
                        level -= 1
                    }
                    i += 1
                }
                return
            }
            // selector {message} selector {message} … }
            while i < b.count {
                skipSpace()
                if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
                while i < b.count, b[i] != UInt8(ascii: "{"), b[i] != UInt8(ascii: "}") { i += 1 }
                guard i < b.count, b[i] == UInt8(ascii: "{") else { continue }
                i += 1
                message(depth: depth + 1)
                if i < b.count, b[i] == UInt8(ascii: "}") { i += 1 }
            }
        }
        message(depth: 0)
        return out
    }
}
