public import HeraldJSON
import HeraldLint

/// The tools `herald mcp` offers an assistant, over one tables folder. Every tool reads;
/// none writes. Each answers structured data (a JSON object) with a one-line summary.
public struct HeraldTools: Sendable {
    public let folder: TablesFolder

    public init(folder: TablesFolder) {
        self.folder = folder
    }

    /// A tool's name, description and the JSON Schema of its arguments.
    public struct Definition: Sendable {
        public var name: String
        public var description: String
        public var inputSchema: JSONValue
    }

    /// What a call answers: the data, and a line saying what it is.
    public struct Answer: Sendable {
        public var summary: String
        public var data: JSONValue
    }

    public static let definitions: [Definition] = [
        Definition(
            name: "validate",
            description: "Lint the translation tables (herald validate): every finding with its rule id, severity, file:line:column, locale, table and key.",
            inputSchema: schema(["path": ("string", "A folder or table file relative to the tables folder (default: all of it).")], required: [])),
        Definition(
            name: "format",
            description: "Render one key of a table in the given locales with the given arguments, as a device shows it (ICU plural rules, number formatting, fallbacks).",
            inputSchema: schema(
                [
                    "key": ("string", "The key."), "table": ("string", "The table (default Localizable)."),
                    "locales": ("array", "BCP 47 locales, e.g. [\"de\", \"pl\"]."), "arguments": ("array", "The format arguments as text (numbers are read as numbers)."),
                ], required: ["key", "locales"])),
        Definition(
            name: "render",
            description: "Render an APNs push payload's alert (loc-key, title-loc-key, subtitle-loc-key and their -args) in the given locales, as the device shows it.",
            inputSchema: schema(["payload": ("object", "The push payload (with aps.alert)."), "locales": ("array", "BCP 47 locales.")], required: ["payload", "locales"])),
        Definition(
            name: "preview",
            description: "A message in every language of the tables: the localization serving each, and for plural messages one sample number per plural category.",
            inputSchema: schema(["key": ("string", "The key."), "table": ("string", "The table (default Localizable).")], required: ["key"])),
        Definition(
            name: "explain",
            description: "What a validate rule checks, its default severity, and where it is documented.",
            inputSchema: schema(["rule": ("string", "A rule id, e.g. plural-missing-category.")], required: ["rule"])),
    ]

    static func schema(_ properties: [String: (type: String, description: String)], required: [String]) -> JSONValue {
        var props: [(String, JSONValue)] = []
        for name in properties.keys.sorted() {
            guard let p = properties[name] else { continue }
            var fields: [(String, JSONValue)] = [("type", .string(p.type)), ("description", .string(p.description))]
            if p.type == "array" { fields.append(("items", .object(JSONObject([("type", .string("string"))])))) }
            props.append((name, .object(JSONObject(fields))))
        }
        return .object(JSONObject([
            ("type", .string("object")), ("properties", .object(JSONObject(props))),
            ("required", .array(required.map { .string($0) })), ("additionalProperties", .bool(false)),
        ]))
    }

    /// Runs a tool.
    public func call(_ name: String, _ arguments: JSONObject) throws(ToolError) -> Answer {
        switch name {
        case "validate": return try validate(arguments)
        case "format": return try format(arguments)
        case "render": return try render(arguments)
        case "preview": return try preview(arguments)
        case "explain": return try explain(arguments)
        default: throw ToolError("no tool named \(name); the tools are \(Self.definitions.map(\.name).joined(separator: ", "))")
        }
    }

    func validate(_ arguments: JSONObject) throws(ToolError) -> Answer {
        let relative = try Self.string(arguments, "path") ?? "."
        let path = try folder.resolve(relative)
        let configuration: LintConfiguration
        do {
            configuration = try LintConfiguration.load(explicit: nil, inputs: [folder.root])
        } catch {
            throw ToolError("the lint configuration: \(error.message)")
        }
        let report: LintReport
        do {
            report = try Linter(configuration: configuration).run(paths: [path])
        } catch {
            throw ToolError(folder.shown(error.message))
        }
        var data = LintOutput.json(report)
        // Files as the assistant names them: relative to the tables folder.
        if case .object(var object) = data, case .array(let findings)? = object["diagnostics"] {
            object["diagnostics"] = .array(findings.map { finding in
                guard case .object(var f) = finding, let file = f["file"]?.stringValue else { return finding }
                f["file"] = .string(folder.shown(file))
                return .object(f)
            })
            data = .object(object)
        }
        return Answer(summary: report.summaryLine, data: data)
    }

    func explain(_ arguments: JSONObject) throws(ToolError) -> Answer {
        guard let id = try Self.string(arguments, "rule") else { throw ToolError("give the rule id as \"rule\"") }
        guard let rule = LintRule.byID[.init(id)] else {
            throw ToolError("no rule \(id); the rules are \(LintRule.all.map(\.id.rawValue).joined(separator: ", "))")
        }
        let data = JSONValue.object(JSONObject([
            ("rule", .string(rule.id.rawValue)), ("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
            ("summary", .string(rule.summary)), ("documentation", .string("Docs/validate-rules.md in Herald's documentation")),
            ("configure", .string("in .herald-validate.json: {\"rules\": {\"\(rule.id.rawValue)\": \"off\" | \"warning\" | \"error\"}}")),
        ]))
        return Answer(summary: "\(rule.id.rawValue) (\(rule.defaultSeverity.rawValue)): \(rule.summary)", data: data)
    }

    static func string(_ arguments: JSONObject, _ name: String) throws(ToolError) -> String? {
        guard let v = arguments[name] else { return nil }
        guard let s = v.stringValue else { throw ToolError("\"\(name)\" must be a string") }
        return s
    }

    static func strings(_ arguments: JSONObject, _ name: String) throws(ToolError) -> [String]? {
        guard let v = arguments[name] else { return nil }
        guard let a = v.arrayValue else { throw ToolError("\"\(name)\" must be an array of strings") }
        var out: [String] = []
        for item in a {
            switch item {
            case .string(let s): out.append(s)
            case .number(let n): out.append(n)
            default: throw ToolError("\"\(name)\" must be an array of strings")
            }
        }
        guard out.count <= 256 else { throw ToolError("\"\(name)\" holds more than 256 items") }
        return out
    }
}
