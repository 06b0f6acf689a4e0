import ArgumentParser
import HeraldLanguageServer

import Glibc

/// `herald lsp`: the language server for translation tables, over stdin and stdout
/// (Docs/editors.md).
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol over stdin/stdout for editors (Docs/editors.md).",
        discussion: """
            Diagnostics as you type (the validate rules, the open buffer against its bundle's other \
            languages on disk), document symbols, hover, go to definition and references, completion \
            and quick fixes for .strings, .stringsdict and .xcstrings tables, and push payload JSON. \
            Files are read only below the workspace folder the editor names.
            Exit status: 0 after shutdown and exit; 1 when the input ends or exit comes without shutdown.
            """)

    @Flag(name: .long, help: "Accepted for editors that pass it; stdin/stdout is the only transport.") var stdio = false
    @Option(name: .customLong("debounce-ms"), help: "Milliseconds edits settle before the buffer is linted again (default 250).")
    var debounceMilliseconds: Int?
    @Option(name: .customLong("rule-docs"), help: "A URL each diagnostic's rule id is appended to as its documentation link.")
    var ruleDocumentation: String?

    func validate() throws {
        if let ms = debounceMilliseconds, !(0...10_000).contains(ms) {
            throw ValidationError("--debounce-ms must be between 0 and 10000")
        }
    }

    func run() throws {
        var options = LanguageServer.Options()
        if let debounceMilliseconds { options.debounceMilliseconds = debounceMilliseconds }
        options.ruleDocumentation = ruleDocumentation
        Glibc.exit(ServerLoop.run(options))
    }
}
