import HeraldJSON

/// What a `Catalog` must know about a String Catalog before it needs any of its
/// text: its source language and the languages it holds.
package struct XCStringsSummary: Sendable, Equatable {
    /// `sourceLanguage` when it is a valid localization name.
    package var sourceLanguage: String?
    /// The valid localization names some entry has, plus the source language when
    /// some entry would fall back to it (what `XCStringsReader` serves, except
    /// that a language whose every message is malformed is listed here too).
    package var languages: Set<String>

    /// Makes a summary.
    package init(sourceLanguage: String?, languages: Set<String>) {
        (self.sourceLanguage, self.languages) = (sourceLanguage, languages)
    }
}

/// A single pass over a String Catalog's bytes that validates the JSON exactly as
/// `JSONParser` does but builds nothing: no tree, no messages, no positions. It
/// lets a catalog list its localizations (which every lookup needs, to pick the
/// device's chain) without parsing a catalog that does not hold the table asked
/// for. Returns nil whenever the answer could differ from a full read (invalid
/// JSON, a repeated `strings` or `localizations` key, a repeated entry key): the
/// caller then parses the file.
package enum XCStringsScanner {
    package static func scan(_ bytes: [UInt8]) -> XCStringsSummary? {
        bytes.withUnsafeBufferPointer { buffer in
            var s = Scanner(bytes: buffer)
            return s.document()
        }
    }

    private struct Failure: Error {}

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var source: String?
        var languages = Set<String>()
        /// Some entry is an object whose `localizations` is missing or an object.
        var servesSource = false
        static let maxDepth = 512

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() -> XCStringsSummary? {
            do throws(Failure) {
                if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
                skipWhitespace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "{") {
                    try root()
                } else {
                    // Valid JSON but not a catalog: the reader says why; it serves nothing.
                    try value(depth: 0)
                    skipWhitespace()
                    guard i == bytes.count else { return nil }
                    return XCStringsSummary(sourceLanguage: nil, languages: [])
                }
                skipWhitespace()
                guard i == bytes.count else { return nil }
            } catch {
                return nil
            }
            let valid = source.flatMap { XCStringsReader.isLocalizationName($0) ? $0 : nil }
            var all = languages
            if let valid, servesSource { all.insert(valid) }
            return XCStringsSummary(sourceLanguage: valid, languages: all)
        }

        // MARK: the catalog's shape

        mutating func root() throws(Failure) {
            var sawStrings = false
            try object(depth: 0) { (s: inout Scanner, key: Key) throws(Failure) in
                if key.is("sourceLanguage", in: s.bytes) {
                    if s.bytes[s.i] == UInt8(ascii: "\"") {
                        s.source = try s.string().decoded(s.bytes)
                    } else {
                        s.source = nil
                        try s.value(depth: 1)
                    }
                } else if key.is("strings", in: s.bytes) {
                    guard !sawStrings else { throw Failure() }
                    sawStrings = true
                    if s.bytes[s.i] == UInt8(ascii: "{") { try s.strings() } else { try s.value(depth: 1) }
                } else {
                    try s.value(depth: 1)
                }
            }
        }

        mutating func strings() throws(Failure) {
            var seen = Set<Int>()
            try object(depth: 1) { (s: inout Scanner, key: Key) throws(Failure) in
                // Entry keys are compared by hash; a collision (or a real repeat) asks for a full read.
                guard seen.insert(key.hash(s.bytes)).inserted else { throw Failure() }
                if s.bytes[s.i] == UInt8(ascii: "{") { try s.entry() } else { try s.value(depth: 2) }
            }
        }

        mutating func entry() throws(Failure) {
            var localizations: Bool? = nil
            try object(depth: 2) { (s: inout Scanner, key: Key) throws(Failure) in
                if key.is("localizations", in: s.bytes) {
                    guard localizations == nil else { throw Failure() }
                    if s.bytes[s.i] == UInt8(ascii: "{") {
                        localizations = true
                        try s.object(depth: 3) { (s: inout Scanner, lang: Key) throws(Failure) in
                            let name = lang.decoded(s.bytes)
                            if XCStringsReader.isLocalizationName(name) { s.languages.insert(name) }
                            try s.value(depth: 4)
                        }
                    } else {
                        localizations = false
                        try s.value(depth: 3)
                    }
                } else {
                    try s.value(depth: 3)
                }
            }
            if localizations != false { servesSource = true }
        }

        // MARK: JSON, validated as JSONParser does

        /// A string's raw bytes (between the quotes) and whether it has escapes.
        struct Key {
            var start: Int
            var end: Int
            var escaped: Bool

            /// Whether the key is `name` (decoded first when it has escapes).
            func `is`(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
                if escaped { return decoded(bytes) == "\(name)" }
                guard end - start == name.utf8CodeUnitCount else { return false }
                let p = name.utf8Start
                for k in 0..<(end - start) where bytes[start + k] != p[k] { return false }
                return true
            }

            func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
                if !escaped { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
                let quoted = [UInt8(ascii: "\"")] + Array(bytes[start..<end]) + [UInt8(ascii: "\"")]
                return (try? JSONParser.parse(bytes: quoted))?.stringValue ?? ""
            }

            func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
                var h = Hasher()
                h.combine(decoded(bytes))
                return h.finalize()
            }
        }

        /// An object whose members `member` consumes (called with `i` at the value).
        mutating func object(depth: Int, _ member: (inout Scanner, Key) throws(Failure) -> Void) throws(Failure) {
            guard try enter(depth: depth, closing: UInt8(ascii: "}")) else { return }
            while true {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Failure() }
                let key = try string()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Failure() }
                i += 1
                skipWhitespace()
                guard i < bytes.count else { throw Failure() }
                try member(&self, key)
                guard try separator(closing: UInt8(ascii: "}")) else { return }
            }
        }

        /// Enters the object or array whose `{` or `[` is at `i`, at `depth` (too deep is
        /// malformed): consumes the bracket and the white space after it. False when `close`
        /// follows at once (consumed): the container is empty.
        mutating func enter(depth: Int, closing close: UInt8) throws(Failure) -> Bool {
            guard depth < Self.maxDepth else { throw Failure() }
            i += 1
            skipWhitespace()
            guard i < bytes.count else { throw Failure() }
            guard bytes[i] == close else { return true }
            i += 1
            return false
        }

        /// After a member or an element: true when a `,` follows (consumed, and the
        /// whitespace after it), false when `close` does (consumed); anything else is malformed.
        mutating func separator(closing close: UInt8) throws(Failure) -> Bool {
            skipWhitespace()
            guard i < bytes.count else { throw Failure() }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                skipWhitespace()
                return true
            }
            guard bytes[i] == close else { throw Failure() }
            i += 1
            return false
        }

        mutating func value(depth: Int) throws(Failure) {
            guard i < bytes.count else { throw Failure() }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                try object(depth: depth) { (s: inout Scanner, _: Key) throws(Failure) in try s.value(depth: depth + 1) }
            case UInt8(ascii: "["):
                guard try enter(depth: depth, closing: UInt8(ascii: "]")) else { return }
                while true {
                    try value(depth: depth + 1)
                    guard try separator(closing: UInt8(ascii: "]")) else { return }
                }
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw Failure()
            }
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            let n = word.utf8CodeUnitCount
            guard i + n <= bytes.count else { throw Failure() }
            let p = word.utf8Start
            for k in 0..<n where bytes[i + k] != p[k] { throw Failure() }
            i += n
        }

        mutating func number() throws(Failure) {
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
            guard digit(i) else { throw Failure() }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if digit(i) { throw Failure() }
            } else {
                while digit(i) { i += 1 }
            }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digit(i) else { throw Failure() }
                while digit(i) { i += 1 }
            }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard digit(i) else { throw Failure() }
                while digit(i) { i += 1 }
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard let value = UnicodeEscape.hex4(bytes, at: i).value else { throw Failure() }
            i += 4
            return value
        }

        /// Validates a string (`i` at the opening quote) and returns where its bytes are.
        mutating func string() throws(Failure) -> Key {
            i += 1
            let start = i
            var escaped = false
            while true {
                while i < bytes.count {
                    let c = bytes[i]
                    if c < 0x20 || c >= 0x80 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { break }
                    i += 1
                }
                guard i < bytes.count else { throw Failure() }
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return Key(start: start, end: i - 1, escaped: escaped)
                }
                if c == UInt8(ascii: "\\") {
                    escaped = true
                    i += 1
                    guard i < bytes.count else { throw Failure() }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if scalar >= 0xD800 && scalar < 0xDC00 {
                            guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                                throw Failure()
                            }
                            i += 2
                            let low = try hex4()
                            guard low >= 0xDC00 && low < 0xE000 else { throw Failure() }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if scalar >= 0xDC00 && scalar < 0xE000 {
                            throw Failure()
                        }
                        guard Unicode.Scalar(scalar) != nil else { throw Failure() }
                        continue
                    default: throw Failure()
                    }
                }
                if c < 0x20 { throw Failure() }
                // c >= 0x80: one UTF-8 sequence.
                let len: Int
                switch c {
                case 0xC2...0xDF: len = 2
                case 0xE0...0xEF: len = 3
                case 0xF0...0xF4: len = 4
                default: throw Failure()
                }
                guard i + len <= bytes.count else { throw Failure() }
                for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { throw Failure() }
                if len == 3 {
                    let b1 = bytes[i + 1]
                    if (c == 0xE0 && b1 < 0xA0) || (c == 0xED && b1 >= 0xA0) { throw Failure() }
                } else if len == 4 {
                    let b1 = bytes[i + 1]
                    if (c == 0xF0 && b1 < 0x90) || (c == 0xF4 && b1 >= 0x90) { throw Failure() }
                }
                i += len
            }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0D, 0x0A: i += 1
                default: return
                }
            }
        }
    }
}
