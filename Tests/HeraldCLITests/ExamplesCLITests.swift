import Foundation
import HeraldBuiltinTables
import HeraldExamples
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald examples` and `herald --version`, the real binary in subprocesses.
@Suite struct ExamplesCLITests {
    @Test func listingNamesEveryExampleWithItsSummary() async throws {
        let result = try await HeraldBinary.run(["examples"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == ExampleNotifications.all.count)
        for (line, example) in zip(lines, ExampleNotifications.all) {
            #expect(line.hasPrefix(example.name + " "))
            #expect(line.hasSuffix(example.summary))
        }
    }

    @Test func outputWritesPushesBatchFilesAndTables() async throws {
        let folder = try TemporaryFolder("herald-examples", create: false)
        let target = folder.url.appendingPathComponent("new/examples")
        let result = try await HeraldBinary.run(["examples", "--output", target.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        for example in ExampleNotifications.all {
            let written = try String(contentsOf: target.appendingPathComponent(example.name + ".json"), encoding: .utf8)
            #expect(try JSONParser.parse(written) == JSONParser.parse(example.payload), "\(example.name).json")
        }
        // requests.jsonl: each example once per locale, its payload the example itself.
        let requests = try String(contentsOf: target.appendingPathComponent("requests.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(requests.count == ExampleNotifications.all.count * ExampleRequests.renderLocales.count)
        for example in ExampleNotifications.all {
            for locale in ExampleRequests.renderLocales {
                let request = requests.first { $0["id"]?.stringValue == example.name + "/" + locale }
                #expect(request?["locale"]?.stringValue == locale)
                #expect(try request?["payload"] == JSONParser.parse(example.payload))
            }
        }
        let formatRequests = try String(contentsOf: target.appendingPathComponent("format-requests.jsonl"), encoding: .utf8)
        #expect(formatRequests == ExampleRequests.formatLines.joined(separator: "\n") + "\n")
        for (path, contents) in EmbeddedLocalizations.files {
            let written = try String(contentsOf: target.appendingPathComponent("Localizations/" + path), encoding: .utf8)
            #expect(written == contents, "Localizations/\(path)")
        }
    }

    /// The files it writes work: every format request renders, every push renders (the
    /// store is empty, so the lottery and reminder pushes may fall back: exit 0 or 3).
    @Test func writtenFilesRunAsTheyAre() async throws {
        let folder = try TemporaryFolder("herald-examples", create: false)
        let written = try await HeraldBinary.run(["examples", "--output", folder.url.path])
        #expect(written.status == 0, "\(written.stderr)")
        let store = ["HERALD_STORE": folder.url.appendingPathComponent("store").path]
        let format = try await HeraldBinary.run(
            ["format", "--batch", "format-requests.jsonl"], environment: store, directory: folder.url)
        #expect(format.status == 0, "\(format.stderr)")
        let answers = format.stdout.split(separator: "\n")
        #expect(answers.count == ExampleRequests.formatLines.count)
        for answer in answers {
            #expect(!answer.contains("\"error\"") && !answer.contains("\"diagnostics\""), "\(answer)")
        }
        let validate = try await HeraldBinary.run(["validate", "Localizations", "--strict"], directory: folder.url)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        for example in ExampleNotifications.all {
            let render = try await HeraldBinary.run(
                ["render", "--payload", example.name + ".json", "--locale", "en"], environment: store, directory: folder.url)
            #expect([0, 3].contains(render.status), "\(example.name): \(render.stderr)")
        }
    }

    @Test func anOutputThatCannotBeWrittenFailsWithExit1() async throws {
        let folder = try TemporaryFolder("herald-examples", create: false)
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let result = try await HeraldBinary.run(["examples", "--output", file.path + "/inside"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "herald: error: --output \(file.path)/inside: cannot create the folder\n")
    }

    /// The ICU version must be the ICU this machine's herald links, as its pkg-config
    /// entry (Debian's libicu-dev) states it, not a number compiled into the source.
    @Test func versionNamesHeraldAndTheICUInUse() async throws {
        let result = try await HeraldBinary.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        let pkgConfig = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["pkg-config", "--modversion", "icu-i18n"])
        #expect(pkgConfig.status == 0, "pkg-config icu-i18n: \(pkgConfig.stderr)")
        let icu = pkgConfig.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let printed = result.stdout
        #expect(printed.hasPrefix("herald 0.1.0 (ICU \(icu), CLDR "), "\(printed)")
        #expect(printed.hasSuffix(")\n"))
        // The CLDR version is a dotted number ICU reports ("42.0").
        let cldr = printed.split(separator: "CLDR ").last.map { $0.dropLast(2) } ?? ""
        #expect(!cldr.isEmpty && cldr.allSatisfy { $0.isNumber || $0 == "." }, "\(printed)")
    }
}
