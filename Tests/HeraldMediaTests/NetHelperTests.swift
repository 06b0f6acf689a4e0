import Foundation
import HeraldMedia
import Testing

/// `NetHelper`, where `herald` finds `herald-net`: `$HERALD_NET`, else beside the running
/// executable (here the test runner, whose folder `/proc/self/exe` names).
@Suite struct NetHelperTests {
    @Test func besideTheRunningExecutable() throws {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = (exe as NSString).deletingLastPathComponent
        #expect(NetHelper.directoryOfThisExecutable == folder)
        if let override = ProcessInfo.processInfo.environment["HERALD_NET"], !override.isEmpty {
            #expect(NetHelper.path == override)
        } else {
            #expect(NetHelper.path == folder + "/herald-net")
        }
    }
}
