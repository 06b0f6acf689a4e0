// herald-bench-media: what HeraldMedia's fetcher costs over a bare download. Its own
// executable, so that herald-bench links no HTTP stack (a release build of it then
// compiles neither SwiftNIO nor AsyncHTTPClient).
//
//   herald-bench-media [--iterations N] [--size BYTES]
//
// A loopback HTTP/1.1 server in this process serves an image of BYTES bytes
// (default 1,000,000: a PNG signature and filler, Content-Length set). Each
// iteration downloads it twice, interleaved:
//   baseline: a plain socket client that sends GET and writes the body to a
//             file (the least any downloader must do), and
//   herald:   MediaFetcher.fetch (AsyncHTTPClient request, streamed body,
//             type sniffing, SHA-256, temp file + rename).
// Reports medians, the extra time per fetch and the ratio, then the peak-RSS
// growth of fetches of 1 MB and of 9 MB (VmHWM reset through
// /proc/self/clear_refs): a streamed fetch must not grow with the file.
import Foundation
import HeraldMedia
import HeraldNetwork

import Glibc

func runMediaBench(args: [String]) {
    var iterations = 30
    var size = 1_000_000
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--iterations" where i + 1 < args.count: iterations = Int(args[i + 1]) ?? iterations; i += 1
        case "--size" where i + 1 < args.count: size = Int(args[i + 1]) ?? size; i += 1
        default:
            FileHandle.standardError.write(Data("herald-bench-media: unknown argument \(args[i])\n".utf8))
            exit(2)
        }
        i += 1
    }

    guard let server = BenchImageServer() else {
        FileHandle.standardError.write(Data("herald-bench media: cannot start the loopback server\n".utf8))
        exit(1)
    }
    let work = NSTemporaryDirectory() + "/herald-media-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let folder = work + "/attachments"
    let policy = MediaPolicy(allowHTTP: .hosts(["127.0.0.1"]), allowHosts: ["127.0.0.1"])

    func heraldFetch(_ bytes: Int) -> Duration {
        let url = "http://127.0.0.1:\(server.port)/\(bytes).png"
        let start = ContinuousClock.now
        let results = blockingAwait {
            await MediaFetcher.httpClient(policy: policy).fetch(
                [MediaReference(url: url, source: .heraldMedia)], into: folder, deadline: .now + .seconds(30))
        }
        let elapsed = ContinuousClock.now - start
        guard let file = results.first?.attachment?.file, file.byteCount == Int64(bytes) else {
            FileHandle.standardError.write(Data("herald-bench media: fetch failed: \(results)\n".utf8))
            exit(1)
        }
        unlink(file.path)
        return elapsed
    }

    func baselineFetch(_ bytes: Int) -> Duration {
        let start = ContinuousClock.now
        let got = rawDownload(port: server.port, path: "/\(bytes).png", to: work + "/baseline.bin")
        let elapsed = ContinuousClock.now - start
        guard got == bytes else {
            FileHandle.standardError.write(Data("herald-bench media: baseline got \(got) bytes\n".utf8))
            exit(1)
        }
        unlink(work + "/baseline.bin")
        return elapsed
    }

    // Warm up both paths (first connection pool, page cache, lazy symbol binding).
    for _ in 0..<3 {
        _ = heraldFetch(size)
        _ = baselineFetch(size)
    }
    var herald: [Double] = []
    var baseline: [Double] = []
    for _ in 0..<iterations {
        baseline.append(milliseconds(baselineFetch(size)))
        herald.append(milliseconds(heraldFetch(size)))
    }
    let h = median(herald)
    let b = median(baseline)
    print(
        String(
            format: "fetch %d bytes from loopback, median of %d: baseline %.2f ms, herald %.2f ms → extra %.2f ms per fetch, ratio %.2f×",
            size, iterations, b, h, h - b, h / b))

    // Peak memory: fetches of 1 MB and 9 MB, interleaved, each from a reset
    // peak (medians and maxima of `memoryRuns` runs). FoundationNetworking queues
    // received chunks for the delegate without back-pressure, so on loopback
    // (the network outrunning the disk) some chunks wait in memory; the queue
    // depth depends on timing, not on the file's size.
    let memoryRuns = 7
    var growth: [Int: [Int]] = [1_000_000: [], 9_000_000: []]
    for _ in 0..<memoryRuns {
        for bytes in [1_000_000, 9_000_000] {
            let before = resetPeakRSS()
            _ = heraldFetch(bytes)
            growth[bytes, default: []].append(peakRSSKiB() - before)
        }
    }
    for bytes in [1_000_000, 9_000_000] {
        let g = growth[bytes] ?? []
        print(
            "peak RSS growth during one \(bytes)-byte fetch: median \(Int(median(g.map(Double.init)))) KiB, max \(g.max() ?? 0) KiB (\(memoryRuns) runs)"
        )
    }
    // Control: the meter must see a 9 MB buffer held in memory.
    let before = resetPeakRSS()
    let held = [UInt8](repeating: 1, count: 9_000_000)
    let control = peakRSSKiB() - before
    print("control: holding a 9,000,000-byte buffer grows peak RSS by \(control) KiB (\(held.count / 1024) KiB expected)")
    server.stop()
}

