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
            case .leftToRight: return .leftToRight
            case .rightToLeft: return .rightToLeft
            case .neutral: return .neutral
            }
        }
    }
}

/// The Unicode Bidirectional Algorithm as ICU runs it (ubidi): the order in which
/// text is shown.
public enum BidiOrder {
    /// Paragraph direction: left to right, right to left, or by the first strong character.
    public enum Paragraph: Sendable {
        case leftToRight, rightToLeft, firstStrong

        var icu: HICUBidiParagraph { self == .firstStrong ? .firstStrong : self == .rightToLeft ? .rightToLeft : .leftToRight }
    }

    /// For each visual position, left to right, the index into `text.utf16` shown there;
    /// nil when ICU fails.
    public static func visualToLogical(_ text: String, paragraph: Paragraph) -> [Int]? {
        let units = Array(text.utf16)
        if units.isEmpty { return [] }
        var map = [Int32](repeating: 0, count: units.count)
        var status: Int32 = 0
        let n = hicu_bidi_visual_map(units, Int32(units.count), paragraph.icu, &map, Int32(map.count), &status)
        guard status <= 0, n >= 0, Int(n) <= map.count else { return nil }
        return map.prefix(Int(n)).map(Int.init)
    }
}
