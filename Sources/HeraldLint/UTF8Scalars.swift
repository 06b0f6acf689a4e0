/// The Unicode scalars of UTF-8 bytes, decoded as they are read (no String is made of
/// them): each ill-formed sequence is one U+FFFD, as `String(decoding:as:)` repairs it.
struct UTF8Scalars: Sequence {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func makeIterator() -> Iterator {
        Iterator(bytes: bytes.makeIterator())
    }

    struct Iterator: IteratorProtocol {
        var bytes: UnsafeBufferPointer<UInt8>.Iterator
        var parser = Unicode.UTF8.ForwardParser()

        init(bytes: UnsafeBufferPointer<UInt8>.Iterator) {
            self.bytes = bytes
        }

        mutating func next() -> Unicode.Scalar? {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded): return Unicode.UTF8.decode(encoded)
            case .error: return Unicode.Scalar.replacement
            case .emptyInput: return nil
            }
        }
    }
}

extension Unicode.Scalar {
    /// U+FFFD, shown for bytes that are not UTF-8.
    static let replacement = Unicode.Scalar(0xFFFD)!
}
