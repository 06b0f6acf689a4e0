import Foundation
import HeraldExamples
import HeraldTestSupport
import Testing

/// The JSON Schemas of Docs/schemas/ against real documents: the built-in example pushes,
/// the files `herald examples` writes, sealed pushes from `herald seal`, and the output of
/// `render --batch`, `format --batch`, `format --json`, `validate --format json` and
/// `preview --format json`, run as subprocesses. The validator is python3's jsonschema
/// (Tools/scripts/check-json-schema.py), not a hand-written one. Each schema is also shown
/// documents it must reject, so a schema that accepts anything fails.
///
/// Without jsonschema these tests are skipped (with the note below) unless `CI` is set,
/// where they are required: .ci/run installs python3-jsonschema. One test at a time: each
/// starts several herald and python3 processes, and the suite shares 2 cores with timing-
/// sensitive tests.
@Suite(.enabled(if: JSONSchemaCheck.shouldRun, JSONSchemaCheck.skipNote), .serialized)
struct SchemaTests {
    /// A folder holding what `herald examples --output` writes.
    static func examples() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder("herald-schemas")
        let result = try await HeraldBinary.run(["examples", "--output", folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    @Test func builtInExamplePushesAndWrittenFilesMatchTheirSchemas() async throws {
        let folder = try await Self.examples()
        var pushes: [String] = []
        for example in ExampleNotifications.all {
            pushes.append(try folder.write(example.payload, to: "builtin-\(example.name).json"))
            pushes.append(folder.url.appendingPathComponent(example.name + ".json").path)
        }
        try await JSONSchemaCheck.expectValid("push", pushes)
        try await JSONSchemaCheck.expectValid(
            "render-batch-request", [folder.url.appendingPathComponent("requests.jsonl").path], lines: true)
        try await JSONSchemaCheck.expectValid(
            "format-batch-request", [folder.url.appendingPathComponent("format-requests.jsonl").path], lines: true)
    }

    @Test func sealedPushesMatchThePushSchema() async throws {
        let folder = try await Self.examples()
        let keys = folder.url.appendingPathComponent("keys").path
        for alg in ["hpke", "aes-gcm"] {
            let made = try await HeraldBinary.run(["keygen", "--id", "k-\(alg)", "--alg", alg, "--keys", keys])
            #expect(made.status == 0, "\(made.stderr)")
        }
        var sealed: [String] = []
        for (alg, extra) in [("hpke", ["--key-id", "k-hpke"]), ("aes-gcm", ["--key-id", "k-aes-gcm"]), ("rot13", [])] {
            for fields in [[], ["--fields", "numbers,bonus"]] {
                let result = try await HeraldBinary.run(
                    ["seal", "--payload", folder.url.appendingPathComponent("lottery-win.json").path, "--alg", alg, "--keys", keys]
                        + extra + fields)
                #expect(result.status == 0, "\(alg): \(result.stderr)")
                sealed.append(try folder.write(result.stdout, to: "sealed-\(alg)-\(fields.count).json"))
            }
        }
        try await JSONSchemaCheck.expectValid("push", sealed)
    }

    @Test func renderBatchAnswersMatchTheirSchema() async throws {
        let folder = try await Self.examples()
        let requests = try String(contentsOf: folder.url.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        // Good requests, and lines that must get an "error" answer.
        let input = requests + #"""
            not json
            {"id": 7}
            {"id": "bad-locale", "locale": "x!", "payload": {"aps": {}}}
            {"id": "not-a-payload", "locale": "en", "payload": {"aps": {"alert": 3}}}
            {"id": "sealed-no-key", "locale": "en", "payload": {"aps": {"alert": {"body": "Hi"}, "mutable-content": 1}, "herald": {"sealed": {"v": 1, "alg": "aes-256-gcm", "kid": "nope", "enc": "AAAAAAAAAAAAAAAA", "ct": "AAAAAAAAAAAAAAAAAAAAAA=="}}}}

            """#
        let result = try await HeraldBinary.run(
            ["render", "--batch", "-", "--allow-unsealed", "--store", folder.url.appendingPathComponent("store").path], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try folder.write(result.stdout, to: "render-answers.jsonl")
        #expect(result.stdout.split(separator: "\n").count == 30 + 5)
        try await JSONSchemaCheck.expectValid("render-batch-answer", [answers], lines: true)
    }

    @Test func formatAnswersMatchTheirSchema() async throws {
        let folder = try await Self.examples()
        let requests = try String(contentsOf: folder.url.appendingPathComponent("format-requests.jsonl"), encoding: .utf8)
        let input = requests + #"""
            not json
            {"key": "no.such.key", "locale": "en"}
            {"key": "lottery.loss.body", "locale": "en", "args": ["many"]}
            {"key": "lottery.loss.body", "locale": "en", "args": [1, 2]}
            {"locale": "en"}

            """#
        let batch = try await HeraldBinary.run(["format", "--batch", "-"], stdin: Data(input.utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.split(separator: "\n").count == ExampleRequests.formatLines.count + 5)
        let one = try await HeraldBinary.run(["format", "--key", "lottery.win.body", "--locale", "ar", "--arg", "5 $", "--arg", "2", "--arg", "3", "--json"])
        #expect(one.status == 0, "\(one.stderr)")
        let answers = try folder.write(batch.stdout + one.stdout, to: "format-answers.jsonl")
        try await JSONSchemaCheck.expectValid("format-batch-answer", [answers], lines: true)
    }

    @Test func validateReportsMatchTheirSchema() async throws {
        let folder = try await Self.examples()
        let clean = try await HeraldBinary.run(["validate", "Localizations", "--format", "json"], directory: folder.url)
        #expect(clean.status == 0, "\(clean.stderr)")
        // A folder with findings: a missing key, a specifier mismatch, a file the device drops.
        let broken = folder.url.appendingPathComponent("Broken")
        for (lang, text) in [("en", "\"a\" = \"x %@\";\n\"b\" = \"y\";\n"), ("de", "\"a\" = \"x %d\"\n")] {
            let dir = broken.appendingPathComponent("\(lang).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: dir.appendingPathComponent("Localizable.strings"))
        }
        let findings = try await HeraldBinary.run(["validate", "Broken", "--format", "json"], directory: folder.url)
        #expect(findings.status == 1, "\(findings.stderr)")
        #expect(findings.stdout.contains("\"severity\": \"error\""))
        try await JSONSchemaCheck.expectValid(
            "validate-report", [try folder.write(clean.stdout, to: "clean.json"), try folder.write(findings.stdout, to: "findings.json")])
    }

    @Test func previewJSONMatchesItsSchema() async throws {
        let folder = try await Self.examples()
        let builtIn = try await HeraldBinary.run(["preview", "--format", "json", "--locales", "en,ar,ru,ja"])
        #expect(builtIn.status == 0, "\(builtIn.stderr)")
        let payload = try await HeraldBinary.run(
            ["preview", "--format", "json", "--payload", "message.json", "--locales", "en,he",
             "--store", folder.url.appendingPathComponent("store").path],
            directory: folder.url)
        #expect(payload.status == 0, "\(payload.stderr)")
        try await JSONSchemaCheck.expectValid(
            "preview", [try folder.write(builtIn.stdout, to: "builtin.json"), try folder.write(payload.stdout, to: "payload.json")])
    }

    /// A push the extension would not run for is passed on as sent: its `aps.alert` may be a
    /// string or absent, and `servedBy` is `""` (Docs/batch.md). Real answers of that kind
    /// match both answer schemas (QA finding D5).
    @Test func passedOnPushesMatchTheAnswerSchemas() async throws {
        let folder = try TemporaryFolder("herald-schemas")
        let input = #"""
            {"id":1,"locale":"en","payload":{"aps":{"alert":"a"}}}
            {"id":2,"locale":"en","payload":{"aps":{"alert":"hello","badge":2}}}
            {"id":3,"locale":"en","payload":{"aps":{"content-available":1}}}
            {"id":4,"locale":"en","payload":{"aps":{"alert":{"body":"not mutable"}}}}

            """#
        let batch = try await HeraldBinary.run(
            ["render", "--batch", "-", "--store", folder.url.appendingPathComponent("store").path], stdin: Data(input.utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.split(separator: "\n").count == 4)
        #expect(batch.stdout.contains(#""servedBy":"","fallback":true"#), "\(batch.stdout)")
        #expect(batch.stdout.contains(#""payload":{"aps":{"alert":"a"}}"#), "\(batch.stdout)")
        try await JSONSchemaCheck.expectValid("render-batch-answer", [try folder.write(batch.stdout, to: "passed-on.jsonl")], lines: true)

        let push = try folder.write(#"{"aps":{"alert":"hello","badge":2}}"#, to: "sa.json")
        let preview = try await HeraldBinary.run(
            ["preview", "--payload", push, "--locales", "en", "--format", "json",
             "--store", folder.url.appendingPathComponent("store").path])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains(#""alert": "hello""#), "\(preview.stdout)")
        try await JSONSchemaCheck.expectValid("preview", [try folder.write(preview.stdout, to: "preview-passed-on.json")])
    }

    /// Documents the schemas must turn down: each breaks one rule the docs state.
    @Test func schemasRejectWhatTheDocsForbid() async throws {
        let folder = try TemporaryFolder("herald-schemas")
        let bad: [(schema: String, documents: [String])] = [
            ("push", [
                #"{"herald": {"kind": "message", "text": "no aps"}}"#,
                #"{"aps": {}, "herald": {"kind": "lottery.draw", "game": "powerball", "draw": "2026-11-18", "numbers": [1], "prizes": {"jackpot": {"amount": 1.5}}}}"#,
                #"{"aps": {}, "herald": {"kind": "reminder", "id": "not-a-uuid"}}"#,
                #"{"aps": {}, "herald": {"kind": "message", "text": ""}}"#,
                #"{"aps": {}, "herald": {"kind": "weather"}}"#,
                #"{"aps": {"badge": -1}}"#,
                #"{"aps": {}, "herald": {"sealed": {"v": 2, "alg": "rot13", "ct": "x"}}}"#,
                #"{"aps": {}, "herald": {"sealed": {"v": 1, "alg": "aes-256-gcm", "ct": "x"}}}"#,
            ]),
            ("render-batch-request", [#"{"id": 1, "payload": {"aps": {}}}"#, #"{"locale": "en", "payload": []}"#]),
            ("render-batch-answer", [
                #"{"locale": "en", "servedBy": "en", "fallback": false, "bytes": 10, "payload": {"aps": {"alert": {"body": "x"}}, "herald": {}}, "diagnostics": []}"#,
                #"{"locale": "en", "servedBy": "en", "fallback": false, "bytes": 10, "payload": {"aps": {"alert": {"body": ""}}}, "diagnostics": []}"#,
                #"{"locale": "en", "servedBy": "en", "fallback": false, "bytes": 5000, "payload": {"aps": {"alert": {"body": "x"}}}, "diagnostics": []}"#,
                #"{"error": ""}"#,
                // A string alert is only a passed-on push's: with no localization named, as a fallback.
                #"{"locale": "en", "requested": "en", "servedBy": "en", "fallback": false, "bytes": 20, "payload": {"aps": {"alert": "a"}}, "diagnostics": []}"#,
                #"{"locale": "en", "requested": "en", "servedBy": "", "fallback": false, "bytes": 20, "payload": {"aps": {"alert": "a"}}, "diagnostics": []}"#,
                #"{"locale": "en", "requested": "en", "servedBy": "", "fallback": true, "bytes": 20, "payload": {"aps": {"alert": "a"}, "herald": {}}, "diagnostics": []}"#,
            ]),
            ("format-batch-request", [#"{"key": "k"}"#, #"{"key": "k", "locale": "en", "args": [null]}"#]),
            ("format-batch-answer", [
                #"{"text": "x", "servedBy": "en", "key": "k", "plural": {"n": "several"}}"#,
                #"{"text": "x", "servedBy": "en", "key": "k"}"#,
            ]),
            ("validate-report", [
                #"{"diagnostics": [{"file": "f", "line": 1, "column": 1, "severity": "fatal", "rule": "r", "locale": "", "table": "", "key": "", "message": "m"}], "summary": {"files": 1, "locales": 1, "keys": 1, "errors": 1, "warnings": 0}}"#,
            ]),
            ("preview", [
                #"{"locales": [{"example": "x", "locale": "en"}]}"#,
                #"{"locales": [{"example": "payload", "locale": "en", "servedBy": "en", "fallback": false, "bytes": 20, "payload": {"aps": {"alert": "a"}}, "diagnostics": []}]}"#,
            ]),
        ]
        for (schema, documents) in bad {
            let file = try folder.write(documents.joined(separator: "\n") + "\n", to: "bad-\(schema).jsonl")
            try await JSONSchemaCheck.expectInvalid(schema, file)
        }
    }
}

/// Runs Tools/scripts/check-json-schema.py.
enum JSONSchemaCheck {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = repository.appendingPathComponent("Tools/scripts/check-json-schema.py").path

    static let isCI = ExternalTool.isCI

    /// Whether python3 can import jsonschema.
    static let validatorAvailable = ExternalTool.pythonHas("jsonschema")

    /// Run when the validator is there, and always under CI (where its absence fails).
    static var shouldRun: Bool { ExternalTool.shouldRun(validatorAvailable) }

    static let skipNote: Comment =
        "JSON Schema checks skipped: python3's jsonschema is not installed (apt-get install python3-jsonschema; CI=1 makes them required)"

    static func path(_ schema: String) -> String {
        repository.appendingPathComponent("Docs/schemas/\(schema).schema.json").path
    }

    static func run(_ arguments: [String]) async throws -> Subprocess.Result {
        if !validatorAvailable {
            Issue.record("CI is set but python3's jsonschema is missing: .ci/run installs python3-jsonschema")
        }
        return try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script] + arguments)
    }

    static func expectValid(
        _ schema: String, _ files: [String], lines: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await run([path(schema)] + (lines ? ["--lines"] : []) + files)
        #expect(result.status == 0, "\(schema): \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
    }

    static func expectInvalid(_ schema: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = try await run([path(schema), "--lines", "--expect-invalid", file])
        #expect(result.status == 0, "\(schema): \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
    }
}
