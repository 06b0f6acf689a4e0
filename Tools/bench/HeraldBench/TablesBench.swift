// `herald-bench tables`: reading speed of each table format, against
// Foundation's readers on the same bytes in the same process, and the time
// to load a generated 50-language app.

import Foundation
import HeraldICU
import HeraldJSON
import HeraldTables

/// Runs the tables benchmark. Options: `--mb N` (size of each generated
/// input, default 8), `--runs N` (best of N, default 5).
func runTablesBench(args: [String]) {
    var mb = 8
    var runs = 5
    var i = 0
    while i < args.count {
        if args[i] == "--mb", i + 1 < args.count, let v = Int(args[i + 1]) { mb = max(1, v); i += 1 }
        if args[i] == "--runs", i + 1 < args.count, let v = Int(args[i + 1]) { runs = max(1, v); i += 1 }
        i += 1
    }
    let target = mb * 1_000_000
    print("tables benchmark: ~\(mb) MB per format, best of \(runs); formats in MB/s of one core's CPU time")

    let strings = TablesBenchInput.strings(bytes: target)
    let stringsUTF16 = TablesBenchInput.utf16(strings)
    let stringsdict = TablesBenchInput.stringsdict(bytes: target)
    let xcstrings = TablesBenchInput.xcstrings(bytes: target)

    func report(_ label: String, _ bytes: [UInt8], herald: () -> Int, foundation: () -> Int) {
        let h = best(runs, cpu: true) { herald() }
        let f = best(runs, cpu: true) { foundation() }
        let mbs = Double(bytes.count) / 1_000_000
        print(String(format: "  %-22@ %7.1f MB/s   Foundation %7.1f MB/s   ratio %5.2fx  (%d entries)",
                     label as NSString, mbs / h.seconds, mbs / f.seconds, f.seconds / h.seconds, h.result))
    }
    report(".strings UTF-8", strings, herald: { StringsReader.read(bytes: strings, file: "b").entries.count },
           foundation: { foundationCount(strings) })
    report(".strings UTF-16", stringsUTF16, herald: { StringsReader.read(bytes: stringsUTF16, file: "b").entries.count },
           foundation: { foundationCount(stringsUTF16) })
    report(".stringsdict XML", stringsdict, herald: { StringsdictReader.read(bytes: stringsdict, file: "b").entries.count },
           foundation: { foundationCount(stringsdict) })
    report(".xcstrings", xcstrings, herald: {
        XCStringsReader.read(bytes: xcstrings, file: "b.xcstrings").localizations.values.reduce(0) { $0 + $1.entries.count }
    }, foundation: {
        ((try? JSONSerialization.jsonObject(with: Data(xcstrings))) as? [String: Any]).map { ($0["strings"] as? [String: Any])?.count ?? 0 } ?? 0
    })

    // How much of the String Catalog time is the positioned JSON parse itself.
    let jsonOnly = best(runs, cpu: true) { () -> Int in
        let r = try? JSONParser.parseDetailed(xcstrings, options: .init(recordPositions: true))
        return r?.positions.count ?? 0
    }
    let jsonPlain = best(runs, cpu: true) { () -> Int in (try? JSONParser.parseDetailed(xcstrings))?.positions.count ?? 0 }
    print(String(format: "    of which HeraldJSON parse with positions %6.1f MB/s, without %6.1f MB/s",
                 Double(xcstrings.count) / 1_000_000 / jsonOnly.seconds, Double(xcstrings.count) / 1_000_000 / jsonPlain.seconds))

    // A 50-language app: Localizable.strings (400 keys) + .stringsdict (40
    // keys) per language, plus a 50-language String Catalog (100 keys).
    let dir = NSTemporaryDirectory() + "herald-bench-app-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let languages = TablesBenchInput.languages
    let appBytes = TablesBenchInput.writeApp(to: dir, languages: languages)
    let locales = languages.map { LocaleID(unchecked: $0.replacingOccurrences(of: "-", with: "_")) }
    let cold = best(runs, cpu: true) { () -> Int in
        let c = try! Catalog(root: dir)
        return c.lookup(key: "key.7", table: "Localizable", locale: LocaleID(unchecked: "de")) == nil ? 0 : 1
    }
    let all = best(runs, cpu: true) { () -> Int in
        let c = try! Catalog(root: dir)
        var hits = 0
        for l in locales {
            if c.lookup(key: "key.7", table: "Localizable", locale: l) != nil { hits += 1 }
            if c.lookup(key: "plural.3", table: "Localizable", locale: l) != nil { hits += 1 }
            if c.lookup(key: "catalog.5", table: "Notifications", locale: l) != nil { hits += 1 }
        }
        return hits
    }
    let eager = best(runs) { try! Catalog(root: dir).loadAll().tables.count }
    // Baseline: Foundation reading the same files, one after another (no positions, no merging).
    let foundationApp = best(runs, cpu: true) { () -> Int in
        var n = 0
        for l in languages {
            for ext in ["strings", "stringsdict"] {
                if let d = FileManager.default.contents(atPath: dir + "/" + l + ".lproj/Localizable." + ext) {
                    n += ((try? PropertyListSerialization.propertyList(from: d, options: [], format: nil)) as? [String: Any])?.count ?? 0
                }
            }
        }
        if let d = FileManager.default.contents(atPath: dir + "/Notifications.xcstrings") {
            n += ((try? JSONSerialization.jsonObject(with: d)) as? [String: Any])?.count ?? 0
        }
        return n
    }
    print(String(format: "  50-language app (%.1f MB, %d files); CPU time except where marked wall", Double(appBytes) / 1_000_000, languages.count * 2 + 1))
    print(String(format: "    Foundation reading every file (baseline): %6.1f ms", foundationApp.seconds * 1000))
    print(String(format: "    scan + first lookup (one locale):   %6.1f ms", cold.seconds * 1000))
    print(String(format: "    scan + lookups in all 50 locales:   %6.1f ms CPU  (%d hits)", all.seconds * 1000, all.result))
    print(String(format: "    loadAll (every table, diagnostics): %6.1f ms wall, all cores  (%d tables)", eager.seconds * 1000, eager.result))
}

