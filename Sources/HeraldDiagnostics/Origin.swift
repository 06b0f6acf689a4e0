/// Where something was read from. `file` is the path as given to the loader
/// (relative to the catalog root when loaded through a catalog).
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// The path as given (relative to the catalog root for a catalog).
    public var file: String
    /// 1-based line (0 when the origin is the whole file).
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based column in Unicode scalars (0 with `line` 0).
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    // Every entry and text of a table carries an origin (two per `.strings` pair), so line
    // and column are kept in 32 bits each: 24 bytes an origin instead of 32. Files are
    // capped (32 MiB a table, 1 MiB a payload) far below 2^31 lines or columns; a larger
    // figure would print as 2^31 - 1.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// Makes an origin.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// `file:line:col`, as compilers and editors print it; `file` alone for the whole file.
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
