/// Text with some of its Unicode scalars written another way: the one loop behind the
/// escapers of the text formats Herald writes besides JSON (`.strings` quoting,
/// property-list XML, GitHub workflow commands). JSON has `JSONWriter`.
public enum ScalarEscaping {
    /// `text` with every scalar for which `replacement` answers replaced by the answer;
    /// the others are kept as they are.
    public static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let written = replacement(scalar) { out += written } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
