import HeraldICU
import HeraldJSON
import Glibc

/// `FormatBatch` for the common request: a JSON object whose
/// strings have no escapes, with "key" and "locale" strings, optional
/// "table"/"device" strings, a "width" number, "args" of strings, numbers and
/// booleans, and any other members (skipped). Such a line is decoded with
/// `JSONReader` straight into the render call: no JSONValue tree, no String
/// per member name, the key, table and locale Strings reused from earlier
/// lines. Anything else (including every malformed line) is left to
/// `FormatBatch.answer`, which parses with `JSONParser` and words the
/// errors, so both paths answer a line identically.
struct FormatBatchFastPath {
    /// The arguments of the current line (the array is reused).
    private var arguments: [RenderArgument] = []
    private var key = RecentText()
    private var table = RecentText()
    private var device = RecentText()
    /// Locale tags seen, by a hash of their bytes (four slots per hash).
    private var locales = [RecentLocale?](repeating: nil, count: FormatBatchFastPath.localeSlots)
    private static let localeSlots = 64

    private struct RecentLocale {
        let bytes: [UInt8]
        let tag: String
        let locale: LocaleID
    }

    /// Answers `line` when it is a request of the common shape, with its verdict; nil (and
    /// nothing written) otherwise.
    mutating func answer(
        _ line: UnsafeBufferPointer<UInt8>, renderer: Renderer, defaults: FormatBatch.Defaults,
        locales known: inout [String: LocaleID], to out: inout BufferedOutput
    ) -> FormatBatch.Verdict? {
        guard let request = decode(line) else { return nil }
        let keyText = key.string(for: UnsafeBufferPointer(rebasing: line[request.key]))
        guard let (tag, locale) = locale(UnsafeBufferPointer(rebasing: line[request.locale]), known: &known),
            locale.hasICUData
        else {
            return nil  // an invalid tag or an unknown language: the general path words the error or the note
        }
        var options = defaults.options
        if let d = request.device { options.device = device.string(for: UnsafeBufferPointer(rebasing: line[d])) }
        if let w = request.width { options.width = Int(w) }
        let tableText = request.table.map { table.string(for: UnsafeBufferPointer(rebasing: line[$0])) } ?? defaults.table
        var verdict = FormatBatch.Verdict.shown
        do {
            // The text goes from the renderer's buffer straight into the output, quoted: no String.
            try renderer.render(key: keyText, table: tableText, locale: locale, arguments: arguments, options: options) {
                text, details in
                FormatJSON.writeObject(text: text, details, locale: tag, to: &out)
                if !details.diagnostics.isEmpty { verdict = .of(details.diagnostics) }
            }
        } catch {
            return nil  // key missing: the general path writes the error line
        }
        return verdict
    }

    /// Byte ranges of the request's members (nil when absent).
    private struct Request {
        var key: Range<Int>?
        var locale: Range<Int>?
        var table: Range<Int>?
        var device: Range<Int>?
        var width: Int64?
    }

    private mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> (key: Range<Int>, locale: Range<Int>, table: Range<Int>?, device: Range<Int>?, width: Int64?)? {
        var r = JSONReader(line)
        guard r.consume(0x7B) else { return nil }  // {
        var q = Request()
        if !arguments.isEmpty { arguments.removeAll(keepingCapacity: true) }
        if !r.consume(0x7D) {
            repeat {
                // Members are matched by their bytes; a repeated member wins last, as in JSONParser.
                if r.consumeString("key") {
                    guard r.consume(0x3A), let v = r.readStringBytes() else { return nil }
                    q.key = v
                } else if r.consumeString("table") {
                    guard r.consume(0x3A), let v = r.readStringBytes() else { return nil }
                    q.table = v
                } else if r.consumeString("locale") {
                    guard r.consume(0x3A), let v = r.readStringBytes() else { return nil }
                    q.locale = v
                } else if r.consumeString("args") {
                    guard r.consume(0x3A), readArguments(&r) else { return nil }
                } else if r.consumeString("device") {
                    guard r.consume(0x3A), let v = r.readStringBytes() else { return nil }
                    q.device = v
                } else if r.consumeString("width") {
                    guard r.consume(0x3A), let v = r.readNumberBytes() else { return nil }
                    // As JSONValue.intValue: a whole number, else no width.
                    q.width = Int64(String(decoding: UnsafeBufferPointer(rebasing: line[v]), as: UTF8.self))
                } else if r.consumeString("timeZone") {
                    return nil  // rare: the general path reads and checks it
                } else {
                    // Any other member (an "id" a script added): checked and skipped.
                    guard r.readStringBytes() != nil, r.consume(0x3A), r.skipValue() else { return nil }
                }
            } while r.consume(0x2C)  // ,
            guard r.consume(0x7D) else { return nil }  // }
        }
        guard r.atEnd(), let key = q.key, let locale = q.locale else { return nil }
        return (key, locale, q.table, q.device, q.width)
    }

