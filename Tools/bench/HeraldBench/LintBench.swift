// herald-bench lint [--locales N] [--keys N] [--runs R] [--keep DIR]
//
// Generates a translation tree of N locales (default 300) × K keys (default
// 1,000) — Localizable.strings with %@/%d/positional specifiers and plain
// texts, Localizable.stringsdict with plural entries written for each
// locale's own CLDR categories — plants one specifier mismatch in every
// 50th locale, then runs the whole linter (render checks included) on it,
// R times, and prints the best thread CPU time. The tree is clean apart
// from the planted defects, so the error count must equal the number planted.
// Time is the process's CPU time (every thread), so "one core" is honest.
import Foundation
import HeraldICU
import HeraldLint

import Glibc

/// Languages with ICU data; regional variants are added to reach the count asked for.
let lintBenchLanguages = [
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is", "pl", "cs", "sk", "ru", "uk", "be", "bg",
    "hr", "sr", "bs", "sl", "mk", "lt", "lv", "et", "hu", "ro", "el", "tr", "az", "ka", "hy", "he", "ar", "fa", "ur",
    "hi", "bn", "gu", "pa", "mr", "ta", "te", "kn", "ml", "si", "ne", "th", "lo", "km", "my", "vi", "id", "ms", "fil",
    "ja", "ko", "zh", "mn", "kk", "ky", "uz", "tg", "ps", "sw", "zu", "xh", "af", "am", "ha", "yo", "ig", "so", "ga",
    "cy", "gd", "br", "eu", "gl", "ca", "mt", "sq", "lb", "fo", "kl", "se", "fy", "rm", "gsw", "as", "or", "sd", "ks",
    "ti", "om", "rw",
]
let lintBenchRegions = ["", "-AT", "-BE", "-CA", "-CH", "-GB", "-IN", "-US"]

func lintBenchLocaleNames(_ n: Int) -> [String] {
    var out: [String] = []
    for r in lintBenchRegions {
        for l in lintBenchLanguages where out.count < n {
            let name = l + r
            if (try? LocaleID(name))?.hasICUData == true { out.append(name) }
        }
    }
    return out
}

/// Writes the tree; returns the number of planted errors.
func writeLintBenchTree(root: String, locales: [String], keys: Int) throws -> Int {
    let fm = FileManager.default
    var planted = 0
    for (li, loc) in locales.enumerated() {
        let dir = root + "/" + loc + ".lproj"
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let rules = try PluralRules.for(try LocaleID(loc))
        let plant = li % 50 == 49
        var strings = "/* \(loc) */\n"
        var plurals: [(String, [(String, String)])] = []
        for k in 0..<keys {
            let key = "screen\(k / 50).item\(k)"
            switch k % 20 {
            case 0:
                // A plural entry, every category the locale has.
                let forms = rules.categories.map { c in (c.rawValue, "\(loc) %d \(c.rawValue) item\(k)") }
                plurals.append((key, forms))
            case 1, 2:
                strings += "\"\(key)\" = \"\(loc) plain text number \(k).\";\n"
            case 3:
                if plant && k == 3 {
                    strings += "\"\(key)\" = \"\(loc) %d sent %@ (\(k))\";\n"
                    planted += 1
                } else {
                    strings += "\"\(key)\" = \"\(loc) %2$@ sent %1$@ (\(k))\";\n"
                }
            case 4:
                strings += "\"\(key)\" = \"\(loc) %d points, %.1f%% done (\(k))\";\n"
            default:
                strings += "\"\(key)\" = \"\(loc) hello %@, item \(k)\";\n"
            }
        }
        try Data(strings.utf8).write(to: URL(fileURLWithPath: dir + "/Localizable.strings"))
        var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for (key, forms) in plurals {
            plist += "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
            plist += "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            plist += "<key>NSStringFormatValueTypeKey</key><string>d</string>"
            for (c, t) in forms { plist += "<key>\(c)</key><string>\(t)</string>" }
            plist += "</dict></dict>\n"
        }
        plist += "</dict>\n</plist>\n"
        try Data(plist.utf8).write(to: URL(fileURLWithPath: dir + "/Localizable.stringsdict"))
    }
    return planted
}

func lintBenchCPUSeconds() -> Double {
    var ts = timespec()
    // The whole process: the table readers may parse on worker threads.
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `herald-bench lint …`: see the top of this file.
func runLintBench(args: [String]) {
    var localeCount = 300
    var keys = 1000
    var runs = 3
    var keep: String? = nil
    var i = 0
    while i < args.count {
        let value = i + 1 < args.count ? args[i + 1] : ""
        switch args[i] {
        case "--locales": localeCount = Int(value) ?? localeCount; i += 1
        case "--keys": keys = Int(value) ?? keys; i += 1
        case "--runs": runs = max(1, Int(value) ?? runs); i += 1
        case "--keep": keep = value; i += 1
        default:
            print("usage: herald-bench lint [--locales N] [--keys N] [--runs R] [--keep DIR]")
            exit(2)
        }
        i += 1
    }
    let root = keep ?? (NSTemporaryDirectory() + "herald-lint-bench-\(getpid())")
    let locales = lintBenchLocaleNames(localeCount)
    let planted: Int
    do {
        try? FileManager.default.removeItem(atPath: root)
        planted = try writeLintBenchTree(root: root, locales: locales, keys: keys)
    } catch {
        print("herald-bench lint: cannot write the tree: \(error)")
        exit(1)
    }
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: root) } }
    var best = Double.infinity
    var report: LintReport? = nil
    for _ in 0..<runs {
        let start = lintBenchCPUSeconds()
        do {
            report = try Linter().run(paths: [root])
        } catch {
            print("herald-bench lint: \(error)")
            exit(1)
        }
        best = min(best, lintBenchCPUSeconds() - start)
    }
    guard let report else { return }
    let ok = report.errors == planted && report.warnings == 0
    print("lint locales=\(locales.count) keys=\(keys) files=\(report.files) errors=\(report.errors) planted=\(planted) warnings=\(report.warnings) cpu_s=\(String(format6: best)) \(ok ? "ok" : "MISMATCH")")
    if !ok {
        for d in report.diagnostics.prefix(10) { print(d.description) }
        exit(1)
    }
}
