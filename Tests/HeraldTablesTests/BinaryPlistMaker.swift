/// Writes binary property lists (`bplist00`) by hand, as the format is laid out in
/// Apple's CFBinaryPList.c: header, objects, offset table, 32-byte trailer. Only what
/// the hostile shapes need: ASCII strings and one dictionary.
enum BinaryPlistMaker {
    /// A dictionary of `keys` distinct keys ("k0", "k1"…) whose values all refer to one
    /// string object holding `value`: the string is stored once and read `keys` times.
    static func dictSharingOneValue(keys: Int, value: String) -> [UInt8] {
        var objects: [[UInt8]] = []
        // Object 0: the dictionary, 1: the shared value, 2…: the keys.
        let refSize = keys + 2 < 256 ? 1 : (keys + 2 < 65_536 ? 2 : 4)
        func ref(_ r: Int) -> [UInt8] { (0..<refSize).reversed().map { UInt8(truncatingIfNeeded: r >> (8 * $0)) } }
        var dict = marker(0xD, count: keys)
        for k in 0..<keys { dict += ref(2 + k) }
        for _ in 0..<keys { dict += ref(1) }
        objects.append(dict)
        objects.append(asciiString(value))
        for k in 0..<keys { objects.append(asciiString("k\(k)")) }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects {
            offsets.append(out.count)
            out += o
        }
        let tableOffset = out.count
        let offsetSize = 8
        for o in offsets { out += (0..<offsetSize).reversed().map { UInt8(truncatingIfNeeded: o >> (8 * $0)) } }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += be64(objects.count) + be64(0) + be64(tableOffset)
        return out
    }

    static func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    /// A marker with its count: in the low nibble below 15, else 0xF and an int object.
    static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        return [type << 4 | 0x0F, 0x13] + be64(count)
    }

    static func asciiString(_ s: String) -> [UInt8] { marker(0x5, count: s.utf8.count) + Array(s.utf8) }
}
