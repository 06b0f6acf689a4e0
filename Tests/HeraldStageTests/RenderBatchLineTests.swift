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
            if let answer = await batch.answer(read) { answers.append(JSONWriter.write(.object(answer))) }
        }

        // Each request alone, as a job or a request body hands it over (an array of its
        // bytes, the `\r` dropped); the blank line gets no answer.
        var singles: [String] = []
        var locales: [String: LocaleID] = [:]
        for (k, line) in Self.lines.enumerated() where k != 2 {
            let bytes = Array(line.utf8.filter { $0 != 0x0D })
            singles.append(JSONWriter.write(.object(await RenderBatch.answer(stage, line: bytes, lineNumber: k + 1, locales: &locales))))
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
        }
        // Errors name the line (and the column: `{"id":3,` ends at column 8, so the key
        // that should follow is missing at column 9).
        #expect(answers[2].contains(#""line 4, column 9: not JSON: "#))
        #expect(answers[3].contains(#""line 5: the request needs a \"locale\" string""#))
        #expect(answers[5].contains(#""line 7: a request must be a JSON object, found an array""#))
    }
}
