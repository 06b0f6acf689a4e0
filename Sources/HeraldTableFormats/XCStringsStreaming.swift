// The String Catalog reader's usual way in: the catalog read one entry at a time.
//
// A catalog is mostly its `strings` object. Read whole, it existed three times at once
// (its bytes, a JSONValue tree and a position tree, each many times the bytes). Here the
// root object is walked with a pull parser, its other members read as values, and
// `strings` is stepped over; then a second pull parser walks `strings` itself, and each
// entry becomes a JSONValue and a position tree of its own, is turned into messages, and
// is dropped before the next one is read. The parser is the same as `readWhole`'s, walked
// in the same order, so the same bytes give the same errors and the same duplicate keys
// in the same order, and each entry is handled by the same code (`Context.entry`).

internal import HeraldJSON

extension XCStringsReader {
    /// Reads the catalog one entry at a time; nil when it must be read whole instead: it is
    /// not valid JSON or not an object (the whole read says where and why), or it repeats
    /// `strings` or an entry key (the last one wins at the first one's place, which only
    /// the whole object can tell). `largestTree` is set to the most bytes read into one
    /// `JSONValue` (what the tests check: one entry's, not the catalog's).
    static func readStreaming(bytes: [UInt8], file: String, largestTree: inout Int) -> XCStringsFile? {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONError) {
                return try stream(buffer, bytes: bytes, file: file, largestTree: &largestTree)
            } catch {
                return nil
            }
        }
    }

    /// A root member's value and where it is (its last value, its first key).
    private struct Header {
        var value: JSONValue
        var at: At
    }

    private static func stream(
        _ buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8], file: String, largestTree: inout Int
    ) throws(JSONError) -> XCStringsFile? {
        var out = emptyFile(file)
        var root = JSONPullParser(buffer)
        root.start()
        let rootAt = At(node: JSONPositions.Node(offset: root.offset), keyOffset: nil)
        guard root.peek() == UInt8(ascii: "{") else { return nil }

        // The root's members; `strings` only located.
        var headers: [String: Header] = [:]
        var rootKeys = Set<String>()
        var strings: (keyOffset: Int, valueOffset: Int, end: Int)?
        if try root.enterObject(depth: 0) {
            repeat {
                let (key, mark) = try root.memberKey()
                let valueOffset = root.offset
                if key == "strings" {
                    guard strings == nil else { return nil }
                    root.skipValue()
                    strings = (mark.offset, valueOffset, root.offset)
                } else {
                    let value = try root.value(depth: 1)
                    largestTree = max(largestTree, root.offset - valueOffset)
                    if key == "sourceLanguage" || key == "version" {
                        let first = headers[key]?.at.keyOffset ?? mark.offset
                        headers[key] = Header(value: value, at: At(node: JSONPositions.Node(offset: valueOffset), keyOffset: first))
                    }
                }
                if !rootKeys.insert(key).inserted { root.noteDuplicate(key, at: mark) }
            } while try !root.closesObject()
        }
        try root.finish()
        rootKeys = []

        var ctx = Context(file: file, lines: LineMap(bytes), bytes: bytes)
        let source = headers["sourceLanguage"]
        ctx.header(sourceLanguage: source?.value, at: source?.at ?? At(node: nil, keyOffset: nil), version: headers["version"]?.value, root: rootAt, into: &out)
        var duplicates = root.duplicateKeys()

        if let strings {
            // The same bytes the first walk stepped over, read this time.
            var entries = JSONPullParser(buffer)
            entries.start()
            entries.seek(to: strings.valueOffset)
            let stringsAt = At(node: JSONPositions.Node(offset: strings.valueOffset), keyOffset: strings.keyOffset)
            if entries.peek() == UInt8(ascii: "{") {
                var seen = Set<Int>()
                if try entries.enterObject(depth: 1) {
                    repeat {
                        let (key, mark) = try entries.memberKey()
                        // A repeated key (or, rarely, two keys of one hash): read whole.
                        guard seen.insert(key.hashValue).inserted else { return nil }
                        let valueOffset = entries.offset
                        let value = try entries.value(depth: 2)
                        largestTree = max(largestTree, entries.offset - valueOffset)
                        let node = JSONPositions.scan(buffer, at: valueOffset)
                        ctx.entry(key, value, at: At(node: node, keyOffset: mark.offset), into: &out)
                    } while try !entries.closesObject()
                }
            } else {
                let valueOffset = entries.offset
                _ = try entries.value(depth: 1)
                largestTree = max(largestTree, entries.offset - valueOffset)
                ctx.structure("\"strings\" is not an object", at: stringsAt)
            }
            // Stepping over malformed text may stop elsewhere than reading it does.
            guard entries.offset == strings.end else { return nil }
            duplicates += entries.duplicateKeys()
        }

        // Repeated keys come first, in the order a whole parse finds them.
        let structure = ctx.diags
        ctx.diags = []
        for d in duplicates.sorted(by: { $0.end < $1.end }) { ctx.duplicateKey(d.pointer, at: d.position) }
        out.diagnostics = ctx.diags + structure
        return out
    }
}
