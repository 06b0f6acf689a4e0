/// The server's own folders — the key folder, the tables folder — kept out of every answer
/// (Docs/security.md): a diagnostic that names a key file (`<keys>/k1.key`) or a table file
/// says `<keys>/k1.key` or `de.lproj/Localizable.strings` instead, so a caller learns nothing
/// of the server's file system.
struct ServerPaths: Sendable {
    /// Each folder and what stands in for it, the longest first (one may hold the other).
    private let replacements: [(path: String, shown: String)]

    init(keys: String?, tables: String?) {
        var replacements: [(String, String)] = []
        for (path, shown) in [(keys, "<keys>"), (tables, "<tables>")] {
            guard let path, !path.isEmpty else { continue }
            var trimmed = path
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
            replacements.append((trimmed, shown))
        }
        self.replacements = replacements.sorted { $0.0.utf8.count > $1.0.utf8.count }
    }

    /// `text` with every folder of the server's replaced.
    func scrub(_ text: String) -> String {
        var out = text
        for (path, shown) in replacements where out.contains(path) {
            out = out.replacingOccurrences(of: path, with: shown)
        }
        return out
    }
}
