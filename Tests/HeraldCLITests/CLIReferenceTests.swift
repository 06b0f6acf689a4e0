import Foundation
import Testing

/// Docs/cli.md against the real command line: every command `herald --help` lists has a
/// section, and every flag a command's `--help` shows is named on the page, so a new flag
/// cannot ship undocumented.
@Suite struct CLIReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/cli.md")

    /// Every command that takes flags, as its words after `herald`.
    static let commands: [[String]] = [
        ["render"], ["format"], ["validate"], ["preview"], ["export"], ["import"], ["seal"], ["keygen"], ["examples"],
        ["store", "add-ticket"], ["store", "add-reminder"], ["store", "badge"], ["store", "list"], ["store", "games"],
        ["receipts", "record"], ["receipts", "list"], ["receipts", "flush"], ["receipts", "retry"],
    ]

    /// The `--flag` names in a help text's OPTIONS section.
    static func flags(inHelp help: String) -> Set<String> {
        guard let options = help.range(of: "OPTIONS:") else { return [] }
        var found = Set<String>()
        for line in help[options.upperBound...].split(separator: "\n") {
            // An option line starts with its names: "  --deadline-ms <deadline-ms>", "  -h, --help".
            let trimmed = line.drop(while: { $0 == " " })
            guard trimmed.hasPrefix("-"), line.hasPrefix("  ") else { continue }
            for word in trimmed.split(separator: " ") where word.hasPrefix("--") {
                found.insert(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
            }
        }
        return found.subtracting(["--help", "--version"])
    }

    @Test func helpParsingFindsTheFlags() {
        let help = """
            OPTIONS:
              --payload <payload>     The APNs payload.
              --deadline-ms <deadline-ms>
                                      Time budget; see --other in prose.
              -h, --help              Show help information.
            """
        #expect(Self.flags(inHelp: help) == ["--payload", "--deadline-ms"])
    }

    @Test func everyCommandHasASection() async throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let help = try await HeraldBinary.run(["--help"])
        #expect(help.status == 0)
        guard let start = help.stdout.range(of: "SUBCOMMANDS:") else {
            Issue.record("no SUBCOMMANDS in herald --help")
            return
        }
        let names = help.stdout[start.upperBound...].split(separator: "\n").compactMap { line -> String? in
            // A command's line starts in column 3; its description's continuation lines further right.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = line.split(separator: " ").first, first.allSatisfy({ $0.isLowercase || $0 == "-" })
            else { return nil }
            return String(first)
        }
        #expect(names.count >= 10, "\(names)")
        for name in names {
            let documented = page.contains("## `herald \(name)`")
            #expect(documented, "Docs/cli.md has no section for herald \(name)")
        }
    }

    @Test(arguments: commands)
    func everyFlagIsDocumented(_ command: [String]) async throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let help = try await HeraldBinary.run(command + ["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let flags = Self.flags(inHelp: help.stdout)
        if command != ["store", "games"] { #expect(!flags.isEmpty, "no flags read from herald \(command) --help") }
        for flag in flags.sorted() {
            let documented = page.contains("`\(flag)") || page.contains(" \(flag) ") || page.contains("[\(flag)")
            #expect(documented, "Docs/cli.md does not mention \(flag) of herald \(command.joined(separator: " "))")
        }
    }
}
