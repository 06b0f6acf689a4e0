import HeraldICU
import HeraldRender
import HeraldTables
import Glibc

// The renderer benchmark (Tools/bench/render.sh): the same 100,000 requests
// across 16 locales as Tools/bench/render/render_baseline.c, rendered in
// process through `Renderer` (lookup, cached template, plural selection on
// the formatted number, localized %d, RTL isolation). Prints bytes and an
// FNV-1a hash of all output so the script can check both sides produced the
// same text. Time is the thread's CPU time, as in the C program.
//
//   herald-bench render [--string-only] [N]  in-process run (--string-only: without
//                                            the second, render(…, text:) loop)
//   herald-bench render --write-fixture DIR [N]
//        writes DIR/Localizations/<lang>.lproj/Bench.stringsdict and
//        DIR/requests.jsonl for `herald format --batch` (end-to-end run)

/// (requested locale, localization folder, label used in the forms)
private let renderBenchLocales: [(locale: String, folder: String, label: String)] = [
    ("en_US", "en", "en"), ("de_DE", "de", "de"), ("fr_FR", "fr", "fr"), ("es_ES", "es", "es"),
    ("it_IT", "it", "it"), ("pt_BR", "pt-BR", "pt"), ("ru_RU", "ru", "ru"), ("pl_PL", "pl", "pl"),
    ("cs_CZ", "cs", "cs"), ("ar_EG", "ar", "ar"), ("he_IL", "he", "he"), ("ja_JP", "ja", "ja"),
    ("zh_Hans_CN", "zh-Hans", "zh"), ("cy_GB", "cy", "cy"), ("ga_IE", "ga", "ga"), ("lt_LT", "lt", "lt"),
]
private let renderBenchNames = ["Ana", "Bartłomiej", "Zoë", "Nguyễn"]
private let renderBenchFormat = "%#@count@ from %@"

private func renderBenchForms(_ label: String, locale: LocaleID) -> [PluralCategory: String] {
    let categories = (try? PluralRules.for(locale).categories) ?? [.other]
    var forms: [PluralCategory: String] = [:]
    for c in categories { forms[c] = "[\(label) \(c.rawValue)] %d messages" }
    return forms
}

/// An in-memory catalog: one `Bench` table per localization.
private struct RenderBenchCatalog: MessageCatalog {
    let tables: [String: Table]

    init() {
        let origin = Origin(file: "bench", line: 1, column: 1)
        var tables: [String: Table] = [:]
        for l in renderBenchLocales {
            let locale = LocaleID(unchecked: l.locale)
            let forms = renderBenchForms(l.label, locale: locale).mapValues { SourceText($0, origin: origin) }
            let message = Message.plural(
                format: SourceText(renderBenchFormat, origin: origin),
                variables: ["count": PluralVariable(name: "count", valueType: "d", forms: forms, origin: origin)])
            var t = Table(name: "Bench", localization: l.folder)
            t.set(Entry(key: "messages", message: message, format: .stringsdict, origin: origin))
            tables[l.folder] = t
        }
        self.tables = tables
    }

    var localizations: [String] { tables.keys.sorted() }
    var tableNames: [String] { ["Bench"] }

    func lookup(key: String, table: String, locale: LocaleID) -> LookupResult? {
        guard table == "Bench" else { return nil }
        for name in LocalizationLookup.match(locale, available: localizations) {
            if let e = tables[name]?[key] { return LookupResult(entry: e, localization: name, table: table) }
        }
        return nil
    }

    func table(_ name: String, localization: String) -> Table? { name == "Bench" ? tables[localization] : nil }
}

private func renderNowMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

private func xmlEscape(_ s: String) -> String {
    var out = ""
    for ch in s {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        default: out.append(ch)
        }
    }
    return out
}

private func writeFile(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "wb") else { return false }
    defer { fclose(f) }
    var t = text
    return t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) == $0.count }
}