private func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

private func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Resets VmHWM to the current RSS (Linux ≥ 4.0) and returns the current RSS in KiB.
private func resetPeakRSS() -> Int {
    if let f = fopen("/proc/self/clear_refs", "w") {
        fputs("5", f)
        fclose(f)
    }
    return statusField("VmRSS:")
}

private func peakRSSKiB() -> Int { statusField("VmHWM:") }

private func statusField(_ name: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
        return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
    }
    return 0
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Runs async work to completion from synchronous code.
private func blockingAwait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        done.signal()
    }
    done.wait()
    guard let v = box.value else { fatalError("blockingAwait: no value") }
    return v
}

/// GET over a plain socket; writes the body to `file`; returns the body length.
private func rawDownload(port: Int, path: String, to file: String) -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = in_port_t(UInt16(port).bigEndian)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let ok = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard ok == 0 else { return -1 }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    let out = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard out >= 0 else { return -1 }
    defer { close(out) }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var header: [UInt8] = []
    var inBody = false
    var body = 0
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        if inBody {
            _ = buffer.withUnsafeBytes { write(out, $0.baseAddress, n) }
            body += n
            continue
        }
        header.append(contentsOf: buffer[0..<n])
        if let end = headerEnd(header) {
            inBody = true
            let rest = Array(header[end...])
            _ = rest.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
            body += rest.count
            header = []
        }
    }
    return body
}

private func headerEnd(_ b: [UInt8]) -> Int? {
    guard b.count >= 4 else { return nil }
    for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 {
        return i + 4
    }
    return nil
}

/// Serves `/<N>.png`: N bytes (PNG signature, then filler) from one fixed buffer.
private final class BenchImageServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            return nil
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        listener = fd
        Thread { [self] in
            while true {
                let c = accept(listener, nil, nil)
                if c < 0 { return }
                Thread { Self.serve(c) }.start()
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static let chunk: [UInt8] = {
        var b = [UInt8](repeating: 0x5A, count: 65_536)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        b.replaceSubrange(0..<8, with: signature)
        return b
    }()

    private static func serve(_ fd: Int32) {
        defer { close(fd) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while headerEnd(request) == nil {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
            request.append(contentsOf: buffer[0..<n])
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        let path = line.count > 1 ? line[1] : "/"
        let size = Int(path.dropFirst().split(separator: ".").first ?? "") ?? 0
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(size)\r\nConnection: close\r\n\r\n".utf8)
        guard sendAll(fd, head[...]) else { return }
        var left = size
        var first = true
        while left > 0 {
            let n = min(left, chunk.count)
            // Only the first chunk starts with the PNG signature.
            let slice = first ? chunk[0..<n] : chunk[8..<min(chunk.count, n + 8)]
            guard sendAll(fd, slice) else { return }
            left -= slice.count
            first = false
        }
        shutdown(fd, Int32(SHUT_WR))
        while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
    }

    private static func sendAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}
