import ArgumentParser
import Foundation
import HeraldBuiltinTables
import HeraldExamples
import HeraldJSON

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

    @Option(name: .long, help: "Write the examples into this folder instead of listing them.")
    var output: String?

    func run() throws {
        guard let output else {
            let width = ExampleNotifications.all.map(\.name.count).max() ?? 0
            var out = StdoutBuffer()
            for example in ExampleNotifications.all {
                out.write(example.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + example.summary + "\n")
            }
            out.flush()
            return
        }
        do {
            try write(into: output)
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    private func write(into folder: String) throws {
        try makeFolder(folder)
        var requests = ""
        for example in ExampleNotifications.all {
            try writeFile(folder + "/" + example.name + ".json", example.payload.hasSuffix("\n") ? example.payload : example.payload + "\n")
            // The push on one line, as a batch request holds it.
            let compact = JSONWriter.write(try JSONParser.parse(example.payload))
            for locale in ExampleRequests.renderLocales {
                var request = JSONObject()
                request["id"] = .string(example.name + "/" + locale)
                request["locale"] = .string(locale)
                requests += JSONWriter.write(.object(request)).dropLast() + ",\"payload\":" + compact + "}\n"
            }
        }
        try writeFile(folder + "/requests.jsonl", requests)
        try writeFile(folder + "/format-requests.jsonl", ExampleRequests.formatLines.joined(separator: "\n") + "\n")
        for (path, contents) in EmbeddedLocalizations.files {
            let target = folder + "/Localizations/" + path
            try makeFolder((target as NSString).deletingLastPathComponent)
            try writeFile(target, contents)
        }
    }

    private func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIFailure(code: 1, message: "--output \(path): cannot create the folder")
        }
    }

    private func writeFile(_ path: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw CLIFailure(code: 1, message: "\(path): cannot write the file")
        }
    }
}
