import HeraldJSON
import Testing

@testable import HeraldPayload

@Suite struct FinalPayloadTests {
    /// `{"aps":{"alert":{"body":""},"mutable-content":1}}` is 49 bytes (counted by hand).
    static let emptyBodyBytes = 49
    static let bodyOnly = #"{"aps":{"alert":{"body":"x"},"mutable-content":1}}"#

    static func payload(_ text: String = bodyOnly) throws -> APNsPayload { try APNsPayload.parse(text) }

    /// The invariants every shortened body must keep.
    func checkShortened(_ out: FinalPayload, original: String, limit: Int) throws -> String {
        #expect(out.byteCount <= limit)
        // Valid JSON and valid UTF-8: it reads back.
        let back = try JSONParser.parse(out.json)
        let body = try #require(back["aps"]?["alert"]?["body"]?.stringValue)
        #expect(body.hasSuffix("…"))
        // The kept text is a prefix of the original ending on a grapheme
        // boundary as Swift's own Character segmentation sees it.
        var kept = String(body.dropLast())
        while let last = kept.unicodeScalars.last, last == "\u{2069}" || last == "\u{202C}" {
            kept.unicodeScalars.removeLast()
        }
        #expect(original.hasPrefix(kept))
        #expect(Array(original).starts(with: Array(kept)), "grapheme split: \(kept.debugDescription)")
        #expect(!kept.isEmpty)
        return body
    }

    @Test func familyEmojiNeverSplit() throws {
        let family = "👨‍👩‍👧‍👦"  // 4 × 4-byte emoji + 3 × ZWJ (3 bytes) = 25 bytes
        #expect(family.utf8.count == 25)
        let body = String(repeating: family, count: 10)
        let p = try Self.payload()
        let two = Self.emptyBodyBytes + 2 * 25 + 3
        var out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: two)
        #expect(try checkShortened(out, original: body, limit: two) == family + family + "…")
        #expect(out.shortenedFields == ["body"])
        out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: two - 1)
        #expect(try checkShortened(out, original: body, limit: two - 1) == family + "…")
    }

    @Test func flagsNeverSplit() throws {
        let body = "🇫🇷🇩🇪🇯🇵🇧🇷"  // each flag: two regional indicators, 8 bytes
        let p = try Self.payload()
        let two = Self.emptyBodyBytes + 16 + 3
        #expect(try checkShortened(try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: two), original: body, limit: two) == "🇫🇷🇩🇪…")
        #expect(try checkShortened(try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: two - 1), original: body, limit: two - 1) == "🇫🇷…")
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let body = String(repeating: "e\u{0301}", count: 20)  // 3 bytes per cluster
        let p = try Self.payload()
        let limit = Self.emptyBodyBytes + 5 * 3 + 3 + 1  // room for 5⅓ clusters
        let cut = try checkShortened(try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: limit), original: body, limit: limit)
        #expect(cut == String(repeating: "e\u{0301}", count: 5) + "…")
    }

    @Test func rtlIsolateClosedBeforeEllipsis() throws {
        let body = "abc \u{2067}שלום עולם\u{2069} def"
        let p = try Self.payload()
        // "abc " 4 + RLI 3 + "שלום" 8 + PDI 3 + "…" 3
        let limit = Self.emptyBodyBytes + 4 + 3 + 8 + 3 + 3
        let cut = try checkShortened(try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: limit), original: body, limit: limit)
        #expect(cut == "abc \u{2067}שלום\u{2069}…")
    }

    @Test func arabicAtTheRealBudget() throws {
        // A long Arabic body (2 bytes a letter) with a title, at the real 4096-byte budget.
        let body = String(repeating: "مرحبا بالعالم ", count: 400)
        let p = try Self.payload(#"{"aps":{"alert":{"title":"Hi","body":"x"},"mutable-content":1,"badge":2},"custom":"keep"}"#)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "عنوان", body: body))
        let cut = try checkShortened(out, original: body, limit: APNsPayload.maximumBytes)
        #expect(!cut.dropLast().hasSuffix(" "))  // trailing space trimmed before the ellipsis
        // It is the longest cut that fits: one more grapheme would overflow (or be a trimmed space).
        #expect(out.byteCount > APNsPayload.maximumBytes - 8)
        #expect(out.object["custom"] == .string("keep"))
        #expect(out.object["aps"]?["badge"] == .number("2"))
        #expect(out.object["aps"]?["alert"]?["title"] == .string("عنوان"))
    }

    @Test func escapedCharactersCountAsWritten() throws {
        // Quotes and newlines take two bytes each once escaped.
        let body = String(repeating: "\"\n", count: 100)
        let p = try Self.payload()
        let limit = Self.emptyBodyBytes + 10 * 2 + 3
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: body), limit: limit)
        #expect(out.byteCount <= limit)
        let back = try JSONParser.parse(out.json)
        let cut = back["aps"]?["alert"]?["body"]?.stringValue ?? ""
        #expect(cut.hasSuffix("…"))
        #expect(cut.utf8.count <= 10 + 3)
    }

    @Test func subtitleThenTitleWhenBodyIsNotEnough() throws {
        let p = try Self.payload(#"{"aps":{"alert":{"title":"x","subtitle":"y","body":"z"},"mutable-content":1}}"#)
        let long = String(repeating: "a", count: 5000)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: long, subtitle: long, body: "short body"))
        #expect(out.byteCount <= 4096)
        #expect(out.shortenedFields == ["body", "subtitle", "title"])
        let alert = out.object["aps"]?["alert"]
        #expect(alert?["body"] == .string("s…"))
        #expect(alert?["subtitle"] == nil)
        #expect(alert?["title"]?.stringValue?.hasSuffix("a…") == true)
    }

    @Test func keepsApsDropsSecrets() throws {
        let p = try APNsPayload.parse("""
            {"aps":{"alert":{"title-loc-key":"T","loc-key":"B","loc-args":["1"],"launch-image":"L"},"mutable-content":1,"sound":"default"},
             "herald":{"kind":"message","text":"secret"},"custom-encrypted-message":"frperg","media-url":"uggc",
             "reminder-uuid":"D82ED5AE-C363-46AF-9B0D-301C2E21C58E","app":{"route":"inbox"}}
            """)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "Hello", body: "You won"), badge: 0)
        #expect(out.shortenedFields.isEmpty)
        #expect(out.object.keys == ["aps", "reminder-uuid", "app"])
        #expect(!out.json.contains("secret") && !out.json.contains("frperg") && !out.json.contains("uggc"))
        let aps = try #require(out.object["aps"]?.objectValue)
        #expect(aps.keys == ["alert", "mutable-content", "sound", "badge"])
        #expect(aps["mutable-content"] == .number("1"))
        #expect(aps["badge"] == .number("0"))
        #expect(aps["alert"]?.objectValue?.keys == ["launch-image", "title", "body"])
    }

    @Test func stringAlertStaysAString() throws {
        let p = try Self.payload(#"{"aps":{"alert":"x","mutable-content":1}}"#)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: "Hello"))
        #expect(out.json == #"{"aps":{"alert":"Hello","mutable-content":1}}"#)
        let titled = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "T", body: "Hello"))
        #expect(titled.json == #"{"aps":{"alert":{"title":"T","body":"Hello"},"mutable-content":1}}"#)
    }

    @Test func emptyAlertAndImpossibleBudgetAreErrors() throws {
        let p = try Self.payload()
        #expect(throws: PayloadError.self) { try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "", body: "")) }
        let big = try Self.payload(#"{"aps":{"alert":"x","mutable-content":1},"blob":"\#(String(repeating: "b", count: 5000))"}"#)
        #expect(throws: PayloadError.self) { try PayloadWriter.finalPayload(from: big, alert: RenderedAlert(body: "hi")) }
    }

    @Test func shortenHelper() {
        #expect(PayloadWriter.shorten("Hello world", maxEscapedBytes: 9) == "Hello…")  // "Hello " → trimmed
        #expect(PayloadWriter.shorten("Hello", maxEscapedBytes: 3) == nil)
        #expect(PayloadWriter.shorten("👨‍👩‍👧‍👦x", maxEscapedBytes: 27) == nil)
        #expect(PayloadWriter.shorten("👨‍👩‍👧‍👦x", maxEscapedBytes: 28) == "👨‍👩‍👧‍👦…")
    }
}

