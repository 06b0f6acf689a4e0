import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldJSON
import HeraldLint
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
            for path in try xliffFiles(input) {
                let bytes: [UInt8]
                do { bytes = try InputFile.read(path, limit: InputLimits.tableFileBytes, what: "an XLIFF file") } catch { throw CommandFailure.failure(error.description) }
                do { documents.append((path, try XLIFFDocument.read(bytes, path: path))) } catch {
                    CommandMain.report(error.description)
                    throw CommandFailure.exit(.failure)
                }
            }
        }
        let source = { (doc: XLIFFDocument) in doc.files.first?.sourceLanguage ?? "source" }
        let plan: XLIFFImport
        do {
            plan = try XLIFFImport(documents: documents, root: tables) { src, target, origin, pluralForm, subject in
                TranslationCheck.placeholders(
                    source: src, target: target, at: origin, pluralForm: pluralForm, subject: subject,
                    sourceLocalization: documents.first.map { source($0.document) } ?? "source")
            }
        } catch { throw CommandFailure.usage(error.description) }
        for d in plan.diagnostics { CommandMain.report(d.description) }
        let failed = plan.diagnostics.contains { $0.severity == .error }
        if !dryRun, !failed {
            for w in plan.writes { try OutputFiles.createFolder((w.path as NSString).deletingLastPathComponent); try OutputFiles.write(w.bytes, to: w.path) }
        }
        let verb = dryRun || failed ? "would write" : "wrote"
        CommandMain.report("herald import: \(plan.imported) unit\(plan.imported == 1 ? "" : "s") imported, \(plan.untranslated) without a target; \(verb) \(plan.writes.count) file\(plan.writes.count == 1 ? "" : "s")")
        for w in plan.writes { CommandMain.report("  " + w.path) }
        if failed { throw CommandFailure.exit(.failure) }
    }

    /// The XLIFF files of an input: the file itself, or a bundle's `Localized Contents/*.xliff`.
    func xliffFiles(_ input: String) throws -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDir) else {
            throw CommandFailure.usage("\(OutsideText.escaped(input)): no such file or directory")
        }
        guard isDir.boolValue else { return [input] }
        let folder = input + "/Localized Contents"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".xliff") }.sorted() ?? []
        guard !names.isEmpty else {
            throw CommandFailure.usage("\(OutsideText.escaped(input)): not an .xcloc bundle (no Localized Contents/*.xliff)")
        }
        return names.map { folder + "/" + $0 }
    }
}
