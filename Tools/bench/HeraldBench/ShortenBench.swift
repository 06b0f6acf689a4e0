// herald-bench shorten [iterations]: the cost of shortening an over-long alert text
// (PayloadWriter.shorten, the grapheme-safe cut every oversize push goes through) on
// worst-case shapes. Prints "swift-shorten <case> <calls> <seconds> <kept bytes>" per
// case; Tools/bench/shorten.sh runs the C baseline (Tools/bench/shorten/shorten_baseline.c:
// ICU's character break iterator finding the same cut) on the same texts and prints the ratio.
import Glibc
import HeraldPayload

/// The texts both sides cut, and the budget (escaped bytes, "…" included). The same
/// shapes, built the same way, as shorten_baseline.c.
let shortenBenchBudget = 3800
let shortenBenchCases: [(name: String, text: String)] = [
    // Plain ASCII far over the budget: only the first budget's worth may be looked at.
    ("ascii", String(repeating: "abcdefghij", count: 400_000 / 10)),
    // Family emoji: seven scalars, 25 bytes, one grapheme each (ZWJ sequences).
    ("zwj", String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", count: 16_000)),
    // Flags: pairs of regional indicators.
    ("flags", String(repeating: "\u{1F1EB}\u{1F1F7}", count: 50_000)),
    // A letter with 30 combining marks, repeated: long clusters of short scalars.
    ("marks", String(repeating: "e" + String(repeating: "\u{0301}", count: 30), count: 6_000)),
    // Conjoining Hangul jamo (L V T): three scalars, one syllable each.
    ("jamo", String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 45_000)),
]

func runShortenBench(args: [String]) {
    let iterations = args.first.flatMap { Int($0) } ?? 2000
    for (name, text) in shortenBenchCases {
        guard let first = PayloadWriter.shorten(text, maxEscapedBytes: shortenBenchBudget) else {
            print("herald-bench shorten: \(name): nothing fits")
            exit(1)
        }
        let kept = first.utf8.count - PayloadWriter.ellipsis.utf8.count
        var checksum = 0
        let start = cpuSeconds()
        for _ in 0..<iterations {
            checksum &+= PayloadWriter.shorten(text, maxEscapedBytes: shortenBenchBudget)?.utf8.count ?? 0
        }
        let elapsed = cpuSeconds() - start
        guard checksum == iterations * first.utf8.count else {
            print("herald-bench shorten: \(name): results differ between calls")
            exit(1)
        }
        print("swift-shorten \(name) \(iterations) \(String(format6: elapsed)) \(kept)")
    }
}
