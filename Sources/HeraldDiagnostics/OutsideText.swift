/// Text that came from outside (a payload, a table, a network answer) made safe to
/// print on a terminal or put in a diagnostic: control characters are written as
/// escapes, so a value can never move the cursor, change colours, end a line,
/// ring the bell or reorder the line it is quoted in.
///
/// Escaped: C0 controls and DEL (`\n`, `\r`, `\t`, else `\u{1B}`), C1 controls
/// (U+0080–U+009F), the bidi controls (U+200E, U+200F, U+061C, U+202A–U+202E,
/// U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
/// Everything else, other languages included, is kept as written.
public enum OutsideText {
    /// `text` with its control characters escaped, cut after `limit` Unicode scalars
    /// (then ending in "…") when a limit is given. `bidi: false` keeps the bidi
    /// controls (for text shown as text, such as an alert in the preview table,
    /// whose isolates are meant for display).
    ///
    /// `quotes: true` also escapes `"` and `\` (`\"`, `\\`), for text put between
    /// double quotes (`Excerpt`).
    public static func escaped(
        _ text: some StringProtocol, limit: Int? = nil, bidi: Bool = true, quotes: Bool = false
    ) -> String {
        // Printable ASCII (no quote or backslash when those are escaped) within the limit
        // is its own escape: returned as it is, not rebuilt scalar by scalar.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let limit, bytes.count > limit { return false }
            for b in bytes where b < 0x20 || b > 0x7E || (quotes && (b == 0x22 || b == 0x5C)) { return false }
            return true
        }
        if plain == true { return String(text) }
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if let limit, count >= limit {
                out += "\u{2026}"
                break
            }
            count += 1
            if quotes, scalar == "\"" || scalar == "\\" {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else if needsEscape(scalar), bidi || !isBidiControl(scalar) {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is written as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The bidi marks, embeddings, overrides and isolates.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}

/// The one way a diagnostic quotes text that came from an input (a key, a value, a
/// name, a line of a file): in double quotes, at most `limit` Unicode scalars, escaped
/// as `OutsideText` escapes it plus quote and backslash, so a quoted input can neither
/// flood a log, move a terminal's cursor, reorder the text around it nor close its own
/// quotes early.
public enum Excerpt {
    /// Scalars kept before the excerpt is cut (and "…" appended).
    public static let defaultLimit = 64

    /// `"text"`, escaped and bounded. Reads at most `limit + 1` scalars of `text`.
    public static func quoted(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// `quoted` without the quotes.
    public static func escaped(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        OutsideText.escaped(text, limit: limit, quotes: true)
    }
}
