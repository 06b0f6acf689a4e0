import HeraldTableFormats
import HeraldTables
// A small XML reader for XLIFF: elements, attributes, text, CDATA, comments and
// processing instructions, nothing else. A document type declaration is refused
// outright, so no entity can be declared (billion laughs, external entities); only
// XML's five predefined entities and character references are read. One pass
// over the bytes: the work and memory are linear in the input's size, elements
// nest at most `maxDepth` deep, and every error says its line and column.
// `XMLReader.read` keeps no tree: only the elements its caller asks for are built,
// one at a time, so a document of many small elements costs one element's memory.

/// A start tag: an element's name, attributes and place.
public struct XMLStartTag: Sendable {
    /// The name as written (`trans-unit`, `xml:space`…).
    public let name: String
    /// Attributes in document order.
    public let attributes: [(name: String, value: String)]
    /// Where the tag's `<` is: line, column and byte offset.
    public let line: Int
    public let column: Int
    public let offset: Int

    /// The value of the attribute `name`, nil when absent.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// One element of a document read by `XMLReader`.
public final class XMLNode: Sendable {
    /// One piece of an element's content, in document order.
    public enum Content: Sendable {
        case text(String)
        case element(XMLNode)
    }

    public let tag: XMLStartTag
    /// Text and child elements in document order.
    public let content: [Content]

    init(_ tag: XMLStartTag, content: [Content]) {
        self.tag = tag
        self.content = content
    }

    public var name: String { tag.name }
    public var attributes: [(name: String, value: String)] { tag.attributes }
    public var line: Int { tag.line }
    public var column: Int { tag.column }

    /// The value of the attribute `name`, nil when absent.
    public subscript(attribute name: String) -> String? { tag[attribute: name] }

    /// The child elements.
    public var children: [XMLNode] {
        content.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// All the text inside, child elements' text included, in document order.
    public var text: String {
        var out = ""
        // Iterative, in order: a stack of content lists still to walk.
        var pending: [ArraySlice<Content>] = [content[...]]
        while !pending.isEmpty {
            var list = pending.removeLast()
            guard let first = list.popFirst() else { continue }
            pending.append(list)
            switch first {
            case .text(let t): out += t
            case .element(let e): pending.append(e.content[...])
            }
        }
        return out
    }
}

/// Why a document is not read, with where.
public struct XMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// Reads a document: whole into `XMLNode`s (`parse`), or element by element (`read`).
public struct XMLReader {
    /// Elements nested deeper than this are refused (XLIFF needs six).
    public static let maxDepth = 64

    private let b: [UInt8]
    private var i = 0
    private var line = 1
    /// Offset where the current line starts, and a column already counted up to `colAt`.
    private var lineStart = 0
    private var colAt = 0
    private var col = 1

    private init(_ bytes: [UInt8]) { b = bytes }

    /// The root element of `bytes` (UTF-8, with or without a byte order mark), whole.
    public static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLNode {
        var root: XMLNode? = nil
        try read(bytes, take: { $0.count == 1 }, each: { node, _ in root = node })
        // A document that reads without an error has a root.
        return root!
    }

    /// Reads `bytes` keeping no tree. At each start tag outside an element already
    /// taken, `take` is asked, with the open elements (outermost first, the new one
    /// last), whether the new element is wanted; a wanted element is built whole and
    /// handed to `each`, with the elements open around it, when its end tag is read.
    /// Everything else is checked for well-formedness and dropped. The whole document
    /// is checked before this returns: an error anywhere throws, even after `each` ran.
    public static func read(
        _ bytes: [UInt8], take: ([XMLStartTag]) -> Bool, each: (XMLNode, [XMLStartTag]) -> Void
    ) throws(XMLError) {
        var r = XMLReader(bytes)
        try r.document(take: take, each: each)
    }

    // MARK: positions

    /// The column of offset `at` on the current line, counted in characters (Unicode
    /// scalars), carried forward from the last count so a long line is counted once.
    private mutating func column(_ at: Int) -> Int {
        if colAt < lineStart || colAt > at { colAt = lineStart; col = 1 }
        while colAt < at {
            if b[colAt] & 0xC0 != 0x80 { col += 1 }
            colAt += 1
        }
        return col
    }

    private mutating func error(_ message: String, at offset: Int? = nil) -> XMLError {
        let at = offset ?? min(i, b.count)
        return XMLError(message: message, line: line, column: column(at))
    }

    /// Moves over one byte, counting lines.
    private mutating func advance() {
        if b[i] == 0x0A { line += 1; lineStart = i + 1 }
        i += 1
    }

    private mutating func advance(_ n: Int) { for _ in 0..<n where i < b.count { advance() } }

