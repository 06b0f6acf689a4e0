// Writing tables back out: the `herald export` JSON view, one String Catalog
// per table, and `.lproj` folders of `.strings` + `.stringsdict` files.
//
// Between `.stringsdict` and `.xcstrings` the writers convert the way Xcode's
// migration does:
// - a plural whose format is exactly `%#@v@` with one variable ⇄
//   `variations.plural` (forms kept as written);
// - other plurals ⇄ a string unit plus `substitutions`. A substitution's
//   own argument is `%arg` in a catalog and `%N$spec` (N = argNum,
//   spec = formatSpecifier) in a `.stringsdict`; `%#@v@` in the format gets
//   its position (`%N$#@v@`) when argNum is known.
// - width variants have no String Catalog form: the widest one is kept
//   and a warning says so.

import Foundation
public import HeraldJSON
import HeraldICU

/// Writers for `herald export`.
public enum TableExport {
    /// Something the target format cannot hold, said plainly.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        /// The entry the warning is about.
        public var origin: Origin
        /// What cannot be kept, in plain words.
        public var message: String
        /// `file:line:column: warning: message`.
        public var description: String { "\(origin): warning: \(message)" }
    }

    // MARK: JSON

    /// `{"<localization>": {"<table>": {"<key>": VALUE}}}` (Docs/cli.md): VALUE is
    /// the string of a plain entry, `{"format", "variables": {name: {"type",
    /// "argNum"?, "zero"…"other"}}}` for plurals, `{"widths": {"<n>": VALUE}}`
    /// and `{"devices": {"<device>": VALUE}}` for variants. Localizations and
    /// tables sorted, keys in file order.
    public static func json(_ tables: [Table]) -> JSONValue {
        var root = JSONObject()
        for loc in Set(tables.map(\.localization)).sorted() {
            var byTable = JSONObject()
            for t in tables.filter({ $0.localization == loc }).sorted(by: { $0.name < $1.name }) {
                var keys = JSONObject()
                for k in t.keyOrder { if let e = t.entries[k] { keys[k] = json(e.message) } }
                byTable[t.name] = .object(keys)
            }
            root[loc] = .object(byTable)
        }
        return .object(root)
    }

    /// One message as `herald export --format json` writes it: the string of a plain
    /// entry, or `{"format", "variables"}` for a plural one.
    public static func json(_ m: Message) -> JSONValue {
        switch m {
        case .plain(let t): return .string(t.value)
        case .plural(let format, let vars):
            var vs = JSONObject()
            for name in vars.keys.sorted() {
                guard let v = vars[name] else { continue }
                var o = JSONObject()
                if let t = v.valueType { o["type"] = .string(t) }
                if let a = v.argNum { o["argNum"] = .int(a) }
                for c in PluralCategory.allCases { if let f = v.forms[c] { o[c.rawValue] = .string(f.value) } }
                vs[name] = .object(o)
            }
            return .object(JSONObject([("format", .string(format.value)), ("variables", .object(vs))]))
        case .widths(let ws):
            var o = JSONObject()
            for w in ws { o[String(w.width)] = json(w.message) }
            return .object(JSONObject([("widths", .object(o))]))
        case .devices(let ds):
            var o = JSONObject()
            for d in ds.keys.sorted() { if let m = ds[d] { o[d] = json(m) } }
            return .object(JSONObject([("devices", .object(o))]))
        }
    }

    // MARK: String Catalog

    /// One String Catalog for the tables named `table` (one per
    /// localization). `sourceLanguage` defaults to "en". Keys in first-seen
    /// order (source language first).
    public static func xcstrings(_ tables: [Table], table: String, sourceLanguage: String = "en") -> (catalog: JSONValue, warnings: [Warning]) {
        var warnings: [Warning] = []
        let mine = tables.filter { $0.name == table }
        let ordered = mine.sorted { $0.localization < $1.localization }
        // Keys sorted by code point, so output is stable whatever the input order.
        let keyOrder = Set(ordered.flatMap(\.keyOrder)).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        var strings = JSONObject()
        for key in keyOrder {
            var entry = JSONObject()
            var locs = JSONObject()
            var comment: String? = nil
            var shouldTranslate = true
            for t in ordered {
                guard let e = t.entries[key] else { continue }
                if comment == nil { comment = e.comment }
                if !e.shouldTranslate { shouldTranslate = false }
                if e.isSourceFallback { continue }
                locs[t.localization] = localization(e.message, state: e.state ?? "translated", origin: e.origin, warnings: &warnings)
            }
            if let comment { entry["comment"] = .string(comment) }
            if !shouldTranslate { entry["shouldTranslate"] = .bool(false) }
            if !locs.isEmpty { entry["localizations"] = .object(locs) }
            strings[key] = .object(entry)
        }
        let catalog = JSONObject([
            ("sourceLanguage", .string(sourceLanguage)), ("strings", .object(strings)), ("version", .string("1.0")),
        ])
        return (.object(catalog), warnings)
    }

    static func unit(_ value: String, state: String) -> JSONValue {
        .object(JSONObject([("stringUnit", .object(JSONObject([("state", .string(state)), ("value", .string(value))])))]))
    }

    static func pluralForms(_ v: PluralVariable, state: String, rewrite: (String) -> String) -> JSONValue {
        var o = JSONObject()
        for c in PluralCategory.allCases { if let f = v.forms[c] { o[c.rawValue] = unit(rewrite(f.value), state: state) } }
        return .object(o)
    }

    static func localization(_ m: Message, state: String, origin: Origin, warnings: inout [Warning]) -> JSONValue {
        switch m {
        case .plain(let t):
            return unit(t.value, state: state)
        case .plural(let format, let vars):
            let refs = FormatVariables.references(in: format.value)
            if vars.count == 1, let (name, v) = vars.first, refs.count == 1, refs[0].name == name,
                format.value == "%#@\(name)@" || format.value == "%1$#@\(name)@"
            {
                return .object(JSONObject([("variations", .object(JSONObject([("plural", pluralForms(v, state: state) { $0 })])))]))
            }
            let args = argumentNumbers(format: format.value, vars: vars)
            // A catalog names a substitution's position in argNum, not in the format.
            var value = Array(format.value.utf8)
            for ref in refs.reversed() {
                if let p = ref.position, p == (vars[ref.name]?.argNum ?? args[ref.name]) {
                    value.replaceSubrange(ref.range, with: Array("%#@\(ref.name)@".utf8))
                }
            }
            let catalogFormat = String(decoding: value, as: UTF8.self)
            var subs = JSONObject()
            for name in vars.keys.sorted() {
                guard let v = vars[name] else { continue }
                let argNum = v.argNum ?? args[name]
                var o = JSONObject()
                if let argNum { o["argNum"] = .int(argNum) }
                let spec = v.valueType ?? "d"
                o["formatSpecifier"] = .string(spec)
                o["variations"] = .object(JSONObject([("plural", pluralForms(v, state: state) { toPercentArg($0, argNum: argNum) })]))
                subs[name] = .object(o)
            }
            return .object(JSONObject([("stringUnit", .object(JSONObject([("state", .string(state)), ("value", .string(catalogFormat))]))), ("substitutions", .object(subs))]))
        case .devices(let ds):
            var o = JSONObject()
            for d in ds.keys.sorted() { if let dm = ds[d] { o[d] = localization(dm, state: state, origin: origin, warnings: &warnings) } }
            return .object(JSONObject([("variations", .object(JSONObject([("device", .object(o))])))]))
        case .widths(let ws):
            warnings.append(Warning(origin: origin, message: "a String Catalog has no width variants; kept only the widest (\(ws.last?.width ?? 0))"))
            guard let widest = ws.last else { return unit("", state: state) }
            return localization(widest.message, state: state, origin: origin, warnings: &warnings)
        }
    }

    /// The argument each variable of a `.stringsdict` format reads: its
    /// `%N$#@v@` position, else its place among the format's arguments.
    static func argumentNumbers(format: String, vars: [String: PluralVariable]) -> [String: Int] {
        var out: [String: Int] = [:]
        let b = Array(format.utf8)
        var next = 1
        var i = 0
        while i < b.count {
            guard b[i] == 0x25 else { i += 1; continue }
            i += 1
            guard i < b.count else { break }
            if b[i] == 0x25 { i += 1; continue }
            var j = i
            var num = 0
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { num = num &* 10 &+ Int(b[j] - 0x30); j += 1 }
            var pos: Int? = nil
            if j > i, j < b.count, b[j] == 0x24 { pos = num; i = j + 1 }
            if i + 1 < b.count, b[i] == 0x23, b[i + 1] == 0x40 {
                var k = i + 2
                while k < b.count, b[k] != 0x40 { k += 1 }
                let name = String(decoding: b[min(i + 2, b.count)..<min(k, b.count)], as: UTF8.self)
                out[name] = pos ?? next
                i = k + 1
            } else {
                while i < b.count, "-+ 0#'123456789.*hlqLztj".utf8.contains(b[i]) { i += 1 }
                i += 1
            }
            if pos == nil { next += 1 }
        }
        return out
    }

    /// In a `.stringsdict` form, the specifier reading the variable's own
    /// argument becomes `%arg`.
    static func toPercentArg(_ form: String, argNum: Int?) -> String {
        let b = Array(form.utf8)
        var out: [UInt8] = []
        var i = 0
        var next = 1
        var replaced = false
        while i < b.count {
            guard b[i] == 0x25 else { out.append(b[i]); i += 1; continue }
            let start = i
            i += 1
            if i < b.count, b[i] == 0x25 { out += [0x25, 0x25]; i += 1; continue }
            var j = i
            var num = 0
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { num = num &* 10 &+ Int(b[j] - 0x30); j += 1 }
            var pos: Int? = nil
            if j > i, j < b.count, b[j] == 0x24 { pos = num; i = j + 1 }
            while i < b.count, "-+ 0#'123456789.*hlqLztj".utf8.contains(b[i]) { i += 1 }
            guard i < b.count else { out += b[start...]; break }
            let conv = b[i]
            i += 1
            let arg = pos ?? next
            if pos == nil { next += 1 }
            if conv == 0x61, pos == nil, i + 1 < b.count, b[i] == 0x72, b[i + 1] == 0x67 {  // already %arg
                out += Array("%arg".utf8)
                i += 2
                replaced = true
                continue
            }
            let numeric = FormatSpecifiers.numericConversions.contains(conv)
            if !replaced, numeric, pos == nil || pos == argNum {
                out += Array("%arg".utf8)
                replaced = true
            } else {
                out += b[start..<i]
                _ = arg
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `%arg` → `%N$spec` (or `%spec` when N is unknown).
    static func fromPercentArg(_ form: String, argNum: Int?, spec: String?) -> String {
        let replacement = argNum.map { "%\($0)$\(spec ?? "d")" } ?? "%\(spec ?? "d")"
        var out = ""
        var rest = Substring(form)
        while let r = rest.range(of: "%arg") {
            // `%%arg` is a literal percent followed by "arg".
            let before = rest[..<r.lowerBound]
            let trailingPercents = before.reversed().prefix { $0 == "%" }.count
            out += before
            if trailingPercents % 2 == 1 { out += "%arg" } else { out += replacement }
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    // MARK: .strings / .stringsdict

    /// `.lproj` folders: relative path (`de.lproj/Localizable.strings`) →
    /// UTF-8 bytes. Plain entries go to `.strings`, the rest to `.stringsdict`.
    public static func stringsFiles(_ tables: [Table]) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for t in tables {
            var strings = ""
            var dict = ""
            for k in t.keyOrder {
                guard let e = t.entries[k], !e.isSourceFallback else { continue }
                if case .plain(let txt) = e.message {
                    if let c = e.comment { strings += "/* " + c.replacingOccurrences(of: "*/", with: "* /") + " */\n" }
                    strings += quoteStrings(k) + " = " + quoteStrings(txt.value) + ";\n"
                } else {
                    dict += "\t<key>\(xmlEscape(k))</key>\n" + stringsdictValue(e.message, indent: 1) + "\n"
                }
            }
            let folder = t.localization + ".lproj/"
            if !strings.isEmpty { out[folder + t.name + ".strings"] = Array(strings.utf8) }
            if !dict.isEmpty {
                let doc = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                    <plist version="1.0">
                    <dict>

                    """ + dict + "</dict>\n</plist>\n"
                out[folder + t.name + ".stringsdict"] = Array(doc.utf8)
            }
        }
        return out
    }

    /// A quoted `.strings` string: `"` and `\` escaped, control characters as escapes.
    public static func quoteStrings(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let h = String(u.value, radix: 16, uppercase: true)
                    out += "\\U" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func xmlEscape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default:
                if u.value < 0x20 && u != "\n" && u != "\t" && u != "\r" {
                    out += "&#\(u.value);"  // not valid XML 1.0, but Foundation reads it back
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    static func stringsdictValue(_ m: Message, indent: Int) -> String {
        let pad = String(repeating: "\t", count: indent)
        func kv(_ k: String, _ v: String, _ p: String) -> String {
            "\(p)<key>\(xmlEscape(k))</key>\n\(p)<string>\(xmlEscape(v))</string>\n"
        }
        switch m {
        case .plain(let t):
            return "\(pad)<string>\(xmlEscape(t.value))</string>"
        case .plural(let format, let vars):
            var f = format.value
            // Give `%#@v@` its position when the variable knows its argument.
            for ref in FormatVariables.references(in: f).reversed() where ref.position == nil {
                if let a = vars[ref.name]?.argNum {
                    var bytes = Array(f.utf8)
                    bytes.replaceSubrange(ref.range, with: Array("%\(a)$#@\(ref.name)@".utf8))
                    f = String(decoding: bytes, as: UTF8.self)
                }
            }
            var s = "\(pad)<dict>\n" + kv("NSStringLocalizedFormatKey", f, pad + "\t")
            for name in vars.keys.sorted() {
                guard let v = vars[name] else { continue }
                s += "\(pad)\t<key>\(xmlEscape(name))</key>\n\(pad)\t<dict>\n"
                s += kv("NSStringFormatSpecTypeKey", v.specType ?? "NSStringPluralRuleType", pad + "\t\t")
                if let t = v.valueType { s += kv("NSStringFormatValueTypeKey", t, pad + "\t\t") }
                for c in PluralCategory.allCases {
                    if let form = v.forms[c] {
                        let text = v.argNum == nil ? form.value : fromPercentArg(form.value, argNum: v.argNum, spec: v.valueType)
                        s += kv(c.rawValue, text, pad + "\t\t")
                    }
                }
                s += "\(pad)\t</dict>\n"
            }
            return s + "\(pad)</dict>"
        case .widths(let ws):
            var s = "\(pad)<dict>\n\(pad)\t<key>NSStringVariableWidthRuleType</key>\n\(pad)\t<dict>\n"
            for w in ws { s += "\(pad)\t\t<key>\(w.width)</key>\n" + stringsdictValue(w.message, indent: indent + 2) + "\n" }
            return s + "\(pad)\t</dict>\n\(pad)</dict>"
        case .devices(let ds):
            var s = "\(pad)<dict>\n\(pad)\t<key>NSStringDeviceSpecificRuleType</key>\n\(pad)\t<dict>\n"
            for d in ds.keys.sorted() {
                guard let dm = ds[d] else { continue }
                s += "\(pad)\t\t<key>\(xmlEscape(d))</key>\n" + stringsdictValue(dm, indent: indent + 2) + "\n"
            }
            return s + "\(pad)\t</dict>\n\(pad)</dict>"
        }
    }
}
