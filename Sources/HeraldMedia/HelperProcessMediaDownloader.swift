import HeraldJSON
import HeraldSync

import Glibc

/// Downloads by running a helper executable (`herald-net fetch`, which uses
/// `HTTPMediaDownloader`): the calling process never loads
/// an HTTP stack (SwiftNIO, AsyncHTTPClient, TLS), so a `herald render` of a push without
/// media stays small and starts fast, and one with media pays for the network
/// stack in a separate, short-lived process.
///
/// The request goes to the helper's standard input (`MediaDownloadWire.Request`),
/// written into the pipe before the helper starts, so the caller can never be
/// hit by SIGPIPE; answers come back as JSON Lines on its standard output as
/// each transfer ends. The helper enforces the deadline itself; should it still
/// run `killGrace` after the deadline, or the calling task be cancelled, its
/// process group (the helper and anything it started) is killed (SIGKILL) and the items without an answer fail with `.timedOut` /
/// `.cancelled` (a killed transfer's `.part` file is removed by
/// `AttachmentFolder.cleanUp` once stale).
public struct HelperProcessMediaDownloader: MediaDownloader {
    /// The helper's path.
    public var executable: String
    /// The arguments after the program name.
    public var arguments: [String]
    /// How long after the deadline a helper that has not finished is killed.
    public var killGrace: Duration

    /// A downloader that runs `executable` with `arguments` for each fetch.
    ///
    /// - Parameters:
    ///   - executable: The helper's path (`herald-net`).
    ///   - arguments: Its arguments (`fetch`).
    ///   - killGrace: How long the helper may take to stop after the deadline before it is killed.
    public init(executable: String, arguments: [String] = ["fetch"], killGrace: Duration = .milliseconds(250)) {
        self.executable = executable
        self.arguments = arguments
        self.killGrace = killGrace
    }

    /// The largest request written to the helper (it must fit a pipe's buffer).
    static let maxRequestBytes = 60_000
    /// The most answer bytes read from the helper (a few lines per URL are expected).
    static let maxAnswerBytes = 1 << 20

    /// Downloads `urls` into `folder` under `policy` by `deadline` in the helper; one result per URL, in order.
    public func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
    {
        if urls.isEmpty { return [] }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return urls.map { _ in .failure(.timedOut) } }
        let (s, atto) = left.components
        let ms = s > Int64.max / 2000 ? Int64.max / 2 : s * 1000 + atto / 1_000_000_000_000_000
        let request = MediaDownloadWire.Request(urls: urls, policy: policy, folder: folder, timeoutMilliseconds: ms)
        let bytes = Array(JSONWriter.write(request.json).utf8)
        guard bytes.count <= Self.maxRequestBytes else {
            return urls.map { _ in .failure(.io("the download request (\(bytes.count) bytes) is too large for the helper")) }
        }
        let run = HelperRun(executable: executable, arguments: arguments, count: urls.count)
        let killAt = deadline + killGrace
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<[Result<DownloadedFile, MediaFailure>], Never>) in
                // The run blocks its thread (poll, waitpid) until the helper ends: on a parked
                // thread of its own, never on a Dispatch or cooperative-pool thread, which other
                // work may need (and which, blocked by others, would delay this run past its deadline).
                ParkedThreads.shared.run {
                    c.resume(returning: run.run(request: bytes, killAt: killAt))
                }
            }
        } onCancel: {
            run.cancel()
        }
    }
}

/// One run of the helper: spawn, read answers until end of file or the kill time, reap.
final class HelperRun: Sendable {
    let executable: String
    let arguments: [String]
    let count: Int

    private struct State {
        var pid: pid_t = 0
        var cancelled = false
        var exited = false
    }

    private let state = Locked(State())

    init(executable: String, arguments: [String], count: Int) {
        self.executable = executable
        self.arguments = arguments
        self.count = count
    }

    /// The helper's process id once it is spawned, 0 before (for tests).
    var pid: pid_t { state.withLock { $0.pid } }

    /// Kills the helper (or stops it from starting).
    func cancel() {
        state.withLock { s in
            s.cancelled = true
            if s.pid > 0 && !s.exited { kill(-s.pid, SIGKILL) }
        }
    }

