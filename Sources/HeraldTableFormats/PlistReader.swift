// Property lists (XML and binary) as read for `.stringsdict` files and for
// `.strings` files shipped in plist form. The XML reader keeps positions; a
// binary plist has no lines, so its origins are the file at 1:1.

import Foundation
import HeraldJSON
import HeraldDiagnostics

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

    /// A plist's bytes as the readers take them: XML text (UTF-8; UTF-16 transcoded) or a binary plist.
    enum Input {
        case xml([UInt8])
        case binary([UInt8])
    }

    /// Decodes XML or binary plist bytes (original file bytes; UTF-16 XML is transcoded first).
    static func input(bytes: [UInt8], file: String) -> Result<Input, PlistFailure> {
        let start = Origin(file: file, line: 1, column: 1)
        guard bytes.count <= PlistTree.maximumBytes else {
            return .failure(PlistFailure(origin: start, message: "property list larger than \(PlistTree.maximumBytes >> 20) MiB"))
        }
        switch TextDecoding.utf8Text(bytes) {
        case .failure(let f):
            return .failure(PlistFailure(origin: start, message: f.message))
        case .success(let (text, enc)):
            if enc == .binaryPlist { return .success(.binary(bytes)) }
            if let problem = TextDecoding.bomlessUTF16Problem(bytes) {
                return .failure(PlistFailure(origin: start, message: problem))
            }
            return .success(.xml(text))
        }
    }

    /// Reads the root dictionary of `input`, handing each pair to `body` with the tree that
    /// holds its value. An XML plist's pairs are handed over as each is read, and a pair's
    /// nodes are forgotten before the next is read, so one entry's nodes are alive at a time
    /// (a binary plist is read whole first). A syntax error anywhere leaves `result` as it
    /// was, with only the error added, as does a root that is not a dictionary (`rootIs`
    /// starts that message: "the root of … is").
    static func readRootDictionary(
        _ input: Input, file: String, into result: inout TableFileResult, rootIs: String,
        _ body: (PlistTree, PlistTree.Pair, inout TableFileResult) -> Void
    ) {
        let before = result
        do throws(PlistFailure) {
            switch input {
            case .xml(let text):
                var x = XMLPlistParser(text: text, file: file)
                if try x.openRootDictionary() {
                    while let pair = try x.nextRootPair() { body(x.tree, pair, &result) }
                } else {
                    let root = try x.rootValue()
                    result.fail(rule: .structure, "\(rootIs) \(x.tree.typeName(root)), not a dictionary", at: x.tree.origin(root))
                }
            case .binary(let bytes):
                let tree = try BinaryPlistReader.parse(bytes, file: file).get()
                guard tree.kind(0) == .dict else {
                    result.fail(rule: .structure, "\(rootIs) \(tree.typeName(0)), not a dictionary", at: tree.origin(0))
                    return
                }
                for pair in tree.pairs(0) { body(tree, pair, &result) }
            }
        } catch {
            result = before
            result.fail(rule: .syntax, error.message, at: error.origin)
        }
    }

    /// A `.strings` file in plist form: a dictionary of strings.
    static func readStringsPlist(_ input: Input, into result: inout TableFileResult) {
        readRootDictionary(input, file: result.file, into: &result, rootIs: "the property list's root is") { tree, pair, result in
            guard let s = tree.string(pair.value) else {
                result.diagnostics.append(Diagnostic(.structure, .error,
                    "value of \(Excerpt.quoted(pair.key)) is \(tree.typeName(pair.value)); a .strings table holds only strings",
                    at: .file(tree.origin(pair.value)), subject: Diagnostic.Subject(key: pair.key)))
                return
            }
            result.add(Entry(key: pair.key, message: .plain(SourceText(s, origin: tree.origin(pair.value))), format: .strings, origin: pair.keyOrigin))
        }
    }
}

/// XML property list grammar (Apple's plist DTD) on UTF-8 bytes.
struct XMLPlistParser {
    let text: [UInt8]
    let file: String
    let lines: LineMap
    var i = 0
    /// The values read so far (in streaming, those of the current root pair only).
    var tree: PlistTree
    /// Whether the root value is inside `<plist>`, whose end tag is checked after it.
    private var inPlist = false
    /// Streaming a root dictionary: false once its `</dict>` was read.
    private var rootOpen = false

