import Foundation
import HeraldJSON
import HeraldSync
import HeraldTestSupport
import Testing

@testable import HeraldMedia

/// The real `herald-net fetch`, spawned from a thread that blocks SIGHUP, SIGINT and SIGTERM
/// (as a Dispatch or NIO thread does: a spawned child inherits its parent thread's mask), must
/// be stoppable by those signals once it is at work (issue 31 item 15: it was reported to start
/// with them blocked). Checked on the running helper, not on a script: its main thread (the
/// one a process-directed signal goes to when every other thread blocks it) blocks none of
/// them, and SIGTERM ends it. Its download waits on a loopback listener that never answers,
/// so only the signal can end it before its two-minute deadline.
@Suite(.serialized) struct HelperSignalTests {
    /// A loopback listener that accepts one connection and holds it open.
    final class Listener: @unchecked Sendable {
        let fd: Int32
        let port: UInt16
        private var connection: Int32 = -1

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Bool in
                    bind(fd, p, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, p, &length) == 0
                }
            }
            guard fd >= 0, bound else {
                if fd >= 0 { close(fd) }
                throw CocoaError(.fileReadUnknown)
            }
            self.fd = fd
            port = UInt16(bigEndian: address.sin_port)
        }

        /// Waits up to `seconds` for a connection; true when one came.
        func accept(seconds: Int32) -> Bool {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, seconds * 1000) == 1 else { return false }
            connection = Glibc.accept(fd, nil, nil)
            return connection >= 0
        }

        deinit {
            if connection >= 0 { close(connection) }
            close(fd)
        }
    }

    /// The helper's answers, set once by the thread that ran it; waited for with a bound.
    final class Outcome: @unchecked Sendable {
        // `@unchecked Sendable`: `value` is only touched under `condition`.
        private let condition = NSCondition()
        private var value: [Result<DownloadedFile, MediaFailure>]?

        func set(_ v: [Result<DownloadedFile, MediaFailure>]) {
            condition.lock()
            value = v
            condition.broadcast()
            condition.unlock()
        }

        func wait(seconds: Double) -> [Result<DownloadedFile, MediaFailure>]? {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(seconds)
            while value == nil, condition.wait(until: limit) {}
            return value
        }
    }

    /// The blocked-signal mask of `pid`'s main thread (`SigBlk` in /proc).
    static func blockedMask(of pid: pid_t) throws -> UInt64? {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("SigBlk:") {
            return UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        return nil
    }

    @Test func theRealHelperEndsOnSIGTERMWhenSpawnedFromAThreadThatBlocksIt() async throws {
        let helper = try HelperProcessDownloaderTests.helperPath()
        let listener = try Listener()
        let folder = try TemporaryFolder("herald-media-tests")
        let policy = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])
        let request = MediaDownloadWire.Request(
            urls: ["http://127.0.0.1:\(listener.port)/a.png"], policy: policy, folder: folder.path, timeoutMilliseconds: 120_000)
        let bytes = Array(JSONWriter.write(request.json).utf8)
        let run = HelperRun(executable: helper, arguments: ["fetch"], count: 1)
        let outcome = Outcome()
        let spawner = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            for s in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&signals, s) }
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            outcome.set(run.run(request: bytes, killAt: .now + .seconds(125)))
        }
        // The waits below block: on a thread of their own, not the cooperative pool's.
        let executor = DedicatedExecutor()
        defer { executor.shutdown() }
        let (connected, mask, result) = await withTaskExecutorPreference(executor) {
            () -> (Bool, UInt64?, [Result<DownloadedFile, MediaFailure>]?) in
            spawner.start()
            // At work: it has connected to the listener.
            let connected = listener.accept(seconds: 120)
            let pid = run.pid
            let mask = connected && pid > 0 ? try? Self.blockedMask(of: pid) : nil
            if pid > 0 { kill(pid, SIGTERM) }
            return (connected, mask, outcome.wait(seconds: 300))
        }
        #expect(connected, "herald-net never connected: \(String(describing: result))")
        let stopSignals: UInt64 = 1 << UInt64(SIGHUP - 1) | 1 << UInt64(SIGINT - 1) | 1 << UInt64(SIGTERM - 1)
        #expect(mask.map { $0 & stopSignals } == 0, "SigBlk \(String(mask ?? 0, radix: 16))")
        guard case .failure(let failure)? = result?.first else {
            Issue.record("no failure: \(String(describing: result))")
            return
        }
        #expect("\(failure)".contains("killed by signal \(SIGTERM)"), "\(failure)")
    }
}
