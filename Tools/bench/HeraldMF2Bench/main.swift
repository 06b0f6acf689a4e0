// herald-bench-mf2: one notification message rendered as an ICU MessageFormat (v1)
// pattern through HeraldICU and as a MessageFormat 2 message through HeraldMF2, same
// locales and counts, in this process (Tools/bench/mf2.sh runs it in release mode).
// Each side is timed in thread CPU time over its loop, the sides alternate ROUNDS times
// and each keeps its best. Prints both, checks the texts agree, and the ratio mf2/v1.
//
//     herald-bench-mf2 [iterations] [rounds]
import HeraldICU
import HeraldMF2

#if canImport(Glibc)
import Glibc
#endif

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 2000 : 2000
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 5 : 5
let locales = ["en", "de", "fr", "ru", "pl", "ar", "ja", "cs"].map { try! LocaleID($0) }

let v1Pattern = "{count, plural, one {{name} sent you # new message} other {{name} sent you # new messages}}"
let mf2Source = """
    .input {$count :number}
    .match $count
    one {{{$name} sent you {$count} new message}}
    *   {{{$name} sent you {$count} new messages}}
    """

func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// A checksum over every byte, so the work cannot be skipped and the sides compare.
func mix(_ sum: inout UInt64, _ s: String) {
    for b in s.utf8 { sum = (sum &* 31) &+ UInt64(b) }
}

let v1 = locales.map { try! MessageFormat.for(pattern: v1Pattern, locale: $0) }
let mf2 = locales.map { try! MF2Formatter(mf2Source, locale: $0, bidiIsolation: false) }
let mf2Isolated = locales.map { try! MF2Formatter(mf2Source, locale: $0) }

func runV1() -> (Double, UInt64) {
    var sum: UInt64 = 0
    let start = cpuSeconds()
    for n in 0..<iterations {
        for f in v1 {
            mix(&sum, try! f.format([("name", .string("Ana")), ("count", .number(.int(Int64(n % 1000))))]))
        }
    }
    return (cpuSeconds() - start, sum)
}

func runMF2(_ formatters: [MF2Formatter]) -> (Double, UInt64) {
    var sum: UInt64 = 0
    let start = cpuSeconds()
    for n in 0..<iterations {
        for f in formatters {
            mix(&sum, f.format(["name": .string("Ana"), "count": .number(.int(Int64(n % 1000)))]).text)
        }
    }
    return (cpuSeconds() - start, sum)
}

var best = (v1: Double.infinity, mf2: Double.infinity, isolated: Double.infinity)
var sums: (UInt64, UInt64) = (0, 0)
for _ in 0..<rounds {
    let a = runV1()
    let b = runMF2(mf2)
    let c = runMF2(mf2Isolated)
    best = (min(best.v1, a.0), min(best.mf2, b.0), min(best.isolated, c.0))
    sums = (a.1, b.1)
}
let items = Double(iterations * locales.count)
print("messages \(Int(items)) (\(locales.count) locales)")
func ns(_ seconds: Double) -> Int { Int((seconds / items * 1e9).rounded()) }
func ratio(_ x: Double) -> String { String(Double(Int((x * 1000).rounded())) / 1000) }
print("v1 \(ns(best.v1)) ns/message  mf2 \(ns(best.mf2)) ns/message  mf2 with bidi isolation \(ns(best.isolated)) ns/message")
if sums.0 != sums.1 {
    print("MISMATCH: the MessageFormat 2 texts differ from ICU's v1 texts")
    exit(1)
}
print("ratio mf2/v1 = \(ratio(best.mf2 / best.v1)) (goal <= 1.3), with isolation \(ratio(best.isolated / best.v1)), same texts")
