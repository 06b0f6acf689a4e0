import HeraldJSON
import HeraldLint

extension LanguageServer {
    /// `initialize`: the workspace folder (sibling files are read only below it), the lint
    /// configuration found there (`.herald-validate.json`), the client's options, and what
    /// this server can do.
    func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        let root = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue.flatMap(FileURI.path)
            ?? params["rootUri"]?.stringValue.flatMap(FileURI.path)
            ?? params["rootPath"]?.stringValue
        bundleFiles = BundleFiles(root: root)
        if let root {
            do {
                linter = Linter(configuration: try LintConfiguration.load(explicit: nil, inputs: [root]))
            } catch {
                showMessage(type: 2, "herald: the lint configuration was not used: \(error.message)")
            }
        }
        let given = params["initializationOptions"]
        if let ms = given?["debounceMilliseconds"]?.intValue, ms >= 0, ms <= 10_000 { options.debounceMilliseconds = Int(ms) }
        if let docs = given?["ruleDocumentation"]?.stringValue { options.ruleDocumentation = docs }
        let sync = JSONObject([
            ("openClose", .bool(true)), ("change", .int(2)),
            ("save", .object(JSONObject([("includeText", .bool(false))]))),
        ])
        var capabilities: [(String, JSONValue)] = [
            ("positionEncoding", .string("utf-16")),
            ("textDocumentSync", .object(sync)),
            ("documentSymbolProvider", .bool(true)),
        ]
        capabilities += featureCapabilities
        let info = JSONObject([("name", .string("herald")), ("version", .string(Self.version))])
        return .object(JSONObject([("capabilities", .object(JSONObject(capabilities))), ("serverInfo", .object(info))]))
    }

    /// The version `serverInfo` names.
    public static let version = "0.1.0"

    /// `window/showMessage` (1 error, 2 warning, 3 info).
    func showMessage(type: Int, _ text: String) {
        send(RPCOutgoing.notification("window/showMessage", .object(JSONObject([("type", .int(type)), ("message", .string(text))]))))
    }
}
