import HeraldICU
import HeraldJSON
import HeraldLanguageServer
import HeraldRender
import HeraldTables

extension HeraldTools {
    func locales(_ arguments: JSONObject) throws(ToolError) -> [LocaleID] {
        guard let names = try Self.strings(arguments, "locales"), !names.isEmpty else { throw ToolError("give \"locales\", e.g. [\"de\", \"pl\"]") }
        var out: [LocaleID] = []
        for name in names {
            guard let id = try? LocaleID(name) else { throw ToolError("\(name): not a locale identifier") }
            out.append(id)
        }
        return out
    }

    static func argument(_ text: String) -> RenderArgument {
        NumericValue(literal: text).map(RenderArgument.number) ?? .string(text)
    }

    /// One key rendered in each locale.
    func format(_ arguments: JSONObject) throws(ToolError) -> Answer {
        guard let key = try Self.string(arguments, "key") else { throw ToolError("give the key as \"key\"") }
        let table = try Self.string(arguments, "table") ?? "Localizable"
        let args = (try Self.strings(arguments, "arguments") ?? []).map(Self.argument)
        let renderer = Renderer(catalog: try folder.catalog())
        var rows: [JSONValue] = []
        var lines: [String] = []
        for locale in try locales(arguments) {
            do {
                let r = try renderer.render(key: key, table: table, locale: locale, arguments: args)
                rows.append(.object(JSONObject([("locale", .string(locale.bcp47)), ("text", .string(r.text)), ("servedBy", .string(r.servedBy))])))
                lines.append("\(locale.bcp47): \(r.text)")
            } catch {
                rows.append(.object(JSONObject([("locale", .string(locale.bcp47)), ("error", .string(error.description))])))
                lines.append("\(locale.bcp47): error: \(error.description)")
            }
        }
        return Answer(summary: lines.joined(separator: "\n"), data: .object(JSONObject([("key", .string(key)), ("table", .string(table)), ("results", .array(rows))])))
    }

    /// A push payload's alert in each locale: each part from its `…loc-key` and `…loc-args`
    /// (Localizable, as the device looks push keys up), else the text the payload gives.
    func render(_ arguments: JSONObject) throws(ToolError) -> Answer {
        guard let payload = arguments["payload"]?.objectValue else { throw ToolError("give the push payload as \"payload\" (an object)") }
        let alert = payload["aps"]?["alert"]
        let renderer = Renderer(catalog: try folder.catalog())
        var rows: [JSONValue] = []
        var lines: [String] = []
        for locale in try locales(arguments) {
            var fields: [(String, JSONValue)] = [("locale", .string(locale.bcp47))]
            var problems: [JSONValue] = []
            for (part, prefix) in [("title", "title-"), ("subtitle", "subtitle-"), ("body", "")] {
                if let text = part == "body" ? alert?.stringValue : nil {
                    fields.append((part, .string(text)))
                    continue
                }
                if let key = alert?["\(prefix)loc-key"]?.stringValue {
                    let args = (alert?["\(prefix)loc-args"]?.arrayValue ?? []).map { v in Self.argument(v.stringValue ?? v.numberText ?? "") }
                    do {
                        fields.append((part, .string(try renderer.render(key: key, locale: locale, arguments: args).text)))
                    } catch {
                        problems.append(.string("\(part): \(error.description)"))
                    }
                } else if let text = alert?[part]?.stringValue {
                    fields.append((part, .string(text)))
                }
            }
            if !problems.isEmpty { fields.append(("errors", .array(problems))) }
            let object = JSONObject(fields)
            lines.append("\(locale.bcp47): " + ["title", "subtitle", "body"].compactMap { object[$0]?.stringValue }.joined(separator: " — "))
            rows.append(.object(object))
        }
        return Answer(summary: lines.joined(separator: "\n"), data: .object(JSONObject([("results", .array(rows))])))
    }

    /// A message in every language of the tables, with a sample per plural category.
    func preview(_ arguments: JSONObject) throws(ToolError) -> Answer {
        guard let key = try Self.string(arguments, "key") else { throw ToolError("give the key as \"key\"") }
        let table = try Self.string(arguments, "table") ?? "Localizable"
        let catalog = try folder.catalog()
        let renderer = Renderer(catalog: catalog)
        var rows: [JSONValue] = []
        var lines: [String] = []
        for name in catalog.localizations where name.lowercased() != "base" {
            guard let locale = try? LocaleID(name) else { continue }
            guard let found = catalog.lookup(key: key, table: table, locale: locale) else {
                rows.append(.object(JSONObject([("locale", .string(name)), ("missing", .bool(true))])))
                lines.append("\(name): missing")
                continue
            }
            let samples = MessageSamples.arguments(for: found.entry.message)
            var renders: [(String, [RenderArgument])] = []
            if case .plural = found.entry.message, let rules = try? PluralRules.for(locale) {
                for category in rules.categories {
                    guard let sample = rules.samples(for: category).integers.first ?? rules.samples(for: category).decimals.first else { continue }
                    renders.append(("\(category.rawValue) \(sample)", samples.map { $0.isNumber ? RenderArgument.number(NumericValue(literal: sample) ?? .int(0)) : $0.value }))
                }
            } else {
                renders.append(("", samples.map(\.value)))
            }
            var texts: [JSONValue] = []
            for (label, args) in renders {
                let text: String
                do { text = try renderer.render(key: key, table: table, locale: locale, arguments: args).text } catch { text = "error: \(error.description)" }
                var f: [(String, JSONValue)] = [("text", .string(text))]
                if !label.isEmpty { f.insert(("sample", .string(label)), at: 0) }
                texts.append(.object(JSONObject(f)))
                lines.append("\(name)\(label.isEmpty ? "" : " [\(label)]"): \(text)")
            }
            rows.append(.object(JSONObject([("locale", .string(name)), ("servedBy", .string(found.localization)), ("texts", .array(texts))])))
        }
        return Answer(summary: lines.joined(separator: "\n"), data: .object(JSONObject([("key", .string(key)), ("table", .string(table)), ("locales", .array(rows))])))
    }
}
