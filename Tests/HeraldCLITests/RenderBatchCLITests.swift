import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald render --batch`'s own job, the JSON Lines protocol (Docs/batch.md), through the real
/// binary: each line answered in order, a bad line answered with where it went wrong, and the
/// stage's diagnostics carried as strings. What the stage makes of a push is tested in-process
/// (Tests/HeraldStageTests).
@Suite struct RenderBatchCLITests {
    static let tables = RenderCLITests.tables

    @Test func badLinesAreAnsweredWithWhereTheyWentWrong() async throws {
        let lines = [
            #"{"id":"1","locale":"pt-BR","payload":{"aps":{"alert":"Olá","mutable-content":1}}}"#,
            #"{"id":"2","locale":"en"}"#,
            "{",
        ]
        let r = try await HeraldBinary.run(
            ["render", "--batch", "-", "--tables", Self.tables], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map { try? JSONParser.parse(String($0)).objectValue }
        #expect(out.count == 3)
        guard out.count == 3 else { return }
        #expect(out[0]?["id"]?.stringValue == "1")
        #expect(out[0]?["fallback"]?.boolValue == false)
        #expect(out[0]?["payload"]?["aps"]?["alert"]?.stringValue == "Olá")
        #expect(out[0]?["diagnostics"]?.arrayValue?.isEmpty == true)
        #expect(out[1]?["id"]?.stringValue == "2")
        #expect(out[1]?["error"]?.stringValue == #"line 2: the request needs a "payload" object"#)
        // "{" ends after its first byte: the parser stops at column 2 (1-based, hand-counted).
        #expect(out[2]?["error"]?.stringValue == "line 3, column 2: not JSON: unexpected end of input in an object")
        #expect(out[2]?["id"] == nil)
    }

    /// The diagnostics of a batch answer are the messages the single render prints on stderr,
    /// and like them never quote a sealed value.
    @Test func diagnosticsAreTheMessagesAndNeverQuoteSealedValues() async throws {
        let folder = try TemporaryFolder()
        let environment = ["HERALD_STORE": folder.path]
        let key = try await HeraldBinary.run(["keygen", "--id", "k1"], environment: environment)
        #expect(key.status == 0, "\(key.stderr)")
        let plain = try folder.write(
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"SECRET-KIND-7731"}}"#,
            to: "plain.json")
        let sealed = try await HeraldBinary.run(["seal", "--payload", plain, "--key-id", "k1"], environment: environment)
        #expect(sealed.status == 0, "\(sealed.stderr)")
        let push = sealed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let single = try await HeraldBinary.run(
            ["render", "--payload", "-", "--locale", "en", "--tables", Self.tables], environment: environment,
            stdin: Data(push.utf8))
        #expect(single.status == 3)
        let warnings = single.stderr.split(separator: "\n").map { String($0.dropFirst("herald: warning: ".count)) }
        #expect(!warnings.isEmpty)
        let batch = try await HeraldBinary.run(
            ["render", "--batch", "-", "--tables", Self.tables], environment: environment,
            stdin: Data((#"{"id":1,"locale":"en","payload":\#(push)}"# + "\n").utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        let answer = try #require(try JSONParser.parse(batch.stdout).objectValue)
        let diagnostics = answer["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(diagnostics == warnings)
        #expect(diagnostics.contains { $0.contains("\"kind\" field") }, "\(diagnostics)")
        #expect(!batch.stdout.contains("SECRET") && !single.stderr.contains("SECRET"))
    }
}
