import Foundation
import HeraldCommandLine
import HeraldJSON
import HeraldTables

/// `herald export --format xliff|xcloc`: the documents `XLIFFExport` makes, written as
/// `<lang>.xliff` files or as `<lang>.xcloc` bundles laid out the way Xcode lays them out.
struct XLIFFExportFiles {
    var format: ExportCommand.Format
    var inputs: [String]
    var languages: [String]?
    var output: String?

    static let tool = XLIFFDocument.Tool(id: "herald", name: "Herald", version: HeraldVersion.string)

    func run() throws {
        guard inputs.count == 1, let root = inputs.first else {
            throw CommandFailure.usage("--format \(format.rawValue) reads one folder of tables (the one herald import writes back into); \(inputs.count) given")
        }
        let export: XLIFFExport
        do { export = try XLIFFExport(root: root, languages: languages) } catch { throw CommandFailure.usage(error.description) }
        for d in export.diagnostics { CommandMain.report(d.description) }
        if export.diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure.exit(.failure) }
        for w in export.warnings { CommandMain.report(w.description) }
        guard let output else {
            guard format == .xliff, export.documents.count == 1, let only = export.documents.first else {
                throw CommandFailure.usage("--format \(format.rawValue): \(export.documents.count) languages; give --output DIR (or one --language for xliff on standard output)")
            }
            BufferedOutput.writeAll(fd: 1, only.document.text(tool: Self.tool))
            return
        }
        try OutputFiles.createFolder(output)
        for (lang, doc) in export.documents {
            let text = Array(doc.text(tool: Self.tool).utf8)
            guard format == .xcloc else {
                try OutputFiles.write(text, to: output + "/" + lang + ".xliff")
                continue
            }
            let bundle = output + "/" + lang + ".xcloc"
            try OutputFiles.createFolder(bundle + "/Localized Contents")
            try OutputFiles.createFolder(bundle + "/Notes")
            try OutputFiles.write(text, to: bundle + "/Localized Contents/" + lang + ".xliff")
            try OutputFiles.write(Array(XcodeJSON.write(contents(language: lang, source: export.sourceLanguage, root: root)).utf8), to: bundle + "/contents.json")
            for (original, bytes) in export.sourceFiles.sorted(by: { $0.key < $1.key }) {
                let path = bundle + "/Source Contents/" + original
                try OutputFiles.createFolder((path as NSString).deletingLastPathComponent)
                try OutputFiles.write(bytes, to: path)
            }
        }
    }

    /// `contents.json`: Xcode's keys, sorted; the tool is Herald; `project` names the tables folder.
    func contents(language: String, source: String, root: String) -> JSONValue {
        .object(JSONObject([
            ("developmentRegion", .string(source)),
            ("project", .string((root as NSString).lastPathComponent)),
            ("targetLocale", .string(language)),
            ("toolInfo", .object(JSONObject([
                ("toolBuildNumber", .string(HeraldVersion.string)), ("toolID", .string(Self.tool.id)),
                ("toolName", .string(Self.tool.name)), ("toolVersion", .string(Self.tool.version)),
            ]))),
            ("version", .string("1.0")),
        ]))
    }
}
