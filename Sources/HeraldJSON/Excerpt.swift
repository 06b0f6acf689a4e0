/// The one way a diagnostic quotes text that came from an input (a key, a value, a
/// name, a line of a file): in double quotes, at most `limit` Unicode scalars, with
/// every control character, bidi control, quote and backslash escaped, so a quoted
/// input can neither flood a log, move a terminal's cursor, reorder the text around it
/// nor close its own quotes early.
public enum Excerpt {
    /// Scalars kept before the excerpt is cut (and "…" appended).
    public static let defaultLimit = 64

    /// `"text"`, escaped and bounded. Reads at most `limit + 1` scalars of `text`.
    public static func quoted(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// `quoted` without the quotes.
    public static func escaped(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        var out = ""
        var kept = 0
        for s in text.unicodeScalars {
            if kept == limit {
                out += "…"
                return out
            }
            kept += 1
            switch s.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}
