// herald-bench: the Swift side of Herald's C-vs-Swift benchmarks.
//
//   herald-bench icu [iterations]
//       The plural-select + currency-format work of Tools/bench/icu/bench_icu.c,
//       done through HeraldICU's public API (cached formatter and rule lookups
//       on every item, as the renderer does). Prints
//       "swift <items> <seconds> <checksum>"; Tools/bench/icu.sh runs both
//       sides and prints the ratio. The checksums must be equal.
//   herald-bench shorten [iterations]
//       Shortening over-long alert text (ShortenBench.swift); Tools/bench/shorten.sh.
//   herald-bench icu-format | foundation [iterations]
//       Currency formatting only, through HeraldICU or Foundation's FormatStyle
//       (FoundationBench.swift); icu.sh compares both with C's `format` mode.
import HeraldICU

import Glibc

/// The same 16 locales, in the same order, as bench_icu.c.
let icuBenchLocales = [
    "en_US", "de_DE", "fr_FR", "es_ES", "pt_BR", "it_IT", "ja_JP", "zh_Hans_CN",
    "ru_RU", "pl_PL", "ar_EG", "he_IL", "hi_IN", "cs_CZ", "lv_LV", "de_CH",
]

func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func runICU(iterations: Int) throws {
    var locales: [LocaleID] = []
    for id in icuBenchLocales { locales.append(try LocaleID(id)) }
    // Warm the caches (the C side opens its formatters before timing, too).
    for l in locales {
        _ = try PluralRules.for(l)
        _ = try Currency.formatter(currency: "EUR", locale: l)
    }
    var checksum: UInt64 = 0
    var items = 0
    let start = cpuSeconds()
    for i in 0..<iterations {
        for (l, locale) in locales.enumerated() {
            let minor = Int64((i &* 37 &+ l &* 1001) % 1_000_000 - 500)
            let rules = try PluralRules.for(locale)
            let currency = try Currency.formatter(currency: "EUR", locale: locale)
            let (text, category) = try currency.formatAndSelect(minorUnits: minor, rules: rules)
            // The same byte loop as the C side (harness cost, not the layer's).
            var t = text
            checksum = t.withUTF8 { bytes in
                var c = checksum
                for b in bytes { c = c &* 31 &+ UInt64(b) }
                return c
            }
            var kw = category.rawValue.utf8.makeIterator()
            checksum = checksum &* 31 &+ UInt64(kw.next() ?? 0) &+ UInt64(kw.next() ?? 0)
            items += 1
        }
    }
    let elapsed = cpuSeconds() - start
    print("swift \(items) \(String(format6: elapsed)) \(checksum)")
}

extension String {
    /// Six fraction digits without Foundation.
    init(format6 value: Double) {
        let micros = Int((value * 1e6).rounded())
        let frac = String(micros % 1_000_000)
        self = "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "icu":
    let iterations = args.dropFirst().first.flatMap { Int($0) } ?? 20000
    do {
        try runICU(iterations: iterations)
    } catch {
        print("herald-bench icu: \(error)")
        exit(1)
    }
case "icu-format", "foundation":
    let iterations = args.dropFirst().first.flatMap { Int($0) } ?? 20000
    do {
        if args.first == "foundation" { runFoundationFormat(iterations: iterations) } else {
            try runICUFormatOnly(iterations: iterations)
        }
    } catch {
        print("herald-bench \(args.first ?? ""): \(error)")
        exit(1)
    }
case "render":
    runRenderBench(args: Array(args.dropFirst()))
case "stage":
    runStageBench(args: Array(args.dropFirst()))
case "tables":
    runTablesBench(args: Array(args.dropFirst()))
case "lint":
    runLintBench(args: Array(args.dropFirst()))
case "shorten":
    runShortenBench(args: Array(args.dropFirst()))
default:
    print("usage: herald-bench icu [iterations] | tables [--mb N] [--runs N] | render … | stage … | shorten [iterations]")
    exit(args.isEmpty ? 0 : 2)
}
