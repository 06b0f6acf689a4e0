import Foundation
import HeraldJSON
import Testing

import HeraldCommandLine
@testable import herald

/// The quick argument readers of `herald render` and `herald format` are built from the
/// same flag table as the ArgumentParser commands: here the names ArgumentParser itself
/// reports (`--experimental-dump-help`, read from the real binary) are compared with the
/// names the quick reader accepts, so a flag added to one and not the other fails.
@Suite struct QuickArgumentsTests {
    /// The long names ArgumentParser accepts for `herald <command>`, less its own `--help`
    /// and `--version` (the quick reader leaves those to ArgumentParser on purpose).
    static func argumentParserNames(_ command: String) async throws -> Set<String> {
        let result = try await HeraldBinary.run([command, "--experimental-dump-help"])
        #expect(result.status == 0)
        let root = try JSONParser.parse(result.stdout)
        var names: Set<String> = []
        for argument in root["command"]?["arguments"]?.arrayValue ?? [] {
            for name in argument["names"]?.arrayValue ?? [] where name["kind"]?.stringValue == "long" {
                if let text = name["name"]?.stringValue, text != "help", text != "version" { names.insert(text) }
            }
        }
        return names
    }

    @Test func renderAcceptsTheSameFlagsBothWays() async throws {
        let parsed = try await Self.argumentParserNames("render")
        #expect(parsed.count >= 11)  // payload … time-zone: the dump was read
        #expect(parsed == QuickArguments.names(of: RenderInvocation.flags))
    }

    @Test func formatAcceptsTheSameFlagsBothWays() async throws {
        let parsed = try await Self.argumentParserNames("format")
        #expect(parsed.count >= 15)
        #expect(parsed == QuickArguments.names(of: FormatInvocation.flags))
    }

    /// Each kind of flag lands where ArgumentParser would put it.
    @Test func theQuickReaderFillsTheInvocation() throws {
        let read = try #require(
            FormatInvocation(quickArguments: [
                "--key", "k", "--arg", "1", "--arg=two", "--width", "30", "--json", "--tables", "T", "--time-zone", "Europe/Paris",
            ]))
        #expect(read.key == "k")
        #expect(read.arguments == ["1", "two"])
        #expect(read.width == 30)
        #expect(read.json && !read.lenient && !read.noIsolate)
        #expect(read.table == "Localizable")
        #expect(read.common.tables == "T" && read.common.timeZone == "Europe/Paris")
        // Left to ArgumentParser: a repeated flag, a value to a switch, an unknown flag, a width that is no number.
        #expect(FormatInvocation(quickArguments: ["--key", "a", "--key", "b"]) == nil)
        #expect(FormatInvocation(quickArguments: ["--json=yes"]) == nil)
        #expect(FormatInvocation(quickArguments: ["--nope", "x"]) == nil)
        #expect(FormatInvocation(quickArguments: ["--width", "wide"]) == nil)
        let render = try #require(RenderInvocation(quickArguments: ["--payload", "-", "--allow-unsealed", "--deadline-ms=5"]))
        #expect(render.payload == "-" && render.stage.allowUnsealed && render.stage.deadlineMilliseconds == 5)
    }
}

/// Every command leaves through one place: usage errors of ArgumentParser are one
/// `herald: error:` line and the pointer to the command's help, exit 2 (Docs/cli.md).
@Suite struct ExitStatusCLITests {
    @Test func anArgumentErrorIsOneLineAndAHint() async throws {
        let result = try await HeraldBinary.run(["store", "badge", "--nope"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("herald: error: ") == true)
        #expect(lines.first?.contains("--nope") == true)
        #expect(lines.last?.contains("herald store badge --help") == true)
        #expect(result.stdout.isEmpty)
    }

    @Test func anOptionValueWithControlCharactersIsEscaped() async throws {
        let result = try await HeraldBinary.run(["format", "--key", "k", "--locale", "en", "--tables", "/nonexistent\u{1B}[2J"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.hasPrefix("herald: error: --tables /nonexistent"))
    }
}