    private func starts(with s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        return s.withUTF8Buffer { p in
            for k in 0..<n where b[i + k] != p[k] { return false }
            return true
        }
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private mutating func skipSpace() { while i < b.count, Self.isSpace(b[i]) { advance() } }

    // MARK: document

    private mutating func document(take: ([XMLStartTag]) -> Bool, each: (XMLNode, [XMLStartTag]) -> Void) throws(XMLError) {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3; lineStart = 3; colAt = 3 }
        if let bad = Self.invalidUTF8(b, from: i) {
            // Count lines up to the bad byte for the message.
            while i < bad { advance() }
            throw error("not UTF-8 text")
        }
        var sawRoot = false
        while true {
            skipSpace()
            guard i < b.count else { break }
            if starts(with: "<?") { try skip(until: "?>", what: "processing instruction"); continue }
            if starts(with: "<!--") { try skip(until: "-->", what: "comment"); continue }
            if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw error("a document type declaration (<!DOCTYPE …>) is not accepted: XLIFF needs none, and its entities are refused")
            }
            guard b[i] == 0x3C, !sawRoot else {
                throw error(!sawRoot ? "expected the root element" : "content after the root element")
            }
            try element(take: take, each: each)
            sawRoot = true
        }
        guard sawRoot else { throw error("no root element") }
    }

    private mutating func skip(until end: StaticString, what: String) throws(XMLError) {
        let start = i
        while i < b.count {
            if starts(with: end) { advance(end.utf8CodeUnitCount); return }
            advance()
        }
        throw error("unterminated \(what)", at: start)
    }

    /// One element and everything inside, with an explicit stack (no recursion). Content
    /// is kept only inside an element `take` wanted; such an element goes to `each` whole.
    private mutating func element(take: ([XMLStartTag]) -> Bool, each: (XMLNode, [XMLStartTag]) -> Void) throws(XMLError) {
        struct Open {
            var content: [XMLNode.Content] = []
            var text: [UInt8] = []
            /// Whether this element is wanted or inside a wanted one.
            var kept: Bool
            mutating func flushText() {
                if !text.isEmpty { content.append(.text(String(decoding: text, as: UTF8.self))); text.removeAll(keepingCapacity: true) }
            }
        }
        var stack: [Open] = []
        var tags: [XMLStartTag] = []
        /// An element just ended (or was empty): attached to its parent, or handed over.
        func finished(_ tag: XMLStartTag, _ content: [XMLNode.Content], kept: Bool) {
            guard kept else { return }
            let node = XMLNode(tag, content: content)
            if let parent = stack.indices.last, stack[parent].kept {
                stack[parent].content.append(.element(node))
            } else {
                each(node, tags)
            }
        }
        while true {
            guard i < b.count else {
                throw error("the document ends inside <\(tags.last?.name ?? "")>, which is never closed")
            }
            if b[i] == 0x3C {
                if starts(with: "</") {
                    let at = i
                    advance(2)
                    let name = try readName()
                    skipSpace()
                    guard i < b.count, b[i] == 0x3E else { throw error("expected '>' to end </\(name)>") }
                    advance()
                    guard var open = stack.popLast(), let tag = tags.popLast() else { throw error("unexpected end tag </\(name)>", at: at) }
                    guard tag.name == name else {
                        throw error("end tag </\(name)> does not match <\(tag.name)> (line \(tag.line), column \(tag.column))", at: at)
                    }
                    open.flushText()
                    finished(tag, open.content, kept: open.kept)
                    if stack.isEmpty { return }
                    continue
                }
                if starts(with: "<!--") {
                    try skip(until: "-->", what: "comment")
                    continue
                }
                if starts(with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw error("character data outside an element") }
                    let start = i
                    advance(9)
                    let from = i
                    while i < b.count, !starts(with: "]]>") { advance() }
                    guard i < b.count else { throw error("unterminated CDATA section", at: start) }
                    if stack[stack.count - 1].kept { stack[stack.count - 1].text += b[from..<i] }
                    advance(3)
                    continue
                }
                if starts(with: "<?") { try skip(until: "?>", what: "processing instruction"); continue }
                if starts(with: "<!") {
                    throw error("a declaration (<!…>) inside the document is not accepted")
                }
                // A start tag.
                let at = i
                let line = self.line
                let startColumn = column(at)
                advance()
                let name = try readName()
                let attributes = try readAttributes(of: name)
                let empty: Bool
                if starts(with: "/>") { empty = true; advance(2) } else if i < b.count, b[i] == 0x3E { empty = false; advance() } else {
                    throw error("expected '>' or '/>' to end <\(name)>")
                }
                if !stack.isEmpty, stack[stack.count - 1].kept { stack[stack.count - 1].flushText() }
                if !empty, stack.count >= Self.maxDepth {
                    throw error("elements nest more than \(Self.maxDepth) deep", at: at)
                }
                let tag = XMLStartTag(name: name, attributes: attributes, line: line, column: startColumn, offset: at)
                tags.append(tag)
                let kept = stack.last?.kept == true || take(tags)
                if empty {
                    tags.removeLast()
                    finished(tag, [], kept: kept)
                    if stack.isEmpty { return }
                } else {
                    stack.append(Open(kept: kept))
                }
                continue
            }
            guard !stack.isEmpty else { throw error("text outside the root element") }
            let kept = stack[stack.count - 1].kept
            if b[i] == 0x26 {
                let scalar = try reference()
                if kept { stack[stack.count - 1].text += Array(String(scalar).utf8) }
                continue
            }
            if b[i] == 0x0D {
                // XML's end-of-line handling: CR LF and a lone CR read as LF.
                advance()
                if i < b.count, b[i] == 0x0A { advance() }
                if kept { stack[stack.count - 1].text.append(0x0A) }
                continue
            }
            try checkCharacter()
            if kept { stack[stack.count - 1].text.append(b[i]) }
            advance()
        }
    }

