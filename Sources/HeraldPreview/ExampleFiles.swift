import HeraldBuiltinTables
import HeraldExamples
import HeraldJSON

/// The files `herald examples --output DIR` writes to start from: `<name>.json` for each
/// example push, `requests.jsonl` (every example in a few locales, for `render --batch`),
/// `format-requests.jsonl` (for `format --batch`) and `Localizations/`, the tables built
/// into herald.
public enum ExampleFiles {
    /// Each file's path below the folder and its text, in the order they are written.
    public static func all() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        var requests = ""
        for example in ExampleNotifications.all {
            files.append((example.name + ".json", example.payload.hasSuffix("\n") ? example.payload : example.payload + "\n"))
            // The push on one line, as a batch request holds it.
            let compact = JSONWriter.write(try JSONParser.parse(example.payload))
            for locale in ExampleRequests.renderLocales {
                var request = JSONObject()
                request["id"] = .string(example.name + "/" + locale)
                request["locale"] = .string(locale)
                requests += JSONWriter.write(.object(request)).dropLast() + ",\"payload\":" + compact + "}\n"
            }
        }
        files.append(("requests.jsonl", requests))
        files.append(("format-requests.jsonl", ExampleRequests.formatLines.joined(separator: "\n") + "\n"))
        for (path, contents) in EmbeddedLocalizations.files { files.append(("Localizations/" + path, contents)) }
        return files
    }
}
