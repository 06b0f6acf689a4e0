import Foundation
import ArgumentParser
import HeraldBuiltinTables
import HeraldCommandLine
import HeraldExamples
import HeraldPreview

/// `herald examples`: the built-in example pushes, listed or written out as files to start from.
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "List the built-in example pushes, or write them out as files to start from.",
        discussion: """
            Without --output, prints one line per example: its name and what it shows.
            With --output DIR, writes into DIR (created if missing): <name>.json for each example \
            push (for render, preview and seal --payload); requests.jsonl, every example in a few \
            locales, for render --batch; format-requests.jsonl for format --batch; and \
            Localizations/, the translation tables built into herald, for --tables, validate and \
            export. Existing files of those names are replaced; nothing else in DIR is touched.
            The lottery and reminder examples show their full text only once the store holds the \
            tickets and the reminder they name (see README.md).
            Exit status: 0 done; 1 a file could not be written.
            """)

    @Option(name: .long, help: "Write the examples into this folder instead of listing them.") var output: String?

    func run() throws {
        guard let output else {
            let width = ExampleNotifications.all.map(\.name.count).max() ?? 0
            var out = BufferedOutput()
            for example in ExampleNotifications.all {
                out.write(example.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + example.summary + "\n")
            }
            out.flush()
            return
        }
        try write(into: output)
    }

    private func write(into folder: String) throws {
        try makeFolder(folder)
        for file in try ExampleFiles.all() {
            let target = folder + "/" + file.path
            try makeFolder((target as NSString).deletingLastPathComponent)
            try writeFile(target, file.text)
        }
    }

    private func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.failure("--output \(path): cannot create the folder")
        }
    }

    private func writeFile(_ path: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw CommandFailure.failure("\(path): cannot write the file")
        }
    }
}
