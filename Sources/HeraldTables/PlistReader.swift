// Property lists (XML and binary) as read for `.stringsdict` files and for
// `.strings` files shipped in plist form. The XML reader keeps positions; a
// binary plist has no lines, so its origins are the file at 1:1.

import Foundation
import HeraldJSON
import HeraldDiagnostics

/// A property-list value with the place it was written.
struct PlistItem: Sendable {
    indirect enum Node: Sendable {
        case string(String)
        case integer(String)
        case real(String)
        case bool(Bool)
        case date(String)
        case data([UInt8])
        case array([PlistItem])
        case dict([(key: String, keyOrigin: Origin, value: PlistItem)])
    }
    var node: Node
    var origin: Origin

    var typeName: String {
        switch node {
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
}

struct PlistFailure: Error {
    var origin: Origin
    var message: String
}

enum PlistReader {
    /// True when the text (after whitespace) starts with '<', as CoreFoundation decides XML.
    static func looksLikeXML(_ text: [UInt8]) -> Bool {
        for c in text {
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) { continue }
            return c == 0x3C
        }
        return false
    }

    /// Parses XML or binary plist bytes (original file bytes; UTF-16 XML is transcoded first).
    static func parse(bytes: [UInt8], file: String) -> Result<PlistItem, PlistFailure> {
        switch TextDecoding.utf8Text(bytes) {
        case .failure(let f):
            return .failure(PlistFailure(origin: Origin(file: file, line: 1, column: 1), message: f.message))
        case .success(let (text, enc)):
            if enc == .binaryPlist { return parseBinary(bytes, file: file) }
            if let problem = TextDecoding.bomlessUTF16Problem(bytes) {
                return .failure(PlistFailure(origin: Origin(file: file, line: 1, column: 1), message: problem))
            }
            var x = XMLPlistParser(text: text, file: file)
            do {
                return .success(try x.document())
            } catch {
                return .failure(error)
            }
        }
    }

    /// A binary plist (no positions: origins are the file at 1:1).
    static func parseBinary(_ bytes: [UInt8], file: String) -> Result<PlistItem, PlistFailure> {
        BinaryPlistReader.parse(bytes, file: file)
    }

    /// A `.strings` file in plist form: a dictionary of strings.
    static func readStringsPlist(xml text: [UInt8], into result: inout TableFileResult) {
        var x = XMLPlistParser(text: text, file: result.file)
        do {
            fill(strings: try x.document(), into: &result)
        } catch {
            result.fail(rule: .syntax, error.message, at: error.origin)
        }
    }

    static func readStringsPlist(binary bytes: [UInt8], into result: inout TableFileResult) {
        switch parseBinary(bytes, file: result.file) {
        case .success(let item): fill(strings: item, into: &result)
        case .failure(let f): result.fail(rule: .syntax, f.message, at: f.origin)
        }
    }

    private static func fill(strings root: PlistItem, into result: inout TableFileResult) {
        guard case .dict(let pairs) = root.node else {
            result.fail(rule: .structure, "the property list's root is \(root.typeName), not a dictionary", at: root.origin)
            return
        }
        for (key, keyOrigin, value) in pairs {
            guard case .string(let s) = value.node else {
                result.diagnostics.append(Diagnostic(.structure, .error,
                    "value of \(Excerpt.quoted(key)) is \(value.typeName); a .strings table holds only strings",
                    at: .file(value.origin), subject: Diagnostic.Subject(key: key)))
                continue
            }
            result.add(Entry(key: key, message: .plain(SourceText(s, origin: value.origin)), format: .strings, origin: keyOrigin))
        }
    }
}

/// XML property list grammar (Apple's plist DTD) on UTF-8 bytes.
struct XMLPlistParser {
    let text: [UInt8]
    let file: String
    let lines: LineMap
    var i = 0

    init(text: [UInt8], file: String) {
        self.text = text
        self.file = file
        self.lines = LineMap(text)
    }

    func origin(_ at: Int) -> Origin { lines.origin(file, at) }

    func fail(_ at: Int, _ message: String) -> PlistFailure {
        PlistFailure(origin: origin(at), message: message)
    }

    mutating func skipSpace() {
        while i < text.count, text[i] == 0x20 || (text[i] >= 0x09 && text[i] <= 0x0D) { i += 1 }
    }

    func starts(_ s: String, at: Int) -> Bool {
        var j = at
        for b in s.utf8 {
            guard j < text.count, text[j] == b else { return false }
            j += 1
        }
        return true
    }

