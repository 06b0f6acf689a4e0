import Glibc
import HeraldDiagnostics
import HeraldJSON
import HeraldSync
public import Logging
import ServiceLifecycle

/// Where `herald serve`'s log lines go (Docs/service.md, "Logs"): a 64 KiB buffer in front of
/// a file descriptor, so the access log — a line per request — costs a copy, not a write and a
/// flush each. The buffer goes out when it fills, at once for a line at `warning` or above,
/// every `interval` (`LogFlusher`), and at exit; nothing buffered is lost at graceful shutdown.
public final class LogSink: Sendable {
    /// Standard error, where `herald serve` logs.
    public static let standardError = LogSink(fileDescriptor: 2)

    private let state: Locked<State>

    private struct State {
        var out: BufferedOutput
        /// The second the cached timestamp is for, and its text.
        var second = 0
        var stamp: [UInt8] = []
    }

    /// A sink writing to `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        state = Locked(State(out: BufferedOutput(fileDescriptor: fileDescriptor)))
    }

    /// Appends one line (`text` after the timestamp and a space); `urgent` writes it out now.
    func write(_ text: String, urgent: Bool) {
        var text = text
        let now = time(nil)
        state.withLock { state in
            if state.second != now || state.stamp.isEmpty {
                state.second = now
                state.stamp = Self.timestamp(now)
            }
            state.stamp.withUnsafeBufferPointer { state.out.write(bytes: $0) }
            state.out.writeStatic(" ")
            text.withUTF8 { state.out.write(bytes: $0) }
            if urgent { state.out.flush() }
        }
    }

    /// Writes out what is buffered.
    public func flush() {
        state.withLock { $0.out.flush() }
    }

    /// `2026-11-24T11:10:07+0000` (local time, as swift-log's stream handler writes it).
    static func timestamp(_ seconds: time_t) -> [UInt8] {
        var seconds = seconds
        var parts = tm()
        var buffer = [CChar](repeating: 0, count: 64)
        guard localtime_r(&seconds, &parts) != nil else { return Array("?".utf8) }
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return buffer[..<n].map { UInt8(bitPattern: $0) }
    }
}

/// swift-log's handler for `herald serve`: the line of swift-log's stream handler
/// (`<time> <level> <label> : <key>=<value>… [<module>] <message>`, keys sorted), with every
/// value's control characters escaped (a value may come from a request or a table), into a
/// `LogSink`. The line is only built for a message at or above the level.
public struct ServiceLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let sink: LogSink

    /// A handler for the logger `label`, logging at `level` and above into `sink`.
    public init(label: String, level: Logger.Level, sink: LogSink = .standardError) {
        self.label = label
        logLevel = level
        self.sink = sink
        metadataProvider = LoggingSystem.metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { all.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty { all.merge(explicit) { $1 } }
        if let error = event.error { all["error.message"] = "\(error)" }
        var line = "\(event.level) \(label):"
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            line += " "
            Self.append(key, to: &line)
            line += "="
            Self.append(value.description, to: &line)
        }
        line += " ["
        line += event.source
        line += "] "
        Self.append(event.message.description, to: &line)
        line += "\n"
        sink.write(line, urgent: event.level >= .warning)
    }

    /// `text` with its control characters escaped (printable ASCII, the usual case, as it is).
    static func append(_ text: String, to line: inout String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            line += text
        } else {
            line += OutsideText.escaped(text)
        }
    }
}

/// Writes a `LogSink` out every `interval` while `herald serve` runs, and once more when it
/// stops (listed first in the service group, it is the last to stop: after the server has
/// answered and logged the requests in flight).
struct LogFlusher: Service {
    let sink: LogSink
    let interval: Duration

    func run() async throws {
        defer { sink.flush() }
        // Ends at graceful shutdown (or cancellation), which also ends the sleep early.
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            sink.flush()
        }
    }
}
