import ArgumentParser
import HeraldBuiltinTables
import HeraldICU
import HeraldJSON
import HeraldTables
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import HeraldDiagnostics
#endif

/// The flags every command that reads tables or a store shares (Docs/cli.md, "Common flags").
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Folder of <lang>.lproj/ tables and/or .xcstrings catalogs (default: ./Localizations if present, else the tables embedded in herald).")
    var tables: String?

    @Option(name: .long, help: "The shared container (default: $HERALD_STORE or ~/.herald).")
    var store: String?

    @Option(name: .long, help: "Key files for decryption (default: <store>/keys).")
    var keys: String?

    @Option(name: .long, help: "Fix \"now\" (ISO 8601), for relative dates and deadlines.")
    var now: String?

    @Option(name: .customLong("time-zone"), help: "IANA time zone for dates shown to the user.")
    var timeZone: String = CommonSettings.defaultTimeZone

    /// The flags as plain values.
    var settings: CommonSettings {
        CommonSettings(tables: tables, store: store, keys: keys, now: now, timeZone: timeZone)
    }

    /// The tables folder to read, or nil for the embedded tables.
    var tablesDirectory: String? { settings.tablesDirectory }

    /// The store folder: --store, $HERALD_STORE, ~/.herald.
    var storeDirectory: String { settings.storeDirectory }

    /// The key folder: --keys or <store>/keys.
    var keysDirectory: String { settings.keysDirectory }

    /// The catalog the tables flags name. Throws a usage error for a --tables that is not a folder.
    func catalog() throws -> any MessageCatalog { try settings.catalog() }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The common flags as plain values: what `CommonOptions` parsed, or what `herald render`'s
/// quick parser read (`RenderInvocation.init?(quickArguments:)`).
struct CommonSettings: Sendable {
    static let defaultTimeZone = "UTC"

    var tables: String?
    var store: String?
    var keys: String?
    var now: String?
    var timeZone: String = defaultTimeZone

    /// The tables folder to read, or nil for the embedded tables.
    var tablesDirectory: String? {
        if let tables { return tables }
        return CommonOptions.isDirectory("Localizations") ? "Localizations" : nil
    }

    /// The store folder: --store, $HERALD_STORE, ~/.herald.
    var storeDirectory: String {
        if let store { return store }
        if let env = getenv("HERALD_STORE"), env.pointee != 0 { return String(cString: env) }
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        return home + "/.herald"
    }

    /// The key folder: --keys or <store>/keys.
    var keysDirectory: String { keys ?? storeDirectory + "/keys" }

    /// The catalog the tables flags name. Throws a usage error for a --tables that is not a folder.
    func catalog() throws -> any MessageCatalog {
        if let dir = tablesDirectory {
            guard CommonOptions.isDirectory(dir) else {
                throw CLIFailure(code: 2, message: "--tables \(dir): not a directory")
            }
            return try CatalogFactory.directory(dir)
        }
        var contents: [String: String] = [:]
        for (path, text) in EmbeddedLocalizations.files { contents[path] = text }
        return try CatalogFactory.embedded(contents)
    }
}

/// A failure with the exit code Docs/cli.md gives it; printed as `herald: error: …`.
struct CLIFailure: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { message }

    /// A file that cannot be opened, said as every command says it:
    /// `<path>: no such file or directory` (the system's reason, lower case), exit 2.
    static func cannotOpen(_ path: String, errno code: Int32) -> CLIFailure {
        var reason = String(cString: strerror(code))
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        return CLIFailure(code: 2, message: "\(path): \(reason)")
    }

    /// Prints the message and exits with `code`. The message names files, keys and values
    /// from the command line or an input: their control characters are escaped.
    func exit() -> ExitCode {
        writeStderr("herald: error: \(OutsideText.escaped(message))\n")
        return ExitCode(code)
    }
}

func writeStderr(_ s: String) {
    var text = s
    _ = text.withUTF8 { writeAll(fd: 2, $0) }
}

/// write(2) until everything is written; 0, or the errno of the write that failed.
@discardableResult
func writeAll(fd: Int32, _ buf: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard var p = buf.baseAddress else { return 0 }
    var left = buf.count
    while left > 0 {
        let n = write(fd, p, left)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        p += n
        left -= n
    }
    return 0
}

