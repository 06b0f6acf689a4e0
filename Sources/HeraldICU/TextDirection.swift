internal import CHeraldICU

/// The direction of a text, by its first strong character.
public enum TextDirection: Sendable, Equatable {
    case leftToRight, rightToLeft, neutral

    /// The base direction of text by its first strong character (UAX #9 P2–P3).
    public static func of(_ text: String) -> TextDirection {
        var t = text
        return t.withUTF8 { buf -> TextDirection in
            guard let base = buf.baseAddress, buf.count > 0 else { return .neutral }
            let p = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            switch hicu_text_base_direction(p, Int32(buf.count)) {
            case 0: return .leftToRight
            case 1: return .rightToLeft
            default: return .neutral
            }
        }
    }
}

/// The Unicode Bidirectional Algorithm as ICU runs it (ubidi): the order in which
/// text is shown.
public enum BidiOrder {
    /// Paragraph direction: left to right, right to left, or by the first strong character.
    public enum Paragraph: Int32, Sendable {
        case leftToRight = 0, rightToLeft = 1, firstStrong = -1
    }

    /// For each visual position, left to right, the index into `text.utf16` shown there;
    /// nil when ICU fails.
    public static func visualToLogical(_ text: String, paragraph: Paragraph) -> [Int]? {
        let units = Array(text.utf16)
        if units.isEmpty { return [] }
        var map = [Int32](repeating: 0, count: units.count)
        var status: Int32 = 0
        let n = hicu_bidi_visual_map(units, Int32(units.count), paragraph.rawValue, &map, Int32(map.count), &status)
        guard status <= 0, n >= 0, Int(n) <= map.count else { return nil }
        return map.prefix(Int(n)).map(Int.init)
    }
}

/// Grapheme clusters: where text can be cut without splitting a character as a reader sees it.
public enum Graphemes {
    /// UTF-8 byte offsets of extended grapheme cluster boundaries (ICU's
    /// character break iterator), including 0 and the end.
    public static func boundaries(of text: String) -> [Int] {
        var t = text
        return t.withUTF8 { buf -> [Int] in
            guard let base = buf.baseAddress, buf.count > 0 else { return [0] }
            let p = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            var cap = Int32(buf.count + 2)
            var out = [Int32](repeating: 0, count: Int(cap))
            var status: Int32 = 0
            var n = hicu_grapheme_boundaries(p, Int32(buf.count), &out, cap, &status)
            if n > cap {
                cap = n
                out = [Int32](repeating: 0, count: Int(cap))
                status = 0
                n = hicu_grapheme_boundaries(p, Int32(buf.count), &out, cap, &status)
            }
            return out.prefix(Int(n)).map(Int.init)
        }
    }
}
