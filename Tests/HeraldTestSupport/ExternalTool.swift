import Foundation

/// Programs some tests use that a machine with only the Swift toolchain may not have
/// (PostgreSQL, xmllint, python3's jsonschema): `swift test` there skips what needs them,
/// and under CI (`CI` set, as `.ci/run` sets it after installing them) they are required.
public enum ExternalTool {
    /// `CI` set to anything but empty, "0" or "false".
    public static let isCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// Run a test that needs a tool when the tool is there, and always under CI (where its
    /// absence fails the test with the tool's install line).
    public static func shouldRun(_ available: Bool) -> Bool { available || isCI }

    public static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Whether `python3 -c "import MODULE"` succeeds.
    public static func pythonHas(_ module: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
