import Foundation
import HeraldTestSupport
import Testing

/// The README's command examples, run the way a user pastes them: every line of its ```sh
/// blocks that starts with `herald`, in order, through bash (so quoting and `>` work as in a
/// terminal), in an empty folder with a fresh store (`HERALD_STORE`) and the built `herald`
/// first on `PATH`. Lines that build or test the package (`swift …`, `Tools/…`) are not run
/// here: the suite itself is that build.
@Suite struct ReadmeExamplesTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// A `herald` command line of the README and where it is.
    struct Example: CustomStringConvertible {
        var line: Int
        var command: String
        /// The text after `# → `: what the command prints (the README promises it).
        var promised: String?
        var description: String { "README.md:\(line): \(command)" }
    }

    /// The `herald …` lines of every ```sh block of `text`, in order.
    static func examples(in text: String) -> [Example] {
        var found: [Example] = []
        var inShell = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("herald ") else { continue }
            var promised: String?
            if let arrow = line.range(of: "# → ") { promised = String(line[arrow.upperBound...]) }
            found.append(Example(line: index + 1, command: line, promised: promised))
        }
        return found
    }

    @Test func extractionTakesOnlyHeraldLinesOfShellBlocks() {
        let text = """
            ```sh
            swift build
            herald examples        # a comment
            # herald commented out
            herald format --key k --locale en   # → Hello
            ```
            herald outside a block
            ```json
            herald inside json
            ```
            """
        let found = Self.examples(in: text)
        #expect(found.map(\.command) == ["herald examples        # a comment", "herald format --key k --locale en   # → Hello"])
        #expect(found.map(\.line) == [3, 5])
        #expect(found.map(\.promised) == [nil, "Hello"])
    }

    @Test func everyReadmeExampleRunsWhenPastedInOrder() async throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let examples = Self.examples(in: text)
        // The README shows every command; fewer lines here means the extraction broke.
        #expect(examples.count >= 20, "found only \(examples.count) herald lines in README.md")
        let temporary = try TemporaryFolder("herald-readme")
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        let binaries = try HeraldBinary.url().deletingLastPathComponent().path
        let environment = [
            "PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HERALD_STORE": folder.appendingPathComponent("store").path,
            "HOME": folder.appendingPathComponent("home").path,
            "COLUMNS": "120",
        ]
        for example in examples {
            let result = try await Subprocess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", example.command], environment: environment, directory: folder)
            // Every README example is one that succeeds: exit status 0 (README.md and Docs/cli.md).
            #expect(result.status == 0, "\(example) exited \(result.status): \(result.stderr)")
            if let promised = example.promised {
                #expect(result.stdout == promised + "\n", "\(example) printed \(result.stdout)")
            }
            if result.status != 0 { break }
        }
    }
}
