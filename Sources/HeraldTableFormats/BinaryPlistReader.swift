// Binary property lists (`bplist00`), as Xcode ships `.strings` and
// `.stringsdict` files. Every read is bounds-checked; nesting is limited and
// cycles cannot recurse forever. A binary plist has no lines, so every item's
// origin is the file at 1:1; dictionaries keep the order they were written in.

enum BinaryPlistReader {
    struct Failure: Error {
        var message: String
    }

    /// The whole plist as a tree (its root is node 0).
    static func parse(_ bytes: [UInt8], file: String) -> Result<PlistTree, PlistFailure> {
        let origin = Origin(file: file, line: 1, column: 1)
        guard bytes.count <= PlistTree.maximumBytes else {
            return .failure(PlistFailure(origin: origin, message: "property list larger than \(PlistTree.maximumBytes >> 20) MiB"))
        }
        do {
            var r = try Reader(bytes: bytes, tree: PlistTree(text: [], lines: nil, file: file))
            _ = try r.object(r.topObject, depth: 0)
            return .success(r.tree)
        } catch {
            return .failure(PlistFailure(origin: origin, message: "binary property list: \(error.message)"))
        }
    }

    private struct Reader {
        let b: [UInt8]
        var tree: PlistTree
        let offsetSize: Int
        let refSize: Int
        let count: Int
        let topObject: Int
        let tableOffset: Int
        /// Objects left to visit: shared references could otherwise make a
        /// small file expand exponentially.
        var budget: Int
        /// Bytes of strings and data left to produce: a string referenced a thousand
        /// times is produced a thousand times, so objects alone do not bound memory.
        /// Twice the file (Xcode shares repeated strings, so real files produce more text
        /// than they hold) plus 1 MiB for small files.
        var bytesLeft: Int
        /// Long strings already read, by object (their index in `tree.decoded`): a string
        /// referenced again is the same string, not a new copy (it still counts against `bytesLeft` each time).
        var longStrings: [Int: Int] = [:]
        /// Strings at least this long are read once (shorter ones cost less than the cache).
        static let longString = 256

