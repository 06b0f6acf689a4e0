import Foundation
import HeraldJSON

/// A push payload's JSON as the editor holds it: where its `loc-key`, `title-loc-key` and
/// `subtitle-loc-key` values are. Line-based, so it works while the JSON is half written.
enum PushPayloadText {
    static let keyNames = ["\"loc-key\"", "\"title-loc-key\"", "\"subtitle-loc-key\""]

    static func isPayload(_ doc: TextDocument) -> Bool { doc.uri.hasSuffix(".json") }

    /// The value of the `loc-key` member on the cursor's line, when the cursor is on it.
    static func locKey(at position: TextPosition, in doc: TextDocument) -> String? {
        guard isPayload(doc) else { return nil }
        let line = doc.line(position.line)
        for name in keyNames {
            guard let r = line.range(of: name) else { continue }
            let rest = line[r.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == ":" }
            guard rest.first == "\"" else { continue }
            // The string literal, read as JSON (escapes included).
            var literal = "\""
            var escaped = false
            for c in rest.dropFirst() {
                literal.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { break }
            }
            if let value = try? JSONParser.parse(literal).stringValue { return value }
        }
        return nil
    }

    /// True when the cursor is inside the (open) string value of a `loc-key` member.
    static func inLocKeyValue(at position: TextPosition, in doc: TextDocument) -> Bool {
        guard isPayload(doc) else { return false }
        let line = Array(doc.line(position.line).utf16.prefix(position.character))
        let before = String(decoding: line, as: UTF16.self)
        for name in keyNames {
            guard let r = before.range(of: name, options: .backwards) else { continue }
            let rest = before[r.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == ":" }
            if rest.first == "\"", !rest.dropFirst().contains("\"") { return true }
        }
        return false
    }
}
