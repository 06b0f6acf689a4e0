import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldLint
import HeraldTableInterchange
import HeraldTables

/// `herald import FILE.xliff|BUNDLE.xcloc... --tables DIR [--dry-run]` (Docs/cli.md,
/// Docs/xliff.md): a translator's XLIFF written back into the tables it was exported from.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the translations of XLIFF files or .xcloc bundles back into their tables.",
        discussion: """
            Each XLIFF <file> names the table file it came from (its original attribute, \
            relative to --tables): String Catalogs get the target language's units with \
            their review states; .strings and .stringsdict translations are written into \
            the target language's .lproj folder. A unit whose key is gone \
            (xliff-unknown-unit), whose source changed since the export (xliff-changed-source) \
            or whose placeholders do not match the source (validate's specifier rules) is \
            reported at file:line:column and not written.
            Exit 0: imported (warnings allowed). 1: an error finding or an unreadable XLIFF \
            (nothing is written then). 2: usage.
            """)

    @Argument(help: "XLIFF files or .xcloc bundles.") var inputs: [String]
    @Option(help: ArgumentHelp("The folder of tables the XLIFF was exported from.", valueName: "DIR")) var tables: String
    @Flag(name: .customLong("dry-run"), help: "Report what would be written; write nothing.") var dryRun = false

    func run() throws {
        var documents: [(path: String, document: XLIFFDocument)] = []
        for input in inputs {
            let paths = try CommandFailure.catching(.usage) { try XLIFFImport.xliffFiles(of: input) }
            for path in paths {
                let bytes: [UInt8]
                do { bytes = try InputFile.read(path, limit: InputLimits.tableFileBytes, what: "an XLIFF file") } catch { throw CommandFailure.failure(error.description) }
                do { documents.append((path, try XLIFFDocument.read(bytes, path: path))) } catch {
                    CommandMain.report(error.description)
                    throw CommandFailure.exit(.failure)
                }
            }
        }
        let plan: XLIFFImport
        do {
            // Findings are printed as they are found (none is kept).
            plan = try XLIFFImport(documents: documents, root: tables, report: { CommandMain.report($0.description) })
        } catch { throw CommandFailure.usage(error.description) }
        let failed = plan.errors > 0
        if !dryRun, !failed {
            // One change, all or nothing, never through a link nor outside --tables (TreeWriter).
            let prefix = tables + "/"
            let files = plan.writes.map { (relativePath: $0.path.hasPrefix(prefix) ? String($0.path.dropFirst(prefix.count)) : $0.path, bytes: $0.bytes) }
            do { try TreeWriter.apply(files, under: tables) } catch { throw CommandFailure.failure(error.description) }
        }
        let verb = dryRun || failed ? "would write" : "wrote"
        CommandMain.report("herald import: \(plan.imported) unit\(plan.imported == 1 ? "" : "s") imported, \(plan.untranslated) without a target; \(verb) \(plan.writes.count) file\(plan.writes.count == 1 ? "" : "s")")
        for w in plan.writes { CommandMain.report("  " + w.path) }
        if failed { throw CommandFailure.exit(.failure) }
    }
}
