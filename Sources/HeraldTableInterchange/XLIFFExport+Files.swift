import HeraldJSON
import HeraldTableFormats
import HeraldTables

extension XLIFFExport {
    /// How the documents are laid out in the output folder.
    public enum Layout: String, Sendable {
        /// `<lang>.xliff`, one file per language.
        case xliff
        /// `<lang>.xcloc` bundles, the way Xcode's "Export Localizations" lays them out:
        /// `Localized Contents/<lang>.xliff`, `Source Contents/<table files>`, `Notes/`
        /// and `contents.json`.
        case xcloc
    }

    /// Every file (and empty folder, with nil bytes) of the export, by path relative to the
    /// output folder, in a stable order. `project` is the tables folder's name, as
    /// `contents.json` records it.
    public func files(_ layout: Layout, tool: XLIFFDocument.Tool, project: String) -> [OutputFiles.Item] {
        var out: [OutputFiles.Item] = []
        for (lang, doc) in documents {
            let text = Array(doc.text(tool: tool).utf8)
            guard layout == .xcloc else {
                out.append(.file(lang + ".xliff", text))
                continue
            }
            let bundle = lang + ".xcloc/"
            out.append(.file(bundle + "Localized Contents/" + lang + ".xliff", text))
            out.append(.folder(bundle + "Notes"))
            out.append(.file(bundle + "contents.json", Array(XcodeJSON.write(contents(language: lang, tool: tool, project: project)).utf8)))
            for (original, bytes) in sourceFiles.sorted(by: { $0.key < $1.key }) {
                out.append(.file(bundle + "Source Contents/" + original, bytes))
            }
        }
        return out
    }

    /// A bundle's `contents.json`: Xcode's keys, sorted.
    func contents(language: String, tool: XLIFFDocument.Tool, project: String) -> JSONValue {
        .object(JSONObject([
            ("developmentRegion", .string(sourceLanguage)),
            ("project", .string(project)),
            ("targetLocale", .string(language)),
            ("toolInfo", .object(JSONObject([
                ("toolBuildNumber", .string(tool.version)), ("toolID", .string(tool.id)),
                ("toolName", .string(tool.name)), ("toolVersion", .string(tool.version)),
            ]))),
            ("version", .string("1.0")),
        ]))
    }
}

extension XLIFFImport {
    /// The XLIFF files an input names: the file itself, or an `.xcloc` bundle's
    /// `Localized Contents/*.xliff`, sorted. The problem says which, escaped.
    public static func xliffFiles(of input: String) throws(TableExport.InputProblem) -> [String] {
        guard FileBytes.realPath(input) != nil else {
            throw TableExport.InputProblem(description: "\(OutsideText.escaped(input)): no such file or directory")
        }
        guard FileBytes.isDirectory(input) else { return [input] }
        let folder = input + "/Localized Contents"
        let names = (FileBytes.names(in: folder) ?? []).filter { $0.hasSuffix(".xliff") }.sorted()
        guard !names.isEmpty else {
            throw TableExport.InputProblem(description: "\(OutsideText.escaped(input)): not an .xcloc bundle (no Localized Contents/*.xliff)")
        }
        return names.map { folder + "/" + $0 }
    }
}