    /// Skips `<?…?>`, `<!DOCTYPE …>`, comments and whitespace.
    mutating func skipMisc() throws(PlistFailure) {
        while true {
            skipSpace()
            if starts("<?", at: i) {
                guard let end = find("?>", from: i) else { throw fail(i, "unterminated processing instruction") }
                i = end + 2
            } else if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { throw fail(i, "unterminated comment") }
                i = end + 3
            } else if starts("<!DOCTYPE", at: i) {
                var depth = 0
                var j = i
                while j < text.count {
                    if text[j] == 0x5B { depth += 1 }
                    if text[j] == 0x5D { depth -= 1 }
                    if text[j] == 0x3E && depth <= 0 { break }
                    j += 1
                }
                guard j < text.count else { throw fail(i, "unterminated DOCTYPE") }
                i = j + 1
            } else {
                return
            }
        }
    }

    func find(_ s: String, from: Int) -> Int? {
        let pat = Array(s.utf8)
        guard let first = pat.first else { return nil }
        var j = from
        while j + pat.count <= text.count {
            if text[j] == first {
                var ok = true
                for k in 1..<pat.count where text[j + k] != pat[k] { ok = false; break }
                if ok { return j }
            }
            j += 1
        }
        return nil
    }

    struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var start: Int
    }

    /// Reads a tag at `i` (which is at '<').
    mutating func tag() throws(PlistFailure) -> Tag {
        let start = i
        guard i < text.count, text[i] == 0x3C else {
            throw fail(i, i < text.count ? "expected a tag, found text" : "unexpected end of file")
        }
        i += 1
        var closing = false
        if i < text.count, text[i] == 0x2F { closing = true; i += 1 }
        let nameStart = i
        while i < text.count, text[i] != 0x3E, text[i] != 0x2F, text[i] != 0x20, !(text[i] >= 0x09 && text[i] <= 0x0D) { i += 1 }
        let name = String(decoding: text[nameStart..<i], as: UTF8.self)
        // attributes
        while i < text.count, text[i] != 0x3E {
            if text[i] == 0x2F, i + 1 < text.count, text[i + 1] == 0x3E {
                i += 2
                return Tag(name: name, closing: closing, selfClosing: true, start: start)
            }
            if text[i] == 0x22 || text[i] == 0x27 {
                let q = text[i]
                i += 1
                while i < text.count, text[i] != q { i += 1 }
            }
            i += 1
        }
        guard i < text.count else { throw fail(start, "unterminated tag <\(name)") }
        i += 1
        if name.isEmpty { throw fail(start, "empty tag name") }
        return Tag(name: name, closing: closing, selfClosing: false, start: start)
    }

    mutating func document() throws(PlistFailure) -> PlistItem {
        try skipMisc()
        let save = i
        let t = try tag()
        var item: PlistItem
        if t.name == "plist" && !t.closing {
            if t.selfClosing { throw fail(t.start, "empty <plist>") }
            try skipMisc()
            item = try value(depth: 0)
            try skipMisc()
            let end = try tag()
            guard end.closing, end.name == "plist" else { throw fail(end.start, "expected </plist>, found <\(end.closing ? "/" : "")\(end.name)>") }
        } else {
            i = save
            item = try value(depth: 0)
        }
        // CoreFoundation ignores whatever follows the property list.
        return item
    }

    /// Character data up to the next '<' that is not a CDATA section or comment, with entities decoded.
    mutating func characters() throws(PlistFailure) -> String {
        // Most values are one run of plain text: that run becomes the String straight from the
        // input; only text broken by an entity, a CDATA section or a comment is gathered in `out`.
        var out: [UInt8] = []
        var run: Range<Int>? = nil
        func gather() {
            if let r = run { out.append(contentsOf: text[r]); run = nil }
        }
        while i < text.count {
            let c = text[i]
            if c != 0x3C && c != 0x26 {
                var k = i + 1
                while k < text.count, text[k] != 0x3C, text[k] != 0x26 { k += 1 }
                if let r = run, r.upperBound == i { run = r.lowerBound..<k } else { gather(); run = i..<k }
                i = k
                continue
            }
            if c == 0x3C {
                if starts("<![CDATA[", at: i) {
                    guard let end = find("]]>", from: i + 9) else { throw fail(i, "unterminated CDATA section") }
                    gather()
                    out.append(contentsOf: text[(i + 9)..<end])
                    i = end + 3
                    continue
                }
                if starts("<!--", at: i) {
                    guard let end = find("-->", from: i + 4) else { throw fail(i, "unterminated comment") }
                    i = end + 3
                    continue
                }
                break
            }
            if c == 0x26 {
                gather()
                let start = i
                guard let semi = text[i...].prefix(12).firstIndex(of: 0x3B) else { throw fail(start, "unterminated entity reference") }
                let name = String(decoding: text[(i + 1)..<semi], as: UTF8.self)
                i = semi + 1
                switch name {
                case "amp": out.append(0x26)
                case "lt": out.append(0x3C)
                case "gt": out.append(0x3E)
                case "quot": out.append(0x22)
                case "apos": out.append(0x27)
                default:
                    var v: UInt32? = nil
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        v = UInt32(name.dropFirst(2), radix: 16)
                    } else if name.hasPrefix("#") {
                        v = UInt32(name.dropFirst(), radix: 10)
                    }
                    guard let v, Unicode.Scalar(v) != nil, v != 0 else { throw fail(start, "unknown entity &\(name);") }
                    TextDecoding.appendUTF8(v, to: &out)
                }
                continue
            }
        }
        if out.isEmpty, let r = run { return String(decoding: text[r], as: UTF8.self) }
        gather()
        return String(decoding: out, as: UTF8.self)
    }

    mutating func closeTag(_ name: String) throws(PlistFailure) {
        let t = try tag()
        guard t.closing, t.name == name else {
            throw fail(t.start, "expected </\(name)>, found <\(t.closing ? "/" : "")\(t.name)>")
        }
    }

    /// The deepest XML property list read. A `.stringsdict` is five levels deep; each level
    /// is a recursive call, and 546 levels overflowed the 8 MiB main-thread stack of an
    /// AddressSanitizer build (the fuzzer's), so the limit leaves a wide margin.
    static let maximumDepth = 128

    mutating func value(depth: Int) throws(PlistFailure) -> PlistItem {
        if depth > Self.maximumDepth { throw fail(i, "property list nested more than \(Self.maximumDepth) levels deep") }
        try skipMisc()
        let t = try tag()
        let origin = self.origin(t.start)
        if t.closing { throw fail(t.start, "unexpected </\(t.name)>") }
        switch t.name {
        case "dict":
            var pairs: [(key: String, keyOrigin: Origin, value: PlistItem)] = []
            if t.selfClosing { return PlistItem(node: .dict([]), origin: origin) }
            while true {
                try skipMisc()
                let kt = try tag()
                if kt.closing && kt.name == "dict" { break }
                guard kt.name == "key", !kt.closing else {
                    throw fail(kt.start, "expected <key> or </dict>, found <\(kt.closing ? "/" : "")\(kt.name)>")
                }
                let keyOrigin = self.origin(kt.start)
                var key = ""
                if !kt.selfClosing {
                    key = try characters()
                    try closeTag("key")
                }
                let v = try value(depth: depth + 1)
                pairs.append((key, keyOrigin, v))
            }
            return PlistItem(node: .dict(pairs), origin: origin)
        case "array":
            var items: [PlistItem] = []
            if t.selfClosing { return PlistItem(node: .array([]), origin: origin) }
            while true {
                try skipMisc()
                let save = i
                let nt = try tag()
                if nt.closing && nt.name == "array" { break }
                i = save
                items.append(try value(depth: depth + 1))
            }
            return PlistItem(node: .array(items), origin: origin)
        case "true", "false":
            if !t.selfClosing { try closeTag(t.name) }
            return PlistItem(node: .bool(t.name == "true"), origin: origin)
        case "string", "integer", "real", "date", "data", "key":
            var s = ""
            if !t.selfClosing {
                s = try characters()
                try closeTag(t.name)
            }
            switch t.name {
            case "string", "key": return PlistItem(node: .string(s), origin: origin)  // CF reads a <key> in value position as a string
            case "integer":
                let v = s.trimmingCharacters(in: .whitespacesAndNewlines)
                guard Int64(v) != nil || UInt64(v) != nil || v.hasPrefix("0x") else { throw fail(t.start, "invalid <integer> \(Excerpt.quoted(v))") }
                return PlistItem(node: .integer(v), origin: origin)
            case "real":
                let v = s.trimmingCharacters(in: .whitespacesAndNewlines)
                guard Double(v) != nil || ["nan", "+infinity", "-infinity", "inf", "-inf"].contains(v.lowercased()) else { throw fail(t.start, "invalid <real> \(Excerpt.quoted(v))") }
                return PlistItem(node: .real(v), origin: origin)
            case "date": return PlistItem(node: .date(s), origin: origin)
            default:
                let compact = s.filter { !$0.isWhitespace }
                guard let d = Data(base64Encoded: compact) else { throw fail(t.start, "invalid base64 in <data>") }
                return PlistItem(node: .data([UInt8](d)), origin: origin)
            }
        default:
            throw fail(t.start, "unknown property list element <\(t.name)>")
        }
    }
}