/// Many bodies built from tricky clusters, at many budgets: the invariants hold
/// for each (a deterministic generator, so a failure reproduces).
@Suite struct ShorteningSweepTests {
    static let pieces = [
        "👨‍👩‍👧‍👦", "🇫🇷", "🇯🇵", "e\u{0301}", "a\u{0308}\u{0301}", "שלום", "مرحبا", " ", "\u{2068}Ada\u{2069}",
        "\"", "\n", "👍🏽", "한", "\u{1100}\u{1161}\u{11A8}", "x", "€",
    ]

    /// A small linear congruential generator (deterministic).
    struct LCG {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    @Test func invariantsHoldEverywhere() throws {
        var rng = LCG(state: 42)
        let p = try APNsPayload.parse(#"{"aps":{"alert":{"title":"T","body":"x"},"mutable-content":1}}"#)
        for _ in 0..<300 {
            var body = ""
            for _ in 0..<(1 + rng.next(120)) { body += Self.pieces[rng.next(Self.pieces.count)] }
            let limit = 70 + rng.next(400)
            let out: FinalPayload
            do {
                out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "T", body: body), limit: limit)
            } catch {
                Issue.record("\(error) for limit \(limit)")
                continue
            }
            #expect(out.byteCount <= limit)
            let back = try JSONParser.parse(out.json)
            let got = back["aps"]?["alert"]?["body"]?.stringValue ?? ""
            // A blank body (only whitespace) is no text: it is left out (AlertText.isBlank).
            if AlertText.isBlank(body) {
                #expect(got.isEmpty)
                continue
            }
            #expect(!got.isEmpty)
            if out.shortenedFields.isEmpty {
                #expect(got == body)
                continue
            }
            #expect(got.hasSuffix("…"))
            var kept = String(got.dropLast())
            while let last = kept.unicodeScalars.last, last == "\u{2069}" || last == "\u{202C}" { kept.unicodeScalars.removeLast() }
            // A whole-grapheme prefix of the original, as Swift's Characters see it.
            #expect(Array(body).starts(with: Array(kept)), "\(body.debugDescription) → \(got.debugDescription)")
        }
    }
}