    func run(request: [UInt8], killAt: ContinuousClock.Instant) -> [Result<DownloadedFile, MediaFailure>] {
        var outcomes = [Result<DownloadedFile, MediaFailure>?](repeating: nil, count: count)
        func all(_ f: MediaFailure) -> [Result<DownloadedFile, MediaFailure>] { outcomes.map { $0 ?? .failure(f) } }

        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard Self.pipeCloseOnExec(&input) else { return all(.io("cannot create a pipe: \(Self.errnoText())")) }
        guard Self.pipeCloseOnExec(&output) else {
            close(input[0])
            close(input[1])
            return all(.io("cannot create a pipe: \(Self.errnoText())"))
        }
        defer { close(output[0]) }
        // The whole request goes into the pipe before the helper exists: no write can block or raise SIGPIPE.
        _ = fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK)
        let written = request.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])
        guard written == request.count else {
            close(input[0])
            close(output[1])
            return all(.io("cannot hand the download request to the helper: \(written < 0 ? Self.errnoText() : "pipe full")"))
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }

        // This runs on a thread that may block almost every signal: the helper
        // starts with an empty signal mask and default dispositions (else only SIGKILL
        // would stop it), in a process group of its own, so that the deadline ends it
        // and anything it started.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let spawned: Int32 = state.withLock { s in
            if s.cancelled { return ECANCELED }
            var pid: pid_t = 0
            let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            if rc == 0 { s.pid = pid }
            return rc
        }
        close(input[0])
        close(output[1])
        if spawned == ECANCELED { return all(.cancelled) }
        guard spawned == 0 else {
            return all(.io("cannot start the download helper \(executable): \(String(cString: strerror(spawned)))"))
        }

        // Answers, line by line, until end of file or the kill time.
        var buffer: [UInt8] = []
        var total = 0
        var killedAtDeadline = false
        var chunk = [UInt8](repeating: 0, count: 16_384)
        reading: while true {
            let left = ContinuousClock.now.duration(to: killAt)
            if left <= .zero {
                killedAtDeadline = true
                break
            }
            let (s, atto) = left.components
            let ms = Int32(clamping: s * 1000 + atto / 1_000_000_000_000_000 + 1)
            var p = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, ms)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            if n == 0 { break }
            total += n
            buffer.append(contentsOf: chunk[0..<n])
            while let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<nl])
                buffer.removeSubrange(...nl)
                if let json = try? JSONParser.parse(bytes: line), let (i, outcome) = MediaDownloadWire.parseAnswer(json),
                    i < outcomes.count
                {
                    outcomes[i] = outcome
                }
            }
            if total > HelperProcessMediaDownloader.maxAnswerBytes { break reading }
        }

        let status = reap(killAt: killAt, force: killedAtDeadline || total > HelperProcessMediaDownloader.maxAnswerBytes)
        let cancelled = state.withLock { $0.cancelled }
        if cancelled { return all(.cancelled) }
        if killedAtDeadline { return all(.timedOut) }
        return all(.io("the download helper \(executable) ended without answering (\(status))"))
    }

    /// Waits for the helper to exit (killing it when `force`, or when it outlives the kill time).
    private func reap(killAt: ContinuousClock.Instant, force: Bool) -> String {
        let pid = state.withLock { $0.pid }
        // The helper leads its own process group: the whole group is ended.
        if force { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while true {
            // Reaped under the lock, so `cancel` never signals a pid the system may have reused.
            let (r, failure) = state.withLock { s -> (pid_t, Int32) in
                let r = waitpid(pid, &status, WNOHANG)
                let failure = errno
                if r == pid || (r < 0 && failure != EINTR) { s.exited = true }
                return (r, failure)
            }
            if r == pid { break }
            if r < 0 && failure != EINTR { return "cannot wait for it: \(String(cString: strerror(failure)))" }
            if ContinuousClock.now >= killAt { kill(-pid, SIGKILL) }
            usleep(1000)
        }
        // Whatever the helper started and left behind goes with it (the group outlives its
        // leader only while a member lives, so the id cannot have been reused meanwhile).
        kill(-pid, SIGKILL)
        let code = status & 0x7f
        if code == 0 { return "exit status \((status >> 8) & 0xff)" }
        return "killed by signal \(code)"
    }

    /// pipe(2) with both ends close-on-exec (pipe2 is not in Glibc's Swift overlay) and
    /// above the standard descriptors: were this process started with stdin or stdout
    /// closed, a pipe end numbered 0 or 1 would make the helper's dup2 a no-op that keeps
    /// close-on-exec, and the helper would start without its request or its answers.
    private static func pipeCloseOnExec(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for i in fds.indices {
            if fds[i] > 2 {
                _ = fcntl(fds[i], F_SETFD, FD_CLOEXEC)
                continue
            }
            let moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 3)
            close(fds[i])
            fds[i] = moved
        }
        guard fds.allSatisfy({ $0 >= 0 }) else {
            for fd in fds where fd >= 0 { close(fd) }
            return false
        }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
