import HeraldJSON
import Testing

@testable import HeraldPayload

/// Shortening cuts only between grapheme clusters as Unicode defines them (UAX #29,
/// extended grapheme clusters). Each case is a line of Unicode's GraphemeBreakTest.txt
/// (÷ a break, × none), checked by hand against the rule named; the expected clusters are
/// written out here, not computed by Swift's `Character` (which the code under test uses).
@Suite struct GraphemeShorteningTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let clusters: [String]
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        // ÷ 0061 × 0308 ÷ 0062 ÷ (GB9: a combining mark extends its base)
        Case(rule: "GB9 combining mark", clusters: ["a\u{0308}", "b"]),
        // ÷ 0065 × 0301 × 0302 ÷ 0078 ÷ (GB9, two marks)
        Case(rule: "GB9 stacked marks", clusters: ["e\u{0301}\u{0302}", "x"]),
        // ÷ 1F468 × 200D × 1F469 × 200D × 1F467 × 200D × 1F466 ÷ 0078 ÷ (GB11: emoji ZWJ sequence)
        Case(rule: "GB11 ZWJ family", clusters: ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "x"]),
        // ÷ 1F44D × 1F3FD ÷ 0078 ÷ (GB9: a skin-tone modifier is Extend)
        Case(rule: "GB9 emoji modifier", clusters: ["\u{1F44D}\u{1F3FD}", "x"]),
        // ÷ 1F1EB × 1F1F7 ÷ 1F1E9 × 1F1EA ÷ 1F1EF ÷ (GB12/GB13: regional indicators pair up)
        Case(rule: "GB12/13 flags", clusters: ["\u{1F1EB}\u{1F1F7}", "\u{1F1E9}\u{1F1EA}", "\u{1F1EF}"]),
        // ÷ 1100 × 1161 × 11A8 ÷ 1100 × 1100 × 1161 ÷ (GB6/GB7/GB8: conjoining jamo L V T, L L V)
        Case(rule: "GB6-8 Hangul jamo", clusters: ["\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1100}\u{1161}"]),
        // ÷ AC00 × 11A8 × 11A8 ÷ 1100 ÷ (GB7: LV syllable × T; GB8: T × T; T then L breaks)
        Case(rule: "GB7/8 LV+T+T", clusters: ["\u{AC00}\u{11A8}\u{11A8}", "\u{1100}"]),
        // ÷ 0E01 × 0E33 ÷ 0E01 ÷ (GB9a: Thai SARA AM is a SpacingMark)
        Case(rule: "GB9a spacing mark", clusters: ["\u{0E01}\u{0E33}", "\u{0E01}"]),
        // ÷ 0600 × 0661 ÷ 0661 ÷ (GB9b: ARABIC NUMBER SIGN is Prepend)
        Case(rule: "GB9b prepend", clusters: ["\u{0600}\u{0661}", "\u{0661}"]),
        // ÷ 0031 × FE0F × 20E3 ÷ 2764 × FE0F ÷ (GB9: keycap and variation selector)
        Case(rule: "GB9 keycap", clusters: ["1\u{FE0F}\u{20E3}", "\u{2764}\u{FE0F}"]),
        // ÷ 0915 × 094D × 0937 ÷ 0915 ÷ (GB9c, Unicode 15.1: an Indic conjunct)
        Case(rule: "GB9c conjunct", clusters: ["\u{0915}\u{094D}\u{0937}", "\u{0915}"]),
    ]

    /// At every budget, the kept text is exactly the most whole clusters that fit with "…".
    @Test(arguments: cases) func cutsOnlyBetweenClusters(_ c: Case) {
        let text = c.clusters.joined()
        let ellipsis = PayloadWriter.ellipsis.utf8.count
        for budget in 0...(text.utf8.count + ellipsis + 1) {
            var fitting = 0
            var bytes = 0
            for cluster in c.clusters {
                bytes += cluster.utf8.count
                if bytes + ellipsis <= budget { fitting += 1 } else { break }
            }
            let expected = fitting == 0 ? nil : c.clusters.prefix(fitting).joined() + PayloadWriter.ellipsis
            #expect(PayloadWriter.shorten(text, maxEscapedBytes: budget) == expected, "budget \(budget)")
        }
        // Asked for n clusters, it keeps the first n.
        for n in 1...c.clusters.count {
            #expect(PayloadWriter.shorten(text, maxEscapedBytes: Int.max, graphemes: n) == c.clusters.prefix(n).joined() + "…")
        }
    }

    /// The same clusters repeated far past the budget, as a body: the payload fits 4096 bytes
    /// and the body is a whole-cluster prefix of the original, then "…".
    @Test(arguments: cases) func bodyOverTheBudgetKeepsWholeClusters(_ c: Case) throws {
        // "x" after each run keeps the runs from joining (a break before and after it: GB999).
        let unit = c.clusters + ["x"]
        let all = Array(repeating: unit, count: 5000 / unit.joined().utf8.count + 1).flatMap { $0 }
        let p = try APNsPayload.parse(#"{"aps":{"alert":{"body":"x"},"mutable-content":1}}"#)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: all.joined()))
        #expect(out.byteCount <= APNsPayload.maximumBytes)
        #expect(out.shortenedFields == ["body"])
        let body = try #require(JSONParser.parse(out.json)["aps"]?["alert"]?["body"]?.stringValue)
        #expect(body.hasSuffix("…"))
        let kept = body.utf8.dropLast(PayloadWriter.ellipsis.utf8.count)
        var prefix = ""
        var matched = false
        for cluster in all {
            if prefix.utf8.count == kept.count { matched = prefix.utf8.elementsEqual(kept); break }
            prefix += cluster
        }
        #expect(matched, "the body is not a whole-cluster prefix: \(body.unicodeScalars.suffix(8).map { String($0.value, radix: 16) })")
        // As much as fits: one more cluster would not.
        #expect(kept.count + 3 + 25 > APNsPayload.maximumBytes - 49)
    }
}
