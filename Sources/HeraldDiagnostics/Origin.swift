/// Where something was read from. `file` is the path as given to the loader
/// (relative to the catalog root when loaded through a catalog).
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// The path as given (relative to the catalog root for a catalog).
    public var file: String
    /// 1-based line (0 when the origin is the whole file).
    public var line: Int
    /// 1-based column in Unicode scalars (0 with `line` 0).
    public var column: Int

    /// Makes an origin.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, as compilers and editors print it.
    public var description: String { "\(file):\(line):\(column)" }
}