    /// Reads `[…]` of strings, numbers and booleans into `arguments` (replacing earlier ones).
    private mutating func readArguments(_ r: inout JSONReader) -> Bool {
        guard r.consume(0x5B) else { return false }  // [
        if !arguments.isEmpty { arguments.removeAll(keepingCapacity: true) }
        if r.consume(0x5D) { return true }
        repeat {
            switch r.peek() {
            case 0x22:
                guard let v = r.readStringBytes() else { return false }
                arguments.append(.string(String(decoding: UnsafeBufferPointer(rebasing: r.bytes[v]), as: UTF8.self)))
            case 0x74, 0x66:
                guard let b = r.readBool() else { return false }
                arguments.append(.string(b ? "true" : "false"))
            default:
                guard let v = r.readNumberBytes(), let n = FormatBatchFastPath.number(UnsafeBufferPointer(rebasing: r.bytes[v])) else {
                    return false
                }
                arguments.append(.number(n))
            }
        } while r.consume(0x2C)
        return r.consume(0x5D)  // ]
    }

    /// A JSON number literal as `NumericValue(literal:)` reads it: up to 18
    /// digits (an optional minus) is an `.int` computed from the bytes; the
    /// rest goes through the literal's text.
    @inline(__always)
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> NumericValue? {
        var i = 0
        let negative = bytes.first == 0x2D
        if negative { i = 1 }
        let digits = bytes.count - i
        if digits > 0 && digits <= 18 {
            var v: Int64 = 0
            var plain = true
            while i < bytes.count {
                let d = bytes[i] &- 0x30
                if d > 9 {
                    plain = false
                    break
                }
                v = v * 10 + Int64(d)
                i += 1
            }
            if plain { return .int(negative ? -v : v) }
        }
        return NumericValue(literal: String(decoding: bytes, as: UTF8.self))
    }

    /// The tag String and LocaleID for the tag's bytes; nil when the tag is not a valid locale.
    private mutating func locale(_ bytes: UnsafeBufferPointer<UInt8>, known: inout [String: LocaleID]) -> (String, LocaleID)? {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        // Up to four neighbouring slots per tag, so a few tags whose hashes
        // meet do not keep evicting each other.
        let mask = FormatBatchFastPath.localeSlots - 1
        let first = Int(truncatingIfNeeded: h >> 32) & mask
        var free: Int?
        for probe in 0..<4 {
            let slot = (first + probe) & mask
            guard let held = locales[slot] else {
                if free == nil { free = slot }
                continue
            }
            if RecentText.same(held.bytes, bytes) { return (held.tag, held.locale) }
        }
        let tag = String(decoding: bytes, as: UTF8.self)
        guard let locale = try? FormatBatch.batchLocale(tag, known: &known) else { return nil }
        locales[free ?? first] = RecentLocale(bytes: Array(bytes), tag: tag, locale: locale)
        return (tag, locale)
    }
}

/// The String of the bytes last seen in one request member: batches repeat
/// their keys and tables, so most lines reuse it instead of making a new one.
struct RecentText {
    private var bytes: [UInt8] = []
    private var text = ""

    mutating func string(for slice: UnsafeBufferPointer<UInt8>) -> String {
        if !RecentText.same(bytes, slice) {
            bytes = Array(slice)
            text = String(decoding: slice, as: UTF8.self)
        }
        return text
    }

    @inline(__always)
    static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            guard let p = x.baseAddress, let q = b.baseAddress else { return x.count == 0 }
            return memcmp(p, q, x.count) == 0
        }
    }
}
