import HeraldRender
import HeraldTables

// What the script typography rules look for: a mark of the wrong script next to a letter of
// the text's script. Specifiers are blanked first (`%@,` is no Latin comma in CJK text),
// and URLs are left alone.

enum ScriptTypography {
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: return true
        default: return false
        }
    }

    static func isArabic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0620...0x064A, 0x066E...0x06D3, 0x06FA...0x06FF, 0x0750...0x077F: return true
        default: return false
        }
    }

    static func isGreek(_ s: Unicode.Scalar) -> Bool { (0x0370...0x03FF).contains(s.value) && s.properties.isAlphabetic || (0x1F00...0x1FFF).contains(s.value) }

    /// The scalars of `text` with specifiers blanked to U+FFFC and URLs (`…://…` up to a space) dropped.
    static func scalars(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for word in TextParity.literal(text).split(separator: " ", omittingEmptySubsequences: false) {
            if !out.isEmpty { out.append(" ") }
            if word.contains("://") || word.contains("www.") { continue }
            out.append(contentsOf: word.unicodeScalars)
        }
        return out
    }

    /// The first place where `mark` (one of `marks`) follows a scalar for which `script` is
    /// true, with the text around it (nil: none).
    static func firstMark(in text: String, marks: Set<Unicode.Scalar>, after script: (Unicode.Scalar) -> Bool, before: ((Unicode.Scalar?) -> Bool)? = nil) -> (mark: Unicode.Scalar, excerpt: String)? {
        let s = scalars(text)
        for i in s.indices.dropFirst() where marks.contains(s[i]) && script(s[i - 1]) {
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            // "1.5", "...", ".yaml": not sentence punctuation.
            if s[i] == ".", let n = next, n == "." || n.properties.numericType != nil || (n.isASCII && n.properties.isAlphabetic) { continue }
            if let before, !before(next) { continue }
            var excerpt = String.UnicodeScalarView()
            excerpt.append(contentsOf: s[max(0, i - 6)...min(s.count - 1, i + 6)])
            return (s[i], String(excerpt))
        }
        return nil
    }
}
