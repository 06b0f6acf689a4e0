// herald-bench stage: the fixture and the checker around `herald render --batch`
// (Tools/bench/stage.sh times the real binary; this file makes its input and
// proves its output right, so a fast wrong answer never counts).
//
//   herald-bench stage requests --payloads DIR --count N --out FILE
//       Writes N JSON Lines requests {"id", "locale", "payload"}, cycling the
//       payload files of DIR (sorted by name; `herald seal` output) and 16 locales.
//   herald-bench stage check FILE N
//       Reads `herald render --batch` output: N lines, ids "0"… in order, no
//       error, no fallback, every payload ≤ 4096 bytes and its alert non-empty.
//       Prints "lines=… fallbacks=0 errors=0 max_bytes=…"; exit 1 on any failure.
import Foundation
import HeraldJSON

/// Locales the stage benchmark cycles through (left-to-right, right-to-left, CJK, Cyrillic).
private let stageBenchLocales = [
    "en", "de", "fr", "es", "pt-BR", "it", "ja", "zh-Hans", "ru", "pl", "ar", "he", "hi", "cs", "ko", "tr",
]

func runStageBench(args: [String]) {
    switch args.first {
    case "requests":
        var payloadDir: String?
        var count = 10_000
        var out: String?
        var i = 1
        while i < args.count {
            let value = i + 1 < args.count ? args[i + 1] : ""
            switch args[i] {
            case "--payloads": payloadDir = value
            case "--count": count = Int(value) ?? count
            case "--out": out = value
            default: stageBenchFail("unknown argument \(args[i])")
            }
            i += 2
        }
        guard let payloadDir, let out else { stageBenchFail("requests needs --payloads DIR and --out FILE") }
        writeStageRequests(payloadDir: payloadDir, count: count, out: out)
    case "check":
        guard args.count >= 3, let expected = Int(args[2]) else { stageBenchFail("check needs FILE N") }
        checkStageOutput(path: args[1], expected: expected)
    default:
        print("usage: herald-bench stage requests --payloads DIR --count N --out FILE | check FILE N")
        exit(args.isEmpty ? 0 : 2)
    }
}

private func stageBenchFail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("herald-bench stage: \(message)\n".utf8))
    exit(1)
}

private func writeStageRequests(payloadDir: String, count: Int, out: String) {
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: payloadDir).filter { $0.hasSuffix(".json") }.sorted()
    } catch {
        stageBenchFail("cannot list \(payloadDir): \(error.localizedDescription)")
    }
    guard !names.isEmpty else { stageBenchFail("no .json payloads in \(payloadDir)") }
    var payloads: [JSONValue] = []
    for name in names {
        let path = payloadDir + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { stageBenchFail("cannot read \(path)") }
        do { payloads.append(try JSONParser.parse(bytes: Array(data))) } catch { stageBenchFail("\(path): \(error)") }
    }
    var text = ""
    text.reserveCapacity(count * 600)
    for n in 0..<count {
        let request = JSONObject([
            ("id", .string(String(n))),
            ("locale", .string(stageBenchLocales[n % stageBenchLocales.count])),
            ("payload", payloads[(n / stageBenchLocales.count) % payloads.count]),
        ])
        text += JSONWriter.write(.object(request))
        text += "\n"
    }
    guard FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) else { stageBenchFail("cannot write \(out)") }
    print("requests=\(count) payloads=\(payloads.count) locales=\(stageBenchLocales.count)")
}

private func checkStageOutput(path: String, expected: Int) {
    guard let data = FileManager.default.contents(atPath: path) else { stageBenchFail("cannot read \(path)") }
    var lines = 0
    var errors = 0
    var fallbacks = 0
    var maxBytes = 0
    var problems: [String] = []
    for raw in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        defer { lines += 1 }
        guard let line = try? JSONParser.parse(bytes: Array(raw)).objectValue else {
            problems.append("line \(lines + 1) is not a JSON object")
            continue
        }
        if line["id"]?.stringValue != String(lines) { problems.append("line \(lines + 1) has id \(line["id"].map { JSONWriter.write($0) } ?? "none")") }
        if line["error"] != nil { errors += 1; continue }
        if line["fallback"]?.boolValue != false { fallbacks += 1 }
        let payload = line["payload"] ?? .null
        let bytes = JSONWriter.write(payload).utf8.count
        maxBytes = max(maxBytes, bytes)
        if bytes > 4096 { problems.append("line \(lines + 1): \(bytes) bytes") }
        if Int(line["bytes"]?.intValue ?? -1) != bytes { problems.append("line \(lines + 1): \"bytes\" disagrees with the payload") }
        let alert = payload["aps"]?["alert"]
        let body = alert?["body"]?.stringValue ?? alert?.stringValue ?? ""
        if body.isEmpty { problems.append("line \(lines + 1): empty body") }
    }
    if lines != expected { problems.append("\(lines) lines, expected \(expected)") }
    print("lines=\(lines) fallbacks=\(fallbacks) errors=\(errors) max_bytes=\(maxBytes)")
    if errors > 0 || fallbacks > 0 || !problems.isEmpty {
        for p in problems.prefix(5) { FileHandle.standardError.write(Data("herald-bench stage: \(p)\n".utf8)) }
        exit(1)
    }
}
