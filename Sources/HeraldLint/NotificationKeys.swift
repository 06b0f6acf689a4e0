/// The `notifications` globs of a configuration as they apply to the keys of one table:
/// made once per table, asked once per entry, with the same answers as matching every
/// `Table:key` glob against the text "table:key" (`LintConfiguration.isNotification`).
///
/// When neither the table nor the key holds a ':', "table:key" holds exactly one, so a glob
/// with exactly one ':' matches it only with its ':' on that one (a literal matches only
/// itself): its table part matches the table and its key part the key. The table part is
/// matched once, here; a table no glob names asks no key glob, and a key part of only `*`
/// matches every key without looking at it. Globs with no ':' are matched against the whole
/// text, globs with several never match such a name; a table or key that holds a ':' itself
/// is matched the way `isNotification` matches it.
public struct NotificationKeys: Sendable {
    /// The table the keys belong to.
    let table: String
    /// Every glob, matched whole when the table or a key holds a ':'.
    let globs: [Glob]
    /// A glob names every key of the table (its key part is only stars).
    let all: Bool
    /// The key parts of the globs whose table part matches the table.
    let keyGlobs: [Glob]
    /// Globs without a ':', matched against "table:key".
    let wholeGlobs: [Glob]
    /// The table's name holds a ':': every key is matched the long way.
    let tableHasColon: Bool

    /// The globs of `configuration` for the keys of `table`.
    public init(table: String, configuration: LintConfiguration) {
        self.init(table: table, globs: configuration.notifications)
    }

    init(table: String, globs: [Glob]) {
        self.table = table
        self.globs = globs
        tableHasColon = table.utf8.contains(Self.colon)
        var all = false
        var keyGlobs: [Glob] = []
        var wholeGlobs: [Glob] = []
        if !tableHasColon {
            for glob in globs {
                let pattern = glob.pattern.utf8
                guard let colon = pattern.firstIndex(of: Self.colon) else {
                    wholeGlobs.append(glob)
                    continue
                }
                // Several ':': the name has one; a literal ':' matches only a ':'.
                guard !pattern[pattern.index(after: colon)...].contains(Self.colon) else { continue }
                let tablePart = String(glob.pattern[..<colon])
                guard Glob(tablePart, separator: nil).matches(table) else { continue }
                let keyPart = String(glob.pattern[pattern.index(after: colon)...])
                if !keyPart.isEmpty, keyPart.utf8.allSatisfy({ $0 == UInt8(ascii: "*") }) {
                    all = true
                } else {
                    keyGlobs.append(Glob(keyPart, separator: nil))
                }
            }
        }
        self.all = all
        self.keyGlobs = all ? [] : keyGlobs
        self.wholeGlobs = all ? [] : wholeGlobs
    }

    private static let colon = UInt8(ascii: ":")

    /// True when the push budget applies to `key` of this table.
    public func contains(_ key: String) -> Bool {
        let whole = key
        var key = key
        // The key's bytes are looked at once: for ':' and for being plain ASCII, which lets
        // each key glob match the bytes without checking them again.
        return key.withUTF8 { bytes in
            var colon = false
            for b in bytes where b == Self.colon { colon = true; break }
            if tableHasColon || colon {
                let name = table + ":" + whole
                return globs.contains { $0.matches(name) }
            }
            if all { return true }
            let ascii = Glob.isPlainASCII(bytes)
            for glob in keyGlobs {
                if ascii, let answer = glob.matches(asciiName: bytes) {
                    if answer { return true }
                } else if glob.matches(whole) {
                    return true
                }
            }
            guard !wholeGlobs.isEmpty else { return false }
            let name = table + ":" + whole
            return wholeGlobs.contains { $0.matches(name) }
        }
    }
}