    /// A character XML 1.0 does not allow (a C0 control other than tab, LF, CR) is an error.
    private mutating func checkCharacter() throws(XMLError) {
        let c = b[i]
        if c < 0x20, c != 0x09, c != 0x0A, c != 0x0D {
            throw error("control character U+\(String(c, radix: 16, uppercase: true)) is not allowed in XML")
        }
    }

    private mutating func readName() throws(XMLError) -> String {
        let start = i
        while i < b.count, !Self.isSpace(b[i]), b[i] != 0x3E, b[i] != 0x2F, b[i] != 0x3D, b[i] != 0x3C {
            advance()
        }
        guard i > start else { throw error("expected a name") }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    private mutating func readAttributes(of element: String) throws(XMLError) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        var seen = Set<String>()
        while true {
            let hadSpace = i < b.count && Self.isSpace(b[i])
            skipSpace()
            guard i < b.count else { throw error("the document ends inside <\(element)>") }
            if b[i] == 0x3E || starts(with: "/>") { return out }
            guard hadSpace else { throw error("expected a space before an attribute of <\(element)>") }
            let at = i
            let name = try readName()
            skipSpace()
            guard i < b.count, b[i] == 0x3D else { throw error("expected '=' after attribute \(name)") }
            advance()
            skipSpace()
            guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { throw error("expected a quoted value for attribute \(name)") }
            let quote = b[i]
            advance()
            var value: [UInt8] = []
            while true {
                guard i < b.count else { throw error("the document ends inside the value of attribute \(name)", at: at) }
                let c = b[i]
                if c == quote { advance(); break }
                if c == 0x3C { throw error("'<' inside the value of attribute \(name)") }
                if c == 0x26 {
                    let scalar = try reference()
                    value += Array(String(scalar).utf8)
                    continue
                }
                // Attribute-value normalization: a literal tab, LF or CR reads as a space.
                if c == 0x09 || c == 0x0A || c == 0x0D {
                    if c == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { advance() }
                    value.append(0x20)
                    advance()
                    continue
                }
                try checkCharacter()
                value.append(c)
                advance()
            }
            guard seen.insert(name).inserted else { throw error("attribute \(name) appears twice in <\(element)>", at: at) }
            out.append((name, String(decoding: value, as: UTF8.self)))
        }
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#N;` `&#xH;`; any other entity is refused.
    private mutating func reference() throws(XMLError) -> Unicode.Scalar {
        let start = i
        advance()
        let from = i
        // A reference is short: stop looking after a few bytes (a stray '&' in a long text stays linear).
        while i < b.count, b[i] != 0x3B, i - from < 12 { advance() }
        guard i < b.count, b[i] == 0x3B else { throw error("'&' that does not start an entity reference (write &amp;)", at: start) }
        let body = String(decoding: b[from..<i], as: UTF8.self)
        advance()
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        var value: UInt32? = nil
        if body.hasPrefix("#x") { value = UInt32(body.dropFirst(2), radix: 16) } else if body.hasPrefix("#") { value = UInt32(body.dropFirst(), radix: 10) }
        if let value, value != 0, let scalar = Unicode.Scalar(value) { return scalar }
        if value != nil { throw error("&\(body); is not a character XML can hold", at: start) }
        throw error("entity &\(body); is not one of XML's predefined entities; declared entities are refused", at: start)
    }

    /// The offset of the first byte that is not well-formed UTF-8, nil when all are.
    static func invalidUTF8(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < b.count {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let n: Int
            let min: UInt32
            if c & 0xE0 == 0xC0 { n = 1; min = 0x80 } else if c & 0xF0 == 0xE0 { n = 2; min = 0x800 } else if c & 0xF8 == 0xF0 { n = 3; min = 0x10000 } else { return i }
            guard i + n < b.count else { return i }
            var v = UInt32(c) & (n == 1 ? 0x1F : n == 2 ? 0x0F : 0x07)
            for k in 1...n {
                let d = b[i + k]
                guard d & 0xC0 == 0x80 else { return i }
                v = v << 6 | UInt32(d & 0x3F)
            }
            if v < min || v > 0x10FFFF || (0xD800...0xDFFF).contains(v) { return i }
            i += n + 1
        }
        return nil
    }
}