private func foundationCount(_ bytes: [UInt8]) -> Int {
    ((try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: Any])?.count ?? -1
}

/// Best of `runs`: wall-clock time, or with `cpu` this thread's CPU time
/// (one core's work, unaffected by other processes on a busy machine).
private func best<T>(_ runs: Int, cpu: Bool = false, _ body: () -> T) -> (seconds: Double, result: T) {
    func now() -> Double {
        if cpu {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
    var bestTime = Double.infinity
    var result = body()
    for _ in 0..<runs {
        let start = now()
        result = body()
        bestTime = min(bestTime, now() - start)
    }
    return (bestTime, result)
}

/// Generated inputs (deterministic).
enum TablesBenchInput {
    static let languages: [String] = [
        "ar", "bg", "ca", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fa", "fi", "fr", "fr-CA", "he",
        "hi", "hr", "hu", "id", "is", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT",
        "ro", "ru", "sk", "sl", "sr", "sv", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant", "zh-HK", "cy", "ga",
    ]

    static func stringsEntry(_ n: Int) -> String {
        switch n % 4 {
        case 0: return "/* Shown when message \(n) arrives */\n\"key.\(n)\" = \"You have %d new messages from %@ (\(n))\";\n"
        case 1: return "\"key.\(n)\" = \"Escapes: \\\"quoted\\\" \\n tab\\t \\U00e9 caf\\U00E9 #\(n)\";\n"
        case 2: return "\"key.\(n)\" = \"Ünïcödé text — ✓ 😀 \(n)\";\n"
        default: return "key_\(n) = \"Unquoted key, plain value number \(n) with some more words to read\";\n"
        }
    }

    static func strings(bytes: Int, keys: Int? = nil) -> [UInt8] {
        var s = ""
        s.reserveCapacity(bytes + 200)
        var n = 0
        while keys.map({ n < $0 }) ?? (s.utf8.count < bytes) {
            s += stringsEntry(n)
            n += 1
        }
        return Array(s.utf8)
    }

    static func utf16(_ utf8: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xFE]
        for u in String(decoding: utf8, as: UTF8.self).utf16 { out.append(UInt8(u & 0xFF)); out.append(UInt8(u >> 8)) }
        return out
    }

    static func stringsdictEntry(_ n: Int) -> String {
        """
        \t<key>plural.\(n)</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@files@ in %@</string>
        \t\t<key>files</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d file &amp; folder #\(n)</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files &amp; folders #\(n)</string>
        \t\t</dict>
        \t</dict>

        """
    }

    static func stringsdict(bytes: Int, keys: Int? = nil) -> [UInt8] {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        var n = 0
        while keys.map({ n < $0 }) ?? (s.utf8.count < bytes) {
            s += stringsdictEntry(n)
            n += 1
        }
        return Array((s + "</dict>\n</plist>\n").utf8)
    }

    static func xcstrings(bytes: Int, keys: Int? = nil, languages: [String] = ["en", "de", "fr", "ja"]) -> [UInt8] {
        var s = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        var n = 0
        while keys.map({ n < $0 }) ?? (s.utf8.count < bytes) {
            if n > 0 { s += ",\n" }
            s += "    \"catalog.\(n)\" : {\n      \"localizations\" : {\n"
            s += languages.enumerated().map { (k, l) in
                if k % 2 == 0 {
                    return "        \"\(l)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Message \(n) in \(l): %@\" } }"
                }
                return """
                        "\(l)" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item (\(l))" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items (\(l))" } } } } }
                """
            }.joined(separator: ",\n")
            s += "\n      }\n    }"
            n += 1
        }
        return Array((s + "\n  },\n  \"version\" : \"1.0\"\n}\n").utf8)
    }

    /// Writes the app; returns its total size in bytes.
    static func writeApp(to dir: String, languages: [String]) -> Int {
        let fm = FileManager.default
        var total = 0
        let strings = strings(bytes: 0, keys: 400)
        let dict = stringsdict(bytes: 0, keys: 40)
        for l in languages {
            let folder = dir + "/" + l + ".lproj"
            try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = fm.createFile(atPath: folder + "/Localizable.strings", contents: Data(strings))
            _ = fm.createFile(atPath: folder + "/Localizable.stringsdict", contents: Data(dict))
            total += strings.count + dict.count
        }
        let catalog = xcstrings(bytes: 0, keys: 100, languages: languages)
        _ = fm.createFile(atPath: dir + "/Notifications.xcstrings", contents: Data(catalog))
        return total + catalog.count
    }
}
