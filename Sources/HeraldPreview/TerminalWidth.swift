/// How many terminal columns text takes: East Asian wide and fullwidth
/// characters take two, combining marks, format characters (bidi controls,
/// ZWJ) and variation selectors none, an emoji cluster two.
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        var total = 0
        for cluster in text {
            total += width(of: cluster)
        }
        return total
    }

    static func width(of cluster: Character) -> Int {
        var w = 0
        for (i, s) in cluster.unicodeScalars.enumerated() {
            let p = s.properties
            switch p.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control:
                continue
            default: break
            }
            if i > 0 { continue }  // the rest of a cluster rides on its base
            if p.isEmojiPresentation { w = 2; continue }
            w = isWide(s.value) ? 2 : 1
        }
        if cluster.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { w = 2 }
        return w
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Cuts text to at most `columns`, ending with "…" when cut, never inside a cluster.
    static func truncate(_ text: String, to columns: Int) -> String {
        if of(text) <= columns { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = width(of: c)
            if used + w > columns - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }
}
