public import HeraldJSON
import HeraldDiagnostics
import HeraldTables

/// The report formats of `herald validate` (Docs/cli.md).
public enum LintOutputFormat: String, Sendable, CaseIterable {
    /// One compiler-style line per finding, then a summary line.
    case text
    /// `{"diagnostics": […], "summary": {…}}`.
    case json
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
    /// GitHub Actions `::error file=…,line=…,col=…::message` lines.
    case github
}

/// Writes a report in one of the formats.
public enum LintOutput {
    /// The whole standard output for `format`. Text ends with the summary
    /// line; JSON and SARIF are one document each; GitHub is one workflow
    /// command per finding.
    public static func render(_ report: LintReport, format: LintOutputFormat) -> String {
        switch format {
        case .text: return text(report)
        case .json: return JSONWriter.write(json(report), pretty: true) + "\n"
        case .sarif: return JSONWriter.write(sarif(report), pretty: true) + "\n"
        case .github: return github(report)
        }
    }

    /// `path:line:col: error|warning: message [rule-id]` lines, then the summary. Paths
    /// and localization names come from the tables' folder (a pull request's files):
    /// their control and bidi characters are escaped (`OutsideText`), so a line can
    /// neither drive a terminal nor forge another line.
    public static func text(_ report: LintReport) -> String {
        var out = ""
        for d in report.diagnostics {
            out += OutsideText.escaped(d.description)
            out += "\n"
        }
        for line in report.states.textLines { out += "herald validate: " + OutsideText.escaped(line) + "\n" }
        out += "herald validate: " + report.summaryLine + "\n"
        return out
    }

    /// `{"diagnostics": […], "summary": {…}}`; with `passed`, the verdict as
    /// `summary.passed` (`herald serve`'s `/v1/validate`).
    public static func json(_ report: LintReport, passed: Bool? = nil) -> JSONValue {
        let diags: [JSONValue] = report.diagnostics.map { d in
            let o = place(d)
            return .object(JSONObject([
                ("file", .string(o.file)), ("line", .int(o.line)), ("column", .int(o.column)),
                ("severity", .string(d.severity.rawValue)), ("rule", .string(d.rule.rawValue)),
                ("locale", .string(d.subject.locale ?? "")), ("table", .string(d.subject.table ?? "")),
                ("key", .string(d.subject.key ?? "")), ("message", .string(d.message)),
            ]))
        }
        var summary = JSONObject([
            ("files", .int(report.files)), ("locales", .int(report.locales)), ("keys", .int(report.keys)),
            ("errors", .int(report.errors)), ("warnings", .int(report.warnings)), ("states", report.states.json),
        ])
        if let c = report.code {
            summary["code"] = .object(JSONObject([
                ("swiftFiles", .int(c.files)), ("lookups", .int(c.lookups)), ("dynamicLookups", .int(c.dynamicLookups)),
            ]))
        }
        if let passed { summary["passed"] = .bool(passed) }
        return .object(JSONObject([("diagnostics", .array(diags)), ("summary", .object(summary))]))
    }

    /// SARIF 2.1.0: one run, the rule list in the driver, one result per finding; with
    /// `passed`, the verdict as the run's `properties.passed`.
    public static func sarif(_ report: LintReport, toolVersion: String = "0.1.0", passed: Bool? = nil) -> JSONValue {
        let rules: [JSONValue] = LintRule.all.map { r in
            .object(JSONObject([
                ("id", .string(r.id.rawValue)),
                ("shortDescription", .object(JSONObject([("text", .string(r.summary))]))),
                ("help", .object(JSONObject([("text", .string(r.help))]))),
                ("defaultConfiguration", .object(JSONObject([
                    ("enabled", .bool(r.enabledByDefault)), ("level", .string(r.defaultSeverity == .error ? "error" : "warning")),
                ]))),
            ]))
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: LintRule.all.enumerated().map { ($1.id, $0) })
        let results: [JSONValue] = report.diagnostics.map { d in
            let o = place(d)
            var props: [(String, JSONValue)] = []
            if let locale = d.subject.locale { props.append(("locale", .string(locale))) }
            if let table = d.subject.table { props.append(("table", .string(table))) }
            if let key = d.subject.key { props.append(("key", .string(key))) }
            var fields: [(String, JSONValue)] = [
                ("ruleId", .string(d.rule.rawValue)),
                ("level", .string(d.severity == .error ? "error" : d.severity == .note ? "note" : "warning")),
                ("message", .object(JSONObject([("text", .string(d.message))]))),
                ("locations", .array([
                    .object(JSONObject([
                        ("physicalLocation", .object(JSONObject([
                            ("artifactLocation", .object(JSONObject([("uri", .string(uri(o.file)))]))),
                            ("region", .object(JSONObject([("startLine", .int(o.line)), ("startColumn", .int(o.column))]))),
                        ]))),
                    ])),
                ])),
            ]
            if let i = ruleIndex[d.rule] { fields.insert(("ruleIndex", .int(i)), at: 1) }
            if !props.isEmpty { fields.append(("properties", .object(JSONObject(props)))) }
            return .object(JSONObject(fields))
        }
        let driver = JSONObject([
            ("name", .string("herald validate")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules)),
        ])
        let run = JSONObject([
            ("tool", .object(JSONObject([("driver", .object(driver))]))),
            ("results", .array(results)),
            ("properties", .object(JSONObject([("reviewStates", report.states.json)] + (passed.map { [("passed", .bool($0))] } ?? [])))),
        ])
        return .object(JSONObject([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]))
    }

    /// Where a finding is: its place in a file (every finding of a report has one,
    /// at line and column 1 or more).
    static func place(_ d: Diagnostic) -> Origin {
        d.origin ?? Origin(file: "", line: 1, column: 1)
    }

    /// A relative path as a URI reference: percent-encodes what a URI cannot hold as is.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c) {
                out.append(c)
            } else {
                out += "%" + hex(b)
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    /// `::error file=…,line=…,col=…,title=…::message` lines (GitHub workflow commands).
    public static func github(_ report: LintReport) -> String {
        var out = ""
        for d in report.diagnostics {
            let kind = d.severity == .error ? "error" : d.severity == .note ? "notice" : "warning"
            let o = place(d)
            out += "::\(kind) file=\(OutsideText.escaped(escapeProperty(o.file))),line=\(o.line),col=\(o.column),title=\(escapeProperty("herald validate [\(d.rule)]"))::"
            out += OutsideText.escaped(escapeData(d.message)) + "\n"
        }
        return out
    }

    /// GitHub's escaping of a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    public static func escapeData(_ s: String) -> String {
        ScalarEscaping.escaped(s) { u in
            switch u {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            default: return nil
            }
        }
    }

    /// GitHub's escaping of a property value: as data, plus `:` → `%3A` and `,` → `%2C`.
    public static func escapeProperty(_ s: String) -> String {
        ScalarEscaping.escaped(escapeData(s)) { u in
            switch u {
            case ":": return "%3A"
            case ",": return "%2C"
            default: return nil
            }
        }
    }
}