@Suite struct EscapedLengthTests {
    /// The fast measure must agree with what JSONWriter really writes.
    @Test func agreesWithTheWriter() {
        for s in ["", "plain", "\"quoted\"", "back\\slash", "\n\r\t", "\u{0}\u{1}\u{1F}\u{7F}", "\u{2028}\u{2029}",
                  "👨‍👩‍👧‍👦🇫🇷e\u{0301}", "مرحبا \u{2068}Ada\u{2069}", "\u{0008}\u{000C}"] {
            #expect(PayloadWriter.escapedLength(s) == JSONWriter.quote(s).utf8.count - 2, "\(s.debugDescription)")
        }
    }

    @Test func longBodiesAreSegmentedOnlyWhereNeeded() throws {
        // 10 000 family emoji (250 000 bytes): the cut keeps whole clusters.
        let family = "👨‍👩‍👧‍👦"
        let body = String(repeating: family, count: 10_000)
        let cut = try #require(PayloadWriter.shorten(body, maxEscapedBytes: 25 * 3 + 3))
        #expect(cut == family + family + family + "…")
    }
}

@Suite struct HugeClusterTests {
    @Test func aClusterBiggerThanTheBudgetBecomesAnEllipsis() throws {
        // One base letter with 3000 combining acute accents: a single grapheme of 6001 bytes.
        let zalgo = "a" + String(repeating: "\u{0301}", count: 3000)
        #expect(zalgo.count == 1)
        let p = try APNsPayload.parse(#"{"aps":{"alert":{"title":"x","body":"y"},"mutable-content":1}}"#)
        let out = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "Message", body: zalgo))
        #expect(out.byteCount <= 4096)
        #expect(out.object["aps"]?["alert"]?["body"] == .string("…"))
        #expect(out.object["aps"]?["alert"]?["title"] == .string("Message"))
    }
}

/// The final payload is measured against its budget without being written: the measured
/// size must be the written size to the byte, at the budget and one byte over it.
@Suite struct FinalPayloadBudgetTests {
    /// A payload whose written final form (alert "x" in place) is `total` bytes, padded
    /// with a custom key that needs escapes (`"` and U+2028 count as written, not as read).
    static func payload(writtenAs total: Int) throws -> APNsPayload {
        // {"aps":{"alert":{"body":"x"},"mutable-content":1},"pad":"…"} without the pad's content
        let frame = #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"pad":""}"#.utf8.count
        var pad = String(repeating: "\u{2028}\"", count: 100)  // 8 bytes each as written
        pad += String(repeating: "a", count: total - frame - 800)
        var root = JSONObject()
        root["aps"] = .object(JSONObject([("alert", .object(JSONObject([("body", .string("x"))]))), ("mutable-content", .int(1))]))
        root["pad"] = .string(pad)
        return try APNsPayload(json: .object(root))
    }

    @Test func aPayloadOfExactlyTheBudgetFitsAndOneByteMoreDoesNot() throws {
        let limit = 2_000
        let fits = try PayloadWriter.finalPayload(from: Self.payload(writtenAs: limit), alert: RenderedAlert(body: "x"), limit: limit)
        #expect(fits.byteCount == limit && fits.shortenedFields.isEmpty)
        // One byte more: the body cannot shrink below one grapheme and "…", so the rest is over.
        #expect(throws: PayloadError.self) {
            try PayloadWriter.finalPayload(from: Self.payload(writtenAs: limit + 1), alert: RenderedAlert(body: "x"), limit: limit)
        }
    }

    @Test func theSizeInTheErrorIsTheWrittenSize() throws {
        // 5,000 custom keys: far over the budget; the error gives the size written whole.
        var root = JSONObject()
        root["aps"] = .object(JSONObject([("alert", .string("hello")), ("mutable-content", .int(1))]))
        for k in 0..<5_000 { root["c\(k)"] = k % 2 == 0 ? .number("-0") : .string("v\"\(k)") }
        let p = try APNsPayload(json: .object(root))
        // Over the budget the body is cut to its minimum first: one grapheme and "…".
        var written = root
        written["aps"] = .object(JSONObject([("alert", .string("h\u{2026}")), ("mutable-content", .int(1))]))
        let expected = JSONWriter.write(.object(written)).utf8.count
        do {
            _ = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: "hi"))
            Issue.record("fitted")
        } catch {
            #expect(error.message.hasPrefix("the payload is \(expected) bytes even with the alert shortened"), "\(error.message)")
        }
    }
}
