import Foundation
import HeraldCommandLine
import HeraldLint
import HeraldMedia

/// `herald-sourcekeys`, the helper that reads an app's Swift code for `validate --sources`
/// (swift-syntax is linked there, not in herald): found as herald-net is, $HERALD_SOURCEKEYS
/// when set, else beside herald.
enum SourceKeysHelper {
    static var path: String { NetHelper.sibling("herald-sourcekeys", environmentVariable: "HERALD_SOURCEKEYS") }

    /// The lookups of the Swift code below `directory`.
    static func scan(_ directory: String) throws -> CodeLookups {
        let helper = path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = [directory]
        let output = Pipe()
        // What the helper says on standard error (a usage line, a crash) goes to herald's own.
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure.failure("--sources: cannot run \(helper) (\(error.localizedDescription)); install herald-sourcekeys beside herald, or set HERALD_SOURCEKEYS")
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            throw CommandFailure.failure("--sources: \(helper) failed (\(how))")
        }
        do {
            return try CodeLookups(wire: [UInt8](bytes))
        } catch {
            throw CommandFailure.failure("--sources: \(helper) printed what herald cannot read: \(error.description)")
        }
    }
}
