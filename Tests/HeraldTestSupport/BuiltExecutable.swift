import Foundation

/// Finds an executable SwiftPM built next to the test runner (`<.build>/debug/NAME`:
/// `CommandLine.arguments[0]` is `<.build>/debug/…xctest` on Linux), or at the path in the
/// environment variable `override` when it is set.
public enum BuiltExecutable {
    public struct NotFound: Error, CustomStringConvertible {
        public let tried: [String]
        public var description: String { "executable not found; looked at: \(tried.joined(separator: ", "))" }
    }

    public static func url(named name: String, override: String? = nil) throws -> URL {
        let fileManager = FileManager.default
        var tried: [String] = []
        if let override, let path = ProcessInfo.processInfo.environment[override], !path.isEmpty {
            if fileManager.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
            tried.append(path)
        }
        let starts = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if fileManager.isExecutableFile(atPath: candidate.path),
                    fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
                {
                    return candidate
                }
                tried.append(candidate.path)
                directory.deleteLastPathComponent()
            }
        }
        throw NotFound(tried: tried)
    }
}
