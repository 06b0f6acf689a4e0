import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldTableInterchange
import HeraldTables

/// `herald export [DIR|FILE]... [--format json|xcstrings|strings|xliff|xcloc] [--output DIR]`
/// (Docs/cli.md): the tables as data, as String Catalogs, as
/// `.lproj` folders, or as XLIFF for translators (Docs/xliff.md).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write translation tables as JSON, String Catalogs, .lproj folders, or XLIFF for translators.",
        discussion: """
            Reads .strings, .stringsdict and .xcstrings files (a folder is scanned for \
            <lang>.lproj folders and .xcstrings files). Problems are printed to standard \
            error as file:line:column; a file a device would drop makes the export fail.
            --format json (default) prints {"<locale>": {"<table>": {"<key>": value}}}.
            --format xcstrings prints one String Catalog (or writes <Table>.xcstrings \
            files into --output DIR when there are several tables).
            --format strings writes <locale>.lproj/<Table>.strings and .stringsdict \
            files into --output DIR; App Shortcuts phrase sets (stringSet), which those \
            files cannot hold, are left out with a warning.
            --format xliff writes one <lang>.xliff (XLIFF 1.2, as Xcode exports it) per \
            language into --output DIR (or prints it when one --language is given and no \
            --output); --format xcloc writes <lang>.xcloc bundles. Both read one folder of \
            tables; herald import reads the translations back (Docs/xliff.md).
            --format mf2 writes <locale>.lproj/<Table>.mf2.strings files of MessageFormat 2 \
            messages into --output DIR; a message that cannot be converted to one that \
            renders the same is left out, said with its file:line and reason (Docs/mf2.md).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, xcstrings, strings, xliff, xcloc, mf2
    }

    @Argument(help: "Folders or table files (default: Localizations).") var paths: [String] = []
    @Option(help: "json, xcstrings, strings, xliff, xcloc or mf2.") var format: Format = .json
    @Option(help: "Output folder (required for --format strings and mf2; for xcstrings with several tables).") var output: String?
    @Option(help: "Source language of a written String Catalog (default: the catalogs' own, else en).") var sourceLanguage: String?
    @Option(name: .customLong("language"), help: ArgumentHelp(
        "xliff, xcloc: a language to export (repeatable; default: every localization but the development one).", valueName: "TAG"))
    var languages: [String] = []

    /// The export; a usage problem (a path that is not there, a missing --output) is exit
    /// status 2, said the way `herald validate` says it; a file that cannot be written, 1.
    func run() throws {
        do { try export() } catch let error as OutputFileError { throw CommandFailure.failure(error.description) }
    }

    func export() throws {
        // Read before anything is written: a String Catalog must not carry a tag Herald's
        // own reader refuses; it gets the canonical BCP 47 form (`pt_br` → `pt-BR`).
        let sourceTag = try sourceLanguage.map { try LocaleFlag.read($0, flag: "--source-language").bcp47 }
        let inputs = paths.isEmpty ? ["Localizations"] : paths
        if format == .xliff || format == .xcloc {
            let tags = try languages.map { try LocaleFlag.read($0, flag: "--language").bcp47 }
            return try exportXLIFF(inputs, languages: tags.isEmpty ? nil : tags)
        }
        guard languages.isEmpty else { throw CommandFailure.usage("--language is for --format xliff and xcloc") }
        let input: TableExport.Input
        do { input = try TableExport.Input(paths: inputs) } catch { throw CommandFailure.usage(error.description) }
        for d in input.diagnostics { CommandMain.report(d.description) }
        if input.failed { throw CommandFailure.exit(.failure) }
        let tables = input.tables

        switch format {
        case .json:
            // Streamed: a table of many keys is never held as a JSON tree or one string.
            var out = BufferedOutput()
            TableExport.writeJSON(tables) { out.write($0) }
            out.writeStatic("\n")
            out.flush()
        case .xcstrings:
            let names = Set(tables.map(\.name)).sorted()
            let source = sourceTag ?? input.developmentLocalization ?? "en"
            if names.count > 1 || output != nil {
                guard let output else {
                    throw CommandFailure.usage(
                        "--format xcstrings: \(names.count) tables (\(names.joined(separator: ", "))); give --output DIR to write one .xcstrings file each")
                }
                try OutputFiles.write(names.map { .file($0 + ".xcstrings", Array(xcstringsText(tables, $0, source).utf8)) }, into: output)
            } else if let name = names.first {
                BufferedOutput.writeAll(fd: 1, xcstringsText(tables, name, source))
            }
        case .xliff, .xcloc:
            break  // Handled above.
        case .mf2:
            // One folder read: the places said are below it (a table file is named as given).
            try exportMF2(tables, folder: inputs.count == 1 && !TableFormat.isTableFileName(inputs[0]) ? inputs[0] : nil)
        case .strings:
            guard let output else {
                throw CommandFailure.usage("--format strings: writes .lproj folders; give --output DIR")
            }
            var warnings: [TableExport.Warning] = []
            let files = TableExport.stringsFiles(tables, warnings: &warnings)
            for w in warnings { CommandMain.report(w.description) }
            try OutputFiles.write(files.sorted(by: { $0.key < $1.key }).map { .file($0.key, $0.value) }, into: output)
        }
    }

    /// One table as a String Catalog in Xcode's layout (two-space indent, ` : ` between key
    /// and value); what it cannot hold is said on standard error.
    func xcstringsText(_ tables: [Table], _ name: String, _ source: String) -> String {
        let (catalog, warnings) = TableExport.xcstrings(tables, table: name, sourceLanguage: source)
        for w in warnings { CommandMain.report(w.description) }
        return XcodeJSON.write(catalog) + "\n"
    }

    /// `--format xliff|xcloc`: `<lang>.xliff` files or `<lang>.xcloc` bundles from one folder.
    func exportXLIFF(_ inputs: [String], languages: [String]?) throws {
        guard inputs.count == 1, let root = inputs.first else {
            throw CommandFailure.usage("--format \(format.rawValue) reads one folder of tables (the one herald import writes back into); \(inputs.count) given")
        }
        let export = try CommandFailure.catching(.usage) { try XLIFFExport(root: root, languages: languages) }
        for d in export.diagnostics { CommandMain.report(d.description) }
        if export.diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure.exit(.failure) }
        for w in export.warnings { CommandMain.report(w.description) }
        let tool = XLIFFDocument.Tool(id: "herald", name: "Herald", version: HeraldVersion.string)
        guard let output else {
            guard format == .xliff, export.documents.count == 1, let only = export.documents.first else {
                throw CommandFailure.usage("--format \(format.rawValue): \(export.documents.count) languages; give --output DIR (or one --language for xliff on standard output)")
            }
            return BufferedOutput.writeAll(fd: 1, only.document.text(tool: tool))
        }
        let project = root.split(separator: "/").last.map(String.init) ?? root
        try OutputFiles.write(export.files(format == .xcloc ? .xcloc : .xliff, tool: tool, project: project), into: output)
    }
}