    init(text: [UInt8], file: String) {
        self.text = text
        self.file = file
        self.lines = LineMap(text)
        self.tree = PlistTree(text: text, lines: lines, file: file)
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

    /// The whole document: the root value's node index in `tree` (0).
    mutating func document() throws(PlistFailure) -> Int {
        try openDocument()
        return try rootValue()
    }

    /// Skips the prolog and `<plist>`, up to the root value.
    private mutating func openDocument() throws(PlistFailure) {
        try skipMisc()
        let save = i
        let t = try tag()
        if t.name == "plist" && !t.closing {
            if t.selfClosing { throw fail(t.start, "empty <plist>") }
            try skipMisc()
            inPlist = true
        } else {
            i = save
        }
    }

    /// Reads the root value whole (after `openDocument`) and the `</plist>` after it.
    mutating func rootValue() throws(PlistFailure) -> Int {
        let root = try value(depth: 0)
        try closeDocument()
        return root
    }

    private mutating func closeDocument() throws(PlistFailure) {
        guard inPlist else { return }
        try skipMisc()
        let end = try tag()
        guard end.closing, end.name == "plist" else { throw fail(end.start, "expected </plist>, found <\(end.closing ? "/" : "")\(end.name)>") }
        // CoreFoundation ignores whatever follows the property list.
    }

    /// Streaming: reads up to the root value and, when it is a `<dict>`, past its start tag
    /// (true: `nextRootPair` reads its pairs). Otherwise nothing of the value is read (false:
    /// `rootValue` reads it).
    mutating func openRootDictionary() throws(PlistFailure) -> Bool {
        try openDocument()
        try skipMisc()
        let save = i
        let t = try tag()
        guard t.name == "dict", !t.closing else {
            i = save
            return false
        }
        rootOpen = !t.selfClosing
        if !rootOpen { try closeDocument() }
        return true
    }

    /// The root dictionary's next pair, nil after its `</dict>` (and `</plist>`). The nodes
    /// of the pair before are forgotten: the value's nodes start at 0.
    mutating func nextRootPair() throws(PlistFailure) -> PlistTree.Pair? {
        guard rootOpen else { return nil }
        tree.truncate(to: 0)
        guard let (key, keyOrigin) = try dictKey() else {
            rootOpen = false
            try closeDocument()
            return nil
        }
        let value = try value(depth: 1)
        tree.trimSlack()
        return (key: key, keyOrigin: keyOrigin, value: value)
    }

    /// Inside a `<dict>`: the next `<key>`'s text and place, nil at `</dict>`.
    private mutating func keyTag() throws(PlistFailure) -> (PlistText, Int)? {
        try skipMisc()
        let kt = try tag()
        if kt.closing && kt.name == "dict" { return nil }
        guard kt.name == "key", !kt.closing else {
            throw fail(kt.start, "expected <key> or </dict>, found <\(kt.closing ? "/" : "")\(kt.name)>")
        }
        var key = PlistText.run(i..<i)
        if !kt.selfClosing {
            key = try characters()
            try closeTag("key")
        }
        return (key, kt.start)
    }

    private mutating func dictKey() throws(PlistFailure) -> (String, Origin)? {
        guard let (key, at) = try keyTag() else { return nil }
        return (string(key), origin(at))
    }

    func string(_ t: PlistText) -> String {
        switch t {
        case .run(let r): return String(decoding: text[r], as: UTF8.self)
        case .decoded(let s): return s
        case .shared(let k): return tree.decoded[k]
        }
    }

    /// Character data up to the next '<' that is not a CDATA section or comment, with entities decoded.
    mutating func characters() throws(PlistFailure) -> PlistText {
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
        if out.isEmpty { return .run(run ?? i..<i) }
        gather()
        return .decoded(String(decoding: out, as: UTF8.self))
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

    /// Reads one value into `tree`: its node's index.
    mutating func value(depth: Int) throws(PlistFailure) -> Int {
        if depth > Self.maximumDepth { throw fail(i, "property list nested more than \(Self.maximumDepth) levels deep") }
        try skipMisc()
        let t = try tag()
        if t.closing { throw fail(t.start, "unexpected </\(t.name)>") }
        switch t.name {
        case "dict":
            let node = tree.open(.dict, at: t.start)
            var count = 0
            if !t.selfClosing {
                while let (key, at) = try keyTag() {
                    tree.string(key, at: at)
                    _ = try value(depth: depth + 1)
                    count += 1
                }
            }
            tree.close(node, count: count)
            return node
        case "array":
            let node = tree.open(.array, at: t.start)
            var count = 0
            if !t.selfClosing {
                while true {
                    try skipMisc()
                    let save = i
                    let nt = try tag()
                    if nt.closing && nt.name == "array" { break }
                    i = save
                    _ = try value(depth: depth + 1)
                    count += 1
                }
            }
            tree.close(node, count: count)
            return node
        case "true", "false":
            if !t.selfClosing { try closeTag(t.name) }
            return tree.leaf(.bool, at: t.start, flag: t.name == "true")
        case "string", "integer", "real", "date", "data", "key":
            var s = PlistText.run(i..<i)
            if !t.selfClosing {
                s = try characters()
                try closeTag(t.name)
            }
            switch t.name {
            case "string", "key": return tree.string(s, at: t.start)  // CF reads a <key> in value position as a string
            case "integer":
                let v = string(s).trimmingCharacters(in: .whitespacesAndNewlines)
                guard Int64(v) != nil || UInt64(v) != nil || v.hasPrefix("0x") else { throw fail(t.start, "invalid <integer> \(Excerpt.quoted(v))") }
                return tree.leaf(.integer, at: t.start)
            case "real":
                let v = string(s).trimmingCharacters(in: .whitespacesAndNewlines)
                guard Double(v) != nil || ["nan", "+infinity", "-infinity", "inf", "-inf"].contains(v.lowercased()) else { throw fail(t.start, "invalid <real> \(Excerpt.quoted(v))") }
                return tree.leaf(.real, at: t.start)
            case "date": return tree.leaf(.date, at: t.start)
            default:
                let compact = string(s).filter { !$0.isWhitespace }
                guard Data(base64Encoded: compact) != nil else { throw fail(t.start, "invalid base64 in <data>") }
                return tree.leaf(.data, at: t.start)
            }
        default:
            throw fail(t.start, "unknown property list element <\(t.name)>")
        }
    }
}
