import Foundation
import HeraldJSON
import HeraldStage
import HeraldTestSupport
import Testing

/// `RenderBatch` reads each line where `LineReader` holds it (no copy of the line): a batch
/// of N lines answers byte for byte as N single renders of the same requests.
@Suite struct RenderBatchLineTests {
    /// A payload with odd JSON in its custom keys (escapes, `1.0`, `-0`, `1e400`, a
    /// repeated key, spacing) and `extra` more custom keys (past 64: a wide object).
    static func payload(extra: Int) -> String {
        let custom = (0..<extra).map { "\"c\($0)\" : [\($0), \"\\u00e9\"]" }.joined(separator: ", ")
        return #"{ "aps" : {"alert":{"title":"Hi","body":"There"},"mutable-content":1}, "x":1.0,"y":-0,"z":1e400,"x":"caf\u00e9"\#(extra > 0 ? ", " + custom : "")}"#
    }

    static let lines: [String] = [
        #"{"id":1,"locale":"en","payload":\#(payload(extra: 0))}"#,
        #"{"id":"two","locale":"de-DE","payload":\#(payload(extra: 200))}"# + "\r",
        " \t",
        #"{"id":3,"#,
        #"{"id":4,"payload":{}}"#,
        #"{"id":5,"locale":"en","payload":{"aps":"no"}}"#,
        #"[1,2]"#,
        #"{"id":7,"locale":"fr","payload":\#(payload(extra: 70))}"#,
    ]

    @Test func aBatchAnswersAsSingleRenders() async throws {
        let harness = try StageHarness()
        let stage = harness.stage(allowUnsealed: true, writesToStore: false)
        let path = try harness.folder.write(Self.lines.joined(separator: "\n") + "\n", to: "batch.jsonl")
        let reader = try LineReader(path: path)
        var batch = RenderBatch(stage: stage)
        var answers: [String] = []
        while let read = try reader.next() {
            if let answer = await batch.answer(read) { answers.append(answer.batchLine()) }
        }

        // Each request alone, as a job or a request body hands it over (an array of its
        // bytes, the `\r` dropped); the blank line gets no answer.
        var singles: [String] = []
        var locales: [String: LocaleID] = [:]
        for (k, line) in Self.lines.enumerated() where k != 2 {
            let bytes = Array(line.utf8.filter { $0 != 0x0D })
            singles.append(await RenderBatch.render(stage, line: bytes, lineNumber: k + 1, locales: &locales).batchLine())
        }
        #expect(answers == singles)
        #expect(answers.count == 7)

        // The rendered payloads are the stage's own answer to each payload alone.
        for (k, answer) in answers.enumerated() where [0, 1, 6].contains(k) {
            let line = Self.lines[k == 0 ? 0 : k == 1 ? 1 : 7]
            let request = try #require(try JSONParser.parse(line.filter { $0 != "\r" }).objectValue)
            let tag = try #require(request["locale"]?.stringValue)
            let alone = try await stage.process(try #require(request["payload"]), locale: LocaleID(tag))
            let written = try #require(try JSONParser.parse(answer).objectValue)
            #expect(written["payload"] == .object(alone.payload))
            #expect(written["error"] == nil)
            // Each diagnostic keeps its rule and severity (`findings`), beside its message.
            let findings: [JSONValue] = alone.diagnostics.map { d in
                .object(JSONObject([("rule", .string(d.rule.rawValue)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message))]))
            }
            #expect(written["findings"] == .array(findings))
            #expect(written["diagnostics"] == .array(alone.diagnostics.map { .string($0.message) }))
        }
        // Errors name the line (and the column: `{"id":3,` ends at column 8, so the key
        // that should follow is missing at column 9).
        #expect(answers[2].contains(#""line 4, column 9: not JSON: "#))
        #expect(answers[3].contains(#""line 5: the request needs a \"locale\" string""#))
        #expect(answers[5].contains(#""line 7: a request must be a JSON object, found an array""#))
    }

    /// A batch answer's diagnostics keep their rule id and severity (`findings`, Docs/batch.md):
    /// a push without `mutable-content` is passed on, under `not-eligible`, a warning.
    @Test func findingsKeepRuleAndSeverity() async throws {
        let harness = try StageHarness()
        let stage = harness.stage(allowUnsealed: true, writesToStore: false)
        var locales: [String: LocaleID] = [:]
        let line = Array(#"{"id":9,"locale":"en","payload":{"aps":{"alert":"Hi"}}}"#.utf8)
        let answer = await RenderBatch.render(stage, line: line, lineNumber: 1, locales: &locales)
        let written = try #require(try JSONParser.parse(answer.batchLine()).objectValue)
        let findings = try #require(written["findings"]?.arrayValue)
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] == .string("not-eligible"))
        #expect(findings.first?["severity"] == .string("warning"))
        #expect(findings.first?["message"] == written["diagnostics"]?.arrayValue?.first)
        #expect(written["servedBy"] == .string(""))
        #expect(answer.outcome?.fallback == true)
        #expect(answer.failure == nil)
    }

    /// A stage over another store, clock or zone (`herald serve`'s render with a `context`)
    /// shares the live stage's renderer — its compiled templates — rather than starting cold,
    /// and renders as a stage made afresh with that configuration does.
    @Test func aSharingStageKeepsTheRendererAndRendersAlike() async throws {
        let harness = try StageHarness()
        let live = harness.stage(allowUnsealed: true, writesToStore: false)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let shared = live.sharing(store: nil, now: now, timeZone: "Europe/Berlin")
        #expect(shared.renderer === live.renderer)
        #expect(shared.configuration.timeZone == "Europe/Berlin")
        #expect(shared.configuration.now == now)
        var fresh = live.configuration
        fresh.now = now
        fresh.timeZone = "Europe/Berlin"
        let push = #"{"aps":{"alert":{"title-loc-key":"lottery.title"},"mutable-content":1}}"#
        let a = try await shared.process(push, locale: LocaleID("de"))
        let b = try await Stage(configuration: fresh).process(push, locale: LocaleID("de"))
        #expect(a.json == b.json)
        #expect(a.diagnostics == b.diagnostics)
    }
}
