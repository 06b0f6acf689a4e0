// The one answer to "is this a table file, and which": every command, the catalog, the
// linter's bundle grouping, the service's uploads, XLIFF's `original` and the build plugin
// that embeds Localizations/ ask here.

/// The file format a table entry was read from.
public enum TableFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// `.strings`: `"key" = "value";` text, or an old-style or XML property list.
    case strings
    /// `.stringsdict`: a property list of plural (and width) variants.
    case stringsdict
    /// `.xcstrings`: a String Catalog (JSON) holding every localization of a table.
    case xcstrings

    /// The file name suffixes of the three formats, with their dot.
    public static let fileExtensions = allCases.map(\.fileExtension)

    /// The suffix this format's files end in, with its dot (`.stringsdict`).
    public var fileExtension: String { "." + rawValue }

    /// The format whose suffix `name` (a file name or path) ends in, with something before
    /// it: `de.lproj/Localizable.strings` is `.strings`; `.strings` alone, `Info.plist` nil.
    public init?(fileName name: some StringProtocol) {
        guard let path = TablePath(name) else { return nil }
        self = path.format
    }

    /// Whether `name` (a file name or path) is a table file's: `TableFormat(fileName:)` is not nil.
    public static func isTableFileName(_ name: String) -> Bool {
        TableFormat(fileName: name) != nil
    }

    /// The table a file holds: its name without the format's suffix (`Localizable` for
    /// `en.lproj/Localizable.strings`); nil when it is not a table file.
    public static func tableName(of path: String) -> String? {
        TablePath(path)?.table
    }
}

/// What a table file's path says: its format, its table, and the `.lproj` folder it is in.
public struct TablePath: Sendable, Hashable {
    /// The format its suffix names.
    public var format: TableFormat
    /// The table: the file name without the suffix (never empty).
    public var table: String
    /// The localization of the `.lproj` folder holding it (`pt-BR` for
    /// `pt-BR.lproj/Localizable.strings`), nil when its folder is not one.
    public var localization: String?

    /// Whether a bundle holds it as a table: a String Catalog anywhere, a `.strings` or
    /// `.stringsdict` file only inside an `.lproj` folder (what `herald validate` and the
    /// service's uploads read; a loose `.strings` file named on its own is read all the same).
    public var isInBundle: Bool { format == .xcstrings || localization != nil }

    /// Reads `path` (a name, or `/`-separated components); nil when it is not a table file.
    public init?(_ path: some StringProtocol) {
        let text = String(path)
        guard let found = Self.printableASCII(text) ?? Self.anyPath(text) else { return nil }
        self = found
    }

    /// `init` for any path, by Characters.
    static func anyPath(_ path: String) -> TablePath? {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return nil }
        guard let format = TableFormat.allCases.first(where: { name.hasSuffix($0.fileExtension) }) else { return nil }
        let table = String(name.dropLast(format.fileExtension.count))
        guard !table.isEmpty else { return nil }
        let folder = parts.count >= 2 ? parts[parts.count - 2] : nil
        let localization = folder.flatMap { $0.hasSuffix(".lproj") && $0.count > 6 ? String($0.dropLast(6)) : nil }
        return TablePath(format: format, table: table, localization: localization)
    }

    /// `init` for a path of printable ASCII (where a character is a byte), read on its bytes:
    /// the Character-based splitting and suffix tests cost ~18k instructions a file, a third
    /// of a render's table scan. `.some(nil)`: not a table file; nil: not printable ASCII,
    /// ask the general reading.
    static func printableASCII(_ path: String) -> TablePath?? {
        var path = path
        return path.withUTF8 { bytes -> TablePath?? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let slash = UInt8(ascii: "/")
            // The last two non-empty components.
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return .some(nil) }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            var folderEnd = start
            while folderEnd > 0, bytes[folderEnd - 1] == slash { folderEnd -= 1 }
            var folderStart = folderEnd
            while folderStart > 0, bytes[folderStart - 1] != slash { folderStart -= 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let folder = UnsafeBufferPointer(rebasing: bytes[folderStart..<folderEnd])
            func hasSuffix(_ b: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
                let n = suffix.utf8CodeUnitCount
                guard b.count >= n else { return false }
                let p = suffix.utf8Start
                var i = 0
                while i < n, b[b.count - n + i] == p[i] { i += 1 }
                return i == n
            }
            let format: TableFormat
            let extLength: Int
            if hasSuffix(name, ".stringsdict") {
                (format, extLength) = (.stringsdict, 12)
            } else if hasSuffix(name, ".strings") {
                (format, extLength) = (.strings, 8)
            } else if hasSuffix(name, ".xcstrings") {
                (format, extLength) = (.xcstrings, 10)
            } else {
                return .some(nil)
            }
            guard name.count > extLength else { return .some(nil) }
            let localization: String? =
                hasSuffix(folder, ".lproj") && folder.count > 6
                ? String(decoding: UnsafeBufferPointer(rebasing: folder.dropLast(6)), as: UTF8.self) : nil
            return TablePath(
                format: format, table: String(decoding: UnsafeBufferPointer(rebasing: name.dropLast(extLength)), as: UTF8.self),
                localization: localization)
        }
    }

    init(format: TableFormat, table: String, localization: String?) {
        (self.format, self.table, self.localization) = (format, table, localization)
    }
}
