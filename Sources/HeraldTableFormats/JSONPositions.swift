// Where each value and key of a (valid) JSON document starts, as a tree in
// document order: one light pass over the bytes, no strings built. Used
// with a JSONValue parsed from the same bytes to give String Catalog entries
// their positions cheaply.

enum JSONPositions {
    /// A value's position; for objects, each member's raw key (quotes
    /// included) and value; for arrays, each element.
    final class Node {
        let offset: Int
        var keyRanges: [Range<Int>] = []
        var children: [Node] = []
        init(offset: Int) { self.offset = offset }
    }

    /// Scans `bytes` (assumed valid JSON, e.g. already parsed). Never traps:
    /// on anything unexpected it returns what it has.
    static func scan(_ bytes: [UInt8]) -> Node? {
        bytes.withUnsafeBufferPointer { p -> Node? in
            var i = 0
            if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
            return value(p, &i, depth: 0)
        }
    }

    /// Scans the one value that starts at `offset` of `bytes` (assumed valid JSON): its
    /// node, with offsets into all of `bytes`. For reading a document a member at a time.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Node? {
        var i = offset
        return value(bytes, &i, depth: 0)
    }

    @inline(__always)
    private static func skipSpace(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < p.count, p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09 { i += 1 }
    }

    /// Skips a string starting at the quote; `i` ends after the closing quote.
    @inline(__always)
    private static func skipString(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        i += 1
        while i < p.count {
            let c = p[i]
            if c == 0x22 { i += 1; return }
            i += c == 0x5C ? 2 : 1
        }
    }

    /// Moves to the next member or element of an object or array: skips white space and
    /// commas; false at the end of the container (`close`, consumed) or of the input.
    @inline(__always)
    private static func nextItem(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, closing close: UInt8) -> Bool {
        while true {
            skipSpace(p, &i)
            guard i < p.count else { return false }
            switch p[i] {
            case close: i += 1; return false
            case 0x2C: i += 1  // ,
            default: return true
            }
        }
    }

    private static func value(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, depth: Int) -> Node? {
        skipSpace(p, &i)
        guard i < p.count, depth < 1024 else { return nil }
        let node = Node(offset: i)
        switch p[i] {
        case 0x7B:  // {
            i += 1
            while nextItem(p, &i, closing: 0x7D) {
                guard p[i] == 0x22 else { return node }
                let k = i
                skipString(p, &i)
                node.keyRanges.append(k..<i)
                skipSpace(p, &i)
                guard i < p.count, p[i] == 0x3A else { return node }
                i += 1
                guard let child = value(p, &i, depth: depth + 1) else { return node }
                node.children.append(child)
            }
        case 0x5B:  // [
            i += 1
            while nextItem(p, &i, closing: 0x5D) {
                guard let child = value(p, &i, depth: depth + 1) else { return node }
                node.children.append(child)
            }
        case 0x22:
            skipString(p, &i)
        default:
            while i < p.count {
                let c = p[i]
                if c == 0x2C || c == 0x7D || c == 0x5D || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { break }
                i += 1
            }
        }
        return node
    }
}
