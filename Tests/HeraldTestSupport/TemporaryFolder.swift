import Foundation

/// A fresh folder under the system's temporary directory, removed (with everything in it)
/// when the last reference to it goes: keep it in a `let` for as long as the test uses it.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Makes `<tmp>/<prefix>-<UUID>`; `create: false` leaves it to the test to create (a
    /// store folder that must not exist yet), and it is still removed at the end.
    public init(_ prefix: String = "herald-test", create: Bool = true) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        if create { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `relative` inside the folder.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` to `relative` (creating the folders on the way) and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let file = path(relative)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` as UTF-8 to `relative` (creating the folders on the way) and returns its path.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        try write(Array(text.utf8), to: relative)
    }

    /// Makes `relative` a symbolic link to `target`.
    public func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
    }

    /// Every regular file below the folder with its bytes, by relative path: "the folder is
    /// unchanged" compares two of these.
    public func contents() -> [String: Data] {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: path) else { return out }
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: path(relative), isDirectory: &isDirectory), !isDirectory.boolValue {
                out[relative] = fm.contents(atPath: path(relative))
            }
        }
        return out
    }
}
