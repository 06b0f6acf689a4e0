// A parsed property list kept flat: one 16-byte node per value, in document order,
// a container followed by its contents. A string that is one plain run of the XML
// text is not copied: its node holds the run's offsets and the String is made when
// asked for; only text broken by entities, CDATA or comments (and a binary plist's
// strings) is kept decoded beside the nodes. Integers, reals, dates and data are
// checked when read and kept as their kind only: nothing reads their values.

import HeraldDiagnostics

struct PlistTree: Sendable {
    enum Kind: UInt8, Sendable {
        case string, integer, real, bool, date, data, array, dict
    }

    struct Node: Sendable {
        var kind: Kind
        /// A bool's value; for a string, true when its text is `decoded[a]`, not `text[a..<b]`.
        var flag = false
        /// Offset of the value's tag in the XML text (0 in a binary plist).
        var at: Int32
        /// A string's start offset or index in `decoded`; a container's count of items (pairs for a dict).
        var a: Int32 = 0
        /// A string's end offset; a container's index past its last node.
        var b: Int32 = 0
    }

    /// One pair of a dictionary: its key and the node of its value.
    typealias Pair = (key: String, keyOrigin: Origin, value: Int)

    var nodes: [Node] = []
    var decoded: [String] = []
    /// The XML text the nodes point into (empty for a binary plist).
    let text: [UInt8]
    /// Positions in `text`; nil for a binary plist, whose origins are the file at 1:1.
    let lines: LineMap?
    let file: String

    init(text: [UInt8], lines: LineMap?, file: String) {
        self.text = text
        self.lines = lines
        self.file = file
    }

    /// The largest input whose offsets and node counts fit the nodes' 32-bit fields.
    static let maximumBytes = 1 << 29

    func origin(_ n: Int) -> Origin {
        guard let lines else { return Origin(file: file, line: 1, column: 1) }
        return lines.origin(file, Int(nodes[n].at))
    }

    func kind(_ n: Int) -> Kind { nodes[n].kind }

    func typeName(_ n: Int) -> String {
        switch nodes[n].kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dict: return "a dictionary"
        }
    }

    /// The text of a string node, nil for any other kind.
    func string(_ n: Int) -> String? {
        let node = nodes[n]
        guard node.kind == .string else { return nil }
        if node.flag { return decoded[Int(node.a)] }
        return String(decoding: text[Int(node.a)..<Int(node.b)], as: UTF8.self)
    }

    /// The index past the last node of `n`'s value.
    func end(_ n: Int) -> Int {
        let node = nodes[n]
        return node.kind == .array || node.kind == .dict ? Int(node.b) : n + 1
    }

    /// A dictionary's pairs in the order written (keys are string nodes before their values).
    func pairs(_ n: Int) -> [Pair] {
        guard nodes[n].kind == .dict else { return [] }
        var out: [Pair] = []
        out.reserveCapacity(Int(nodes[n].a))
        var k = n + 1
        for _ in 0..<Int(nodes[n].a) {
            out.append((key: string(k) ?? "", keyOrigin: origin(k), value: k + 1))
            k = end(k + 1)
        }
        return out
    }

    /// An array's items.
    func items(_ n: Int) -> [Int] {
        guard nodes[n].kind == .array else { return [] }
        var out: [Int] = []
        var k = n + 1
        for _ in 0..<Int(nodes[n].a) {
            out.append(k)
            k = end(k)
        }
        return out
    }

    // MARK: building

    /// Appends a leaf.
    @discardableResult
    mutating func leaf(_ kind: Kind, at: Int, flag: Bool = false) -> Int {
        nodes.append(Node(kind: kind, flag: flag, at: Int32(truncatingIfNeeded: at)))
        return nodes.count - 1
    }

    /// Appends a string: a run of `text`, or decoded text kept beside the nodes.
    @discardableResult
    mutating func string(_ value: PlistText, at: Int) -> Int {
        switch value {
        case .run(let r):
            nodes.append(Node(kind: .string, at: Int32(truncatingIfNeeded: at), a: Int32(truncatingIfNeeded: r.lowerBound), b: Int32(truncatingIfNeeded: r.upperBound)))
        case .decoded(let s):
            decoded.append(s)
            nodes.append(Node(kind: .string, flag: true, at: Int32(truncatingIfNeeded: at), a: Int32(truncatingIfNeeded: decoded.count - 1)))
        case .shared(let k):
            nodes.append(Node(kind: .string, flag: true, at: Int32(truncatingIfNeeded: at), a: Int32(truncatingIfNeeded: k)))
        }
        return nodes.count - 1
    }

    /// Opens a container; `close` fills in its count and end once its contents are appended.
    mutating func open(_ kind: Kind, at: Int) -> Int { leaf(kind, at: at) }

    mutating func close(_ n: Int, count: Int) {
        nodes[n].a = Int32(truncatingIfNeeded: count)
        nodes[n].b = Int32(truncatingIfNeeded: nodes.count)
    }

    /// Forgets every node from `n` on (and the decoded text only they used, when `n` is 0).
    mutating func truncate(to n: Int) {
        nodes.removeSubrange(n...)
        if n == 0 { decoded.removeAll(keepingCapacity: true) }
    }

    /// Gives back the room `nodes` grew into but did not fill (growth by doubling leaves up
    /// to half of it empty), once a large value is read: the caller builds its model from
    /// the tree, and the empty room would be held beside that model the whole time.
    mutating func trimSlack() {
        guard nodes.capacity >= 1 << 16, nodes.capacity - nodes.count > nodes.count / 4 else { return }
        var exact: [Node] = []
        exact.reserveCapacity(nodes.count)
        exact.append(contentsOf: nodes)
        nodes = exact
    }
}

/// The text of a string node: a plain run of the XML input, text decoded (from entities,
/// CDATA and comments, or a binary plist), or decoded text already kept (`decoded[k]`).
enum PlistText {
    case run(Range<Int>)
    case decoded(String)
    case shared(Int)
}