        init(bytes: [UInt8], tree: PlistTree) throws(Failure) {
            b = bytes
            self.tree = tree
            guard bytes.count >= 8 + 32 else { throw Failure(message: "file too short") }
            let t = bytes.count - 32
            offsetSize = Int(bytes[t + 6])
            refSize = Int(bytes[t + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { throw Failure(message: "invalid trailer") }
            count = Reader.uint(bytes, t + 8, 8).flatMap { Int(exactly: $0) } ?? -1
            topObject = Reader.uint(bytes, t + 16, 8).flatMap { Int(exactly: $0) } ?? -1
            tableOffset = Reader.uint(bytes, t + 24, 8).flatMap { Int(exactly: $0) } ?? -1
            budget = 0
            bytesLeft = bytes.count * 2 + (1 << 20)
            guard count > 0, count < bytes.count, topObject >= 0, topObject < count, tableOffset >= 8,
                tableOffset < t, count <= (t - tableOffset) / offsetSize
            else { throw Failure(message: "invalid trailer") }
            budget = count * 4 + 1024
        }

        static func uint(_ b: [UInt8], _ at: Int, _ n: Int) -> UInt64? {
            guard at >= 0, n <= 8, at + n <= b.count else { return nil }
            var v: UInt64 = 0
            for k in 0..<n { v = v << 8 | UInt64(b[at + k]) }
            return v
        }

        func offset(of ref: Int) throws(Failure) -> Int {
            guard ref >= 0, ref < count, let v = Reader.uint(b, tableOffset + ref * offsetSize, offsetSize),
                let o = Int(exactly: v), o >= 8, o < tableOffset
            else { throw Failure(message: "invalid object reference \(ref)") }
            return o
        }

        /// The count of a container/string/data object at `o` (low nibble, or a following int).
        func length(_ o: Int) throws(Failure) -> (count: Int, start: Int) {
            let low = Int(b[o] & 0x0F)
            if low != 0x0F { return (low, o + 1) }
            guard o + 1 < b.count, b[o + 1] & 0xF0 == 0x10 else { throw Failure(message: "invalid length") }
            let n = 1 << Int(b[o + 1] & 0x0F)
            guard n <= 8, let v = Reader.uint(b, o + 2, n), let c = Int(exactly: v), c < b.count * 8 else {
                throw Failure(message: "invalid length")
            }
            return (c, o + 2 + n)
        }

        func refs(_ start: Int, _ n: Int) throws(Failure) -> [Int] {
            guard start + n * refSize <= b.count else { throw Failure(message: "truncated object") }
            var out: [Int] = []
            out.reserveCapacity(n)
            for k in 0..<n {
                guard let v = Reader.uint(b, start + k * refSize, refSize), let r = Int(exactly: v) else { throw Failure(message: "invalid reference") }
                out.append(r)
            }
            return out
        }

        /// Takes `n` bytes from `bytesLeft`.
        mutating func produce(_ n: Int) throws(Failure) {
            bytesLeft -= n
            guard bytesLeft >= 0 else {
                throw Failure(message: "strings referenced so often that reading them would make more than twice the file's size in text")
            }
        }

        /// A string read from object `ref`: kept once when long, for every later reference.
        mutating func string(_ value: String, ref: Int, long: Bool) -> Int {
            let node = tree.string(.decoded(value), at: 0)
            if long { longStrings[ref] = Int(tree.nodes[node].a) }
            return node
        }

        /// Reads object `ref` into `tree`: its node's index.
        @discardableResult
        mutating func object(_ ref: Int, depth: Int) throws(Failure) -> Int {
            // The XML reader's bound: each level is a recursive call, and 512 of them overflowed
            // the stack of an AddressSanitizer build (the fuzzer's).
            guard depth < XMLPlistParser.maximumDepth else {
                throw Failure(message: "nested more than \(XMLPlistParser.maximumDepth) levels (or a reference cycle)")
            }
            budget -= 1
            guard budget >= 0 else { throw Failure(message: "objects are referenced too many times") }
            let o = try offset(of: ref)
            let marker = b[o]
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return tree.leaf(.bool, at: 0, flag: false)
                case 0x09: return tree.leaf(.bool, at: 0, flag: true)
                default: throw Failure(message: "unsupported null/fill object")
                }
            case 0x1:
                let n = 1 << Int(marker & 0x0F)
                if n == 16 {
                    guard Reader.uint(b, o + 9, 8) != nil else { throw Failure(message: "truncated integer") }
                    return tree.leaf(.integer, at: 0)
                }
                guard n <= 8, Reader.uint(b, o + 1, n) != nil else { throw Failure(message: "truncated integer") }
                return tree.leaf(.integer, at: 0)
            case 0x2:
                let n = 1 << Int(marker & 0x0F)
                guard Reader.uint(b, o + 1, n) != nil else { throw Failure(message: "truncated real") }
                guard n == 4 || n == 8 else { throw Failure(message: "unsupported real size") }
                return tree.leaf(.real, at: 0)
            case 0x3:
                guard Reader.uint(b, o + 1, 8) != nil else { throw Failure(message: "truncated date") }
                return tree.leaf(.date, at: 0)
            case 0x4:
                let (n, s) = try length(o)
                guard s + n <= b.count else { throw Failure(message: "truncated data") }
                try produce(n)
                return tree.leaf(.data, at: 0)
            case 0x5:
                let (n, s) = try length(o)
                guard s + n <= b.count else { throw Failure(message: "truncated string") }
                try produce(n)
                if n >= Self.longString, let read = longStrings[ref] { return tree.string(.shared(read), at: 0) }
                var scalars = String.UnicodeScalarView()
                for k in s..<(s + n) { scalars.append(Unicode.Scalar(b[k])) }  // ASCII (bytes ≥ 0x80 read as Latin-1)
                return string(String(scalars), ref: ref, long: n >= Self.longString)
            case 0x6:
                let (n, s) = try length(o)
                guard s + 2 * n <= b.count else { throw Failure(message: "truncated string") }
                try produce(2 * n)
                if n >= Self.longString, let read = longStrings[ref] { return tree.string(.shared(read), at: 0) }
                var units: [UInt16] = []
                units.reserveCapacity(n)
                for k in 0..<n { units.append(UInt16(b[s + 2 * k]) << 8 | UInt16(b[s + 2 * k + 1])) }
                return string(String(decoding: units, as: UTF16.self), ref: ref, long: n >= Self.longString)
            case 0xA, 0xC:
                let (n, s) = try length(o)
                let node = tree.open(.array, at: 0)
                for r in try refs(s, n) { try object(r, depth: depth + 1) }
                tree.close(node, count: n)
                return node
            case 0xD:
                let (n, s) = try length(o)
                let keys = try refs(s, n)
                let values = try refs(s + n * refSize, n)
                let node = tree.open(.dict, at: 0)
                for k in 0..<n {
                    let key = try object(keys[k], depth: depth + 1)
                    guard tree.kind(key) == .string else {
                        throw Failure(message: "dictionary key is not a string")
                    }
                    try object(values[k], depth: depth + 1)
                }
                tree.close(node, count: n)
                return node
            default:
                throw Failure(message: "unsupported object type 0x\(String(marker, radix: 16))")
            }
        }
    }
}
