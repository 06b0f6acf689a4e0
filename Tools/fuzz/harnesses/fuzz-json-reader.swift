// libFuzzer harness: JSONReader, the fast partial reader `herald format --batch`
// decodes requests with (unsafe buffer code), checked against JSONParser, which
// answers every line the reader leaves alone. The reader may refuse anything,
// but what it accepts must be JSON that JSONParser reads to the same value:
// otherwise a batch line would be answered differently on the two paths.
import HeraldJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    input.withUnsafeBufferPointer { buffer in
        // 1. A whole value skipped: the parser must accept the text too.
        var r = JSONReader(buffer)
        if r.skipValue(), r.atEnd() {
            require(r.offset == buffer.count, "reader ended at \(r.offset) of \(buffer.count)")
            do {
                _ = try JSONParser.parse(bytes: input)
            } catch {
                fatalError("fuzz invariant broken: JSONReader skipped a value JSONParser rejects: \(error)")
            }
        }
        // 2. A single scalar: the same value as the parser's.
        var s = JSONReader(buffer)
        switch s.peek() {
        case 0x22:
            if let range = s.readStringBytes(), s.atEnd() {
                require(range.lowerBound >= 0 && range.upperBound <= buffer.count, "string range \(range) outside the input")
                let text = String(decoding: input[range], as: UTF8.self)
                require((try? JSONParser.parse(bytes: input)) == .string(text), "string \(text.debugDescription) reads differently")
            }
        case 0x74, 0x66:
            if let b = s.readBool(), s.atEnd() {
                require((try? JSONParser.parse(bytes: input)) == .bool(b), "boolean \(b) reads differently")
            }
        case 0x6E:
            if s.readNull(), s.atEnd() {
                require((try? JSONParser.parse(bytes: input)) == .null, "null reads differently")
            }
        case .some:
            if let range = s.readNumberBytes(), s.atEnd() {
                require(range.lowerBound >= 0 && range.upperBound <= buffer.count, "number range \(range) outside the input")
                let literal = String(decoding: input[range], as: UTF8.self)
                require((try? JSONParser.parse(bytes: input)) == .number(literal), "number \(literal) reads differently")
            }
        case nil:
            break
        }
        // 3. An object's members, as the batch decoder walks them: every
        //    string value it reads must be what the parser has for that member.
        var o = JSONReader(buffer)
        guard o.consume(0x7B) else { return }
        var members: [(String, String?)] = []
        if !o.consume(0x7D) {
            repeat {
                guard let name = o.readStringBytes(), o.consume(0x3A) else { return }
                let key = String(decoding: input[name], as: UTF8.self)
                if o.peek() == 0x22 {
                    guard let v = o.readStringBytes() else { return }
                    members.append((key, String(decoding: input[v], as: UTF8.self)))
                } else {
                    guard o.skipValue() else { return }
                    members.append((key, nil))
                }
            } while o.consume(0x2C)
            guard o.consume(0x7D) else { return }
        }
        guard o.atEnd() else { return }
        guard let object = (try? JSONParser.parse(bytes: input))?.objectValue else {
            fatalError("fuzz invariant broken: JSONReader walked an object JSONParser rejects")
        }
        // A repeated member: the last one counts, in both readers.
        var last: [String: String?] = [:]
        for (k, v) in members { last[k] = v }
        for (k, v) in last {
            guard let v else { continue }
            require(object[k] == .string(v), "member \(k.debugDescription) reads \(String(describing: object[k])) in JSONParser, \(v.debugDescription) in JSONReader")
        }
    }
    return 0
}