private func writeFixture(_ dir: String, requests n: Int) -> Int32 {
    let root = dir + "/Localizations"
    mkdir(dir, 0o755)
    mkdir(root, 0o755)
    for l in renderBenchLocales {
        let folder = root + "/" + l.folder + ".lproj"
        mkdir(folder, 0o755)
        let forms = renderBenchForms(l.label, locale: LocaleID(unchecked: l.locale))
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>messages</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>\(xmlEscape(renderBenchFormat))</string>
                <key>count</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>

            """
        for c in PluralCategory.allCases { if let f = forms[c] { xml += "      <key>\(c.rawValue)</key><string>\(xmlEscape(f))</string>\n" } }
        xml += "    </dict>\n  </dict>\n</dict>\n</plist>\n"
        guard writeFile(folder + "/Bench.stringsdict", xml) else {
            print("herald-bench render: cannot write \(folder)/Bench.stringsdict")
            return 1
        }
    }
    var jsonl = ""
    jsonl.reserveCapacity(n * 80)
    for r in 0..<n {
        let l = renderBenchLocales[r % renderBenchLocales.count]
        let value = (r * 7919) % 100_000
        jsonl += "{\"key\":\"messages\",\"table\":\"Bench\",\"locale\":\"\(l.locale)\",\"args\":[\(value),\"\(renderBenchNames[r % 4])\"]}\n"
    }
    guard writeFile(dir + "/requests.jsonl", jsonl) else {
        print("herald-bench render: cannot write \(dir)/requests.jsonl")
        return 1
    }
    print("fixture=\(dir) requests=\(n)")
    return 0
}

/// Entry point: `herald-bench render [--write-fixture DIR] [N]`.
func runRenderBench(args: [String]) {
    var rest = args[...]
    var fixture: String?
    // --string-only: skip the second loop (render-callgrind.sh counts one render per request).
    var stringOnly = false
    if rest.first == "--string-only" {
        stringOnly = true
        rest = rest.dropFirst()
    }
    if rest.first == "--write-fixture" {
        rest = rest.dropFirst()
        fixture = rest.first
        rest = rest.dropFirst()
    }
    let n = rest.first.flatMap { Int($0) } ?? 100_000
    if let fixture {
        exit(writeFixture(fixture, requests: n))
    }
    let renderer = Renderer(catalog: RenderBenchCatalog())
    let locales = renderBenchLocales.map { LocaleID(unchecked: $0.locale) }
    // Warm up: compile each locale's template and open its formatters (the C side opens them before timing too).
    for l in locales { _ = try? renderer.render(key: "messages", table: "Bench", locale: l, arguments: [.number(.int(1)), .string("x")]) }
    let names = renderBenchNames.map { RenderArgument.string($0) }
    var bytes = 0
    var hash: UInt64 = 1_469_598_103_934_665_603
    var failures = 0
    let start = renderNowMs()
    for r in 0..<n {
        let li = r % locales.count
        let value = Int64((r * 7919) % 100_000)
        do {
            let result = try renderer.render(
                key: "messages", table: "Bench", locale: locales[li], arguments: [.number(.int(value)), names[r % 4]])
            // Hash the bytes in place, as the C program does over its buffer
            // (the harness's work, not the renderer's).
            let counted: Int? = result.text.utf8.withContiguousStorageIfAvailable { buffer in
                for b in buffer { hash = (hash ^ UInt64(b)) &* 1_099_511_628_211 }
                return buffer.count
            }
            if let counted {
                bytes += counted
            } else {
                for b in result.text.utf8 { hash = (hash ^ UInt64(b)) &* 1_099_511_628_211 }
                bytes += result.text.utf8.count
            }
        } catch {
            failures += 1
        }
    }
    let ms = renderNowMs() - start
    // The same requests through `render(…, text:)`, which lends the text's
    // UTF-8 instead of making a String (what `herald format --batch` uses;
    // closer to the C program, which never makes a string object).
    var bytesHash: UInt64 = 1_469_598_103_934_665_603
    var bytesCount = 0
    let bytesStart = renderNowMs()
    for r in 0..<(stringOnly ? 0 : n) {
        let li = r % locales.count
        let value = Int64((r * 7919) % 100_000)
        do {
            try renderer.render(
                key: "messages", table: "Bench", locale: locales[li], arguments: [.number(.int(value)), names[r % 4]]
            ) { text, _ in
                for b in text { bytesHash = (bytesHash ^ UInt64(b)) &* 1_099_511_628_211 }
                bytesCount += text.count
            }
        } catch {
            failures += 1
        }
    }
    let bytesMs = renderNowMs() - bytesStart
    if !stringOnly, bytesHash != hash || bytesCount != bytes { failures += 1 }
    print("swift_ms=\(String(format1: ms)) requests=\(n) bytes=\(bytes) hash=\(String(hash, radix: 16).leftPadded(16)) failures=\(failures) swift_bytes_ms=\(String(format1: bytesMs))")
}

extension String {
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }

    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
