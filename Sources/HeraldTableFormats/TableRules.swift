// The rules the table readers report under (`herald validate` reports them too),
// each with what it means beside it.

extension Diagnostic.Rule {
    public static let syntax = Self("syntax")  // The file does not parse; a device drops the whole file (or everything after the error).
    public static let encoding = Self("encoding")  // Encoding damage: invalid UTF-8, a misplaced byte order mark, an undetectable encoding.
    public static let duplicateKey = Self("duplicate-key")  // A key written twice in one file; the last one wins.
    public static let structure = Self("structure")  // A `.stringsdict` or `.xcstrings` entry not shaped the way Foundation and Xcode read it.
    public static let io = Self("io")  // A file or folder that cannot be read.
}
