/// ROT13 over ASCII letters, as the legacy examples "encrypt" their messages.
/// Its own inverse. Not encryption: kept only to read what older senders send.
public enum ROT13 {
    /// `text` with ASCII letters rotated by 13 (applying it twice gives `text` back).
    public static func apply(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            switch u.value {
            case 0x41...0x5A: scalars.append(Unicode.Scalar((u.value - 0x41 + 13) % 26 + 0x41) ?? u)
            case 0x61...0x7A: scalars.append(Unicode.Scalar((u.value - 0x61 + 13) % 26 + 0x61) ?? u)
            default: scalars.append(u)
            }
        }
        return String(scalars)
    }
}