/// Buffered standard output: bytes are copied into one 64 KiB block, which
/// is written when full (large batches write in 64 KiB pieces).
struct StdoutBuffer {
    /// The block; a class so it is freed when the buffer goes away.
    private final class Block {
        static let capacity = 1 << 16
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: Block.capacity)
        var count = 0
        deinit { base.deallocate() }
    }

    private let block = Block()

    init() {}

    /// Appends raw bytes, writing the block out whenever it fills.
    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var src = bytes.baseAddress else { return }
        var left = bytes.count
        // JSON output is mostly short pieces (`,"key":`, a locale tag): a
        // byte loop copies those cheaper than a call to memmove.
        if left <= 16, block.count + left <= Block.capacity {
            let dst = block.base + block.count
            for k in 0..<left { dst[k] = src[k] }
            block.count += left
            return
        }
        while left > 0 {
            if block.count == Block.capacity { flush() }
            let n = min(left, Block.capacity - block.count)
            (block.base + block.count).update(from: src, count: n)
            block.count += n
            src += n
            left -= n
        }
    }

    @inline(__always)
    private mutating func appendByte(_ b: UInt8) {
        if block.count == Block.capacity { flush() }
        block.base[block.count] = b
        block.count += 1
    }

    mutating func write(_ s: String) {
        var text = s
        text.withUTF8 { append($0) }
    }

    /// Writes a literal piece of output (no String in between).
    mutating func writeStatic(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    /// Writes `s` as a JSON string literal (quotes, backslashes and control characters escaped).
    mutating func writeQuoted(_ s: String) {
        var text = s
        text.withUTF8 { writeQuoted(bytes: $0) }
    }

    /// Writes UTF-8 `bytes` as a JSON string literal (see `JSONQuoting.quote`).
    mutating func writeQuoted(bytes: UnsafeBufferPointer<UInt8>) {
        let most = bytes.count * JSONQuoting.expansion + 2
        if writeInPlace(maximum: most, { JSONQuoting.quote(bytes, to: $0) }) { return }
        // Longer than a block: quoted into a buffer of its own.
        let spill = UnsafeMutablePointer<UInt8>.allocate(capacity: most)
        defer { spill.deallocate() }
        let n = JSONQuoting.quote(bytes, to: spill)
        append(UnsafeBufferPointer(start: spill, count: n))
    }

    /// Lets `body` write up to `maximum` bytes straight into the output
    /// (it returns how many it wrote). False, with nothing written, when
    /// `maximum` is more than a block holds.
    @inline(__always)
    mutating func writeInPlace(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> Bool {
        guard maximum <= Block.capacity else { return false }
        if block.count + maximum > Block.capacity { flush() }
        let n = body(block.base + block.count)
        block.count += n
        return true
    }

    mutating func flush() {
        guard block.count > 0 else { return }
        writeAll(fd: 1, UnsafeBufferPointer(start: block.base, count: block.count))
        block.count = 0
    }
}

/// Reads a whole payload file, or standard input for "-". Throws exit 2 when unreadable
/// or larger than `limit` (read no further than one block past it).
func readInput(_ path: String, limit: Int = InputLimits.payloadFileBytes) throws -> [UInt8] {
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else { throw CLIFailure.cannotOpen(path, errno: errno) }
    defer { if fd != 0 { close(fd) } }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw CLIFailure(code: 2, message: "\(path): read error (\(String(cString: strerror(errno))))")
        }
        if n == 0 { break }
        guard out.count + n <= limit else {
            throw CLIFailure(code: 2, message: "\(path == "-" ? "<stdin>" : path): more than \(InputLimits.describe(limit)), the most a payload file may hold")
        }
        out.append(contentsOf: chunk[0..<n])
    }
    return out
}

/// `--deadline-ms` of every command: at most an hour. A longer one is refused rather than
/// added to the clock, where it overflowed (the clock counts nanoseconds in 64 bits), and
/// no push, preview or store lock is worth waiting longer for.
enum DeadlineOption {
    static let maximumMilliseconds = 3_600_000

    /// Nil when `value` is in `minimum…maximumMilliseconds`, else the error line.
    static func problem(_ value: Int, minimum: Int) -> String? {
        guard value < minimum || value > maximumMilliseconds else { return nil }
        return "--deadline-ms must be \(minimum)…\(maximumMilliseconds) milliseconds, found \(value)"
    }
}

/// Where catalogs come from: a folder of tables, or files held in memory
/// (the tables embedded in the binary).
enum CatalogFactory {
    static func directory(_ dir: String) throws -> any MessageCatalog {
        do { return try Catalog(root: dir) } catch { throw CLIFailure(code: 2, message: "--tables \(error)") }
    }
    /// Tables embedded in the binary (path → text), read only when a lookup needs them.
    static func embedded(_ texts: [String: String]) throws -> any MessageCatalog {
        Catalog(texts: texts)
    }
}
