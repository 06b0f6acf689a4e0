/// Room for a wide container's members at its exact size.
///
/// An array grown one member at a time doubles its storage: at the last doubling the old
/// and the new storage are held at once, three times what the members need (a payload of
/// 90,000 custom keys, 40 bytes a member, peaked at 7.9 MB for 3.6 MB of members). Once a
/// container has `wideContainer` members, the parser counts the rest of its members in a
/// quick scan ahead and reserves room for all of them at once.
///
/// Scanned regions never overlap (a container inside one already counted grows as usual),
/// so the scans together read each byte of the input at most once more: linear. The count
/// is only a size hint: the parse that follows checks the syntax and reports errors as
/// before, and a wrong count (invalid input) costs at most room never used, never more
/// than one member per two bytes left in the input.
extension Parser {
    /// Containers with this many members get their remaining members counted.
    static let wideContainer = 64

    /// The members still to come in the container that `close` ends, counted from `i`
    /// (just after a member and its `,`), and the offset just past that container's end
    /// (the input's end when it is not closed). Strings are skipped, escapes included;
    /// nested containers are skipped by depth.
    func remainingMembers(close: UInt8) -> (count: Int, end: Int) {
        var k = i
        var depth = 0
        var count = 1
        let n = bytes.count
        while k < n {
            let c = bytes[k]
            k += 1
            switch c {
            case UInt8(ascii: "\""):
                while k < n {
                    let s = bytes[k]
                    k += 1
                    if s == UInt8(ascii: "\\") {
                        k += 1
                    } else if s == UInt8(ascii: "\"") {
                        break
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return (c == close ? count : 0, k) }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { count += 1 }
            default:
                break
            }
        }
        return (0, n)
    }

    /// Called with a container's `have` members read so far: at exactly `wideContainer`,
    /// outside any region already counted, the number of members to reserve room for in
    /// all (nil: grow as usual).
    mutating func wideContainerSize(have: Int, close: UInt8) -> Int? {
        guard have == Parser.wideContainer, i >= countedUntil else { return nil }
        let (rest, end) = remainingMembers(close: close)
        countedUntil = end
        return rest > 0 ? have + rest : nil
    }
}
