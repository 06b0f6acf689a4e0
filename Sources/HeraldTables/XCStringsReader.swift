// The `.xcstrings` (String Catalog) reader (spec §3), mapped onto the same
// Message model as `.strings`/`.stringsdict`:
//
// - `stringUnit` → `.plain(value)`; with `substitutions` → `.plural(format:
//   value, variables:)`, one PluralVariable per substitution (argNum,
//   valueType = formatSpecifier, forms = its plural variations). `%arg`
//   stays in the form text; the renderer replaces it.
// - `variations.plural` with no substitutions → `.plural(format: "%#@plural@",
//   variables: ["plural": …])`: one synthetic variable named `plural` whose
//   forms are the variations, whose argNum is the 1-based position of the first
//   numeric specifier in the `other` form (or the first form that has one) and
//   whose valueType is that specifier's conversion without `%` ("lld", "d",
//   ".2f"…); both nil when no form has a numeric specifier.
// - `variations.device` → `.devices`, each value mapped recursively.
// - A key with no localization for the source language serves the key itself
//   as source-language text (Xcode's behaviour for `"key" : { }`).

import HeraldICU
internal import HeraldJSON
import HeraldSync

/// Everything read from one String Catalog.
public struct XCStringsFile: Sendable {
    /// The file's path as given.
    public var file: String
    /// The table name (the file name without `.xcstrings`).
    public var table: String
    /// The catalog's `sourceLanguage` (nil when missing).
    public var sourceLanguage: String?
    /// The catalog's format `version` as written.
    public var version: String?
    /// Localization (as written in the catalog) → its entries.
    public var localizations: [String: TableFileResult]
    /// Diagnostics about the whole file (syntax, structure).
    public var diagnostics: [TableDiagnostic]
    /// True when a device would load nothing from this catalog (it is not valid JSON,
    /// or not a String Catalog).
    public var droppedOnDevice: Bool
}

/// Reads `.xcstrings` files.
public enum XCStringsReader {
    /// The variable name given to a plural variation written directly on a string
    /// (`"variations": {"plural": …}`), which has no substitution name of its own.
    public static let syntheticPluralName = "plural"

    /// Reads one catalog. `file` is the path to put in origins.
    public static func read(bytes: [UInt8], file: String) -> XCStringsFile {
        let table = tableName(file)
        var out = XCStringsFile(file: file, table: table, sourceLanguage: nil, version: nil, localizations: [:], diagnostics: [], droppedOnDevice: false)
        let parsed: JSONParser.Result
        do {
            // Positions come from JSONPositions (one allocation-light pass),
            // far cheaper than the parser's pointer-keyed position table.
            parsed = try JSONParser.parseDetailed(bytes)
        } catch {
            out.droppedOnDevice = true
            out.diagnostics.append(TableDiagnostic(
                rule: "syntax", severity: .error, message: error.message + " — Xcode cannot compile this catalog",
                origin: Origin(file: file, position: error.position), fileDroppedOnDevice: true))
            return out
        }
        let tree = JSONPositions.scan(bytes)
        var ctx = Context(file: file, lines: LineMap(bytes), bytes: bytes)
        for d in parsed.duplicateKeys {
            ctx.diags.append(TableDiagnostic(
                rule: "duplicate-key", severity: .warning, message: "JSON key \(d.pointer) is written twice; the last one wins",
                origin: Origin(file: file, position: d.position)))
        }
        let rootAt = At(node: tree, keyOffset: nil)
        guard let root = parsed.value.objectValue else {
            out.droppedOnDevice = true
            out.diagnostics.append(TableDiagnostic(rule: "structure", severity: .error, message: "a String Catalog is a JSON object", origin: ctx.origin(rootAt), fileDroppedOnDevice: true))
            return out
        }
        out.sourceLanguage = root["sourceLanguage"]?.stringValue
        out.version = root["version"]?.stringValue
        if let source = out.sourceLanguage, !isLocalizationName(source) {
            // The name becomes a folder name (`herald export --format strings`): no path tricks.
            ctx.structure("\"sourceLanguage\" \(JSONWriter.quote(source)) is not a language id (letters, digits, '-', '_')", at: ctx.member("sourceLanguage", of: root, at: rootAt))
            out.sourceLanguage = nil
        } else if out.sourceLanguage == nil {
            ctx.structure("the catalog has no \"sourceLanguage\"", at: rootAt)
        }
        let stringsAt = ctx.member("strings", of: root, at: rootAt)
        guard let strings = root["strings"]?.objectValue else {
            if root["strings"] != nil { ctx.structure("\"strings\" is not an object", at: stringsAt) }
            out.diagnostics = ctx.diags
            return out
        }
        var indexes: [String: [String: Int]] = [:]
        func add(_ lang: String, _ entry: Entry) {
            if out.localizations[lang] == nil {
                var r = TableFileResult(file: file, format: .xcstrings)
                r.encoding = .utf8
                out.localizations[lang] = r
            }
            out.localizations[lang]?.add(entry, index: &indexes[lang, default: [:]])
        }
        let direct = stringsAt.node.map { $0.children.count == strings.count } ?? false
        for (index, member) in strings.entries.enumerated() {
            let key = member.key
            let value = member.value
            let kAt = direct ? stringsAt.child(index) : ctx.member(key, of: strings, at: stringsAt)
            let keyOrigin = ctx.keyOrigin(kAt)
            guard let obj = value.objectValue else {
                ctx.structure("entry \(Excerpt.quoted(key)) is \(value.typeName), not an object", at: kAt, key: key)
                continue
            }
            let comment = obj["comment"]?.stringValue
            let shouldTranslate = obj["shouldTranslate"]?.boolValue ?? true
            var servedSource = false
            if let locs = obj["localizations"] {
                let locsAt = ctx.member("localizations", of: obj, at: kAt)
                guard let lo = locs.objectValue else {
                    ctx.structure("\"localizations\" of \(Excerpt.quoted(key)) is not an object", at: locsAt, key: key)
                    continue
                }
                for (lang, l) in lo {
                    let lAt = ctx.member(lang, of: lo, at: locsAt)
                    guard isLocalizationName(lang) else {
                        ctx.structure(
                            "localization \(JSONWriter.quote(lang)) of \(Excerpt.quoted(key)) is not a language id (letters, digits, '-', '_'); it is ignored",
                            at: lAt, key: key, onKey: true)
                        continue
                    }
                    var state: String? = nil
                    guard let m = ctx.message(l, at: lAt, key: key, state: &state, depth: 0) else { continue }
                    if lang == out.sourceLanguage { servedSource = true }
                    add(lang, Entry(key: key, message: m, format: .xcstrings, origin: ctx.keyOrigin(lAt), state: state, shouldTranslate: shouldTranslate, comment: comment))
                }
            }
            if !servedSource, let src = out.sourceLanguage {
                add(src, Entry(key: key, message: .plain(SourceText(key, origin: keyOrigin)), format: .xcstrings, origin: keyOrigin, state: nil, shouldTranslate: shouldTranslate, comment: comment, isSourceFallback: true))
            }
        }
        out.diagnostics = ctx.diags
        return out
    }

    /// Whether `name` can name a localization: 1 to 64 ASCII letters, digits,
    /// `-` and `_` (`en`, `zh-Hans`, `es-419`, `en_GB`). Localization names
    /// become folder names (`<name>.lproj`), so `/`, `.` and the rest are refused.
    static func isLocalizationName(_ name: String) -> Bool {
        let u = name.utf8
        guard !u.isEmpty, u.count <= 64 else { return false }
        return u.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    /// `Foo/Notifications.xcstrings` → `Notifications`.
    static func tableName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".xcstrings") { name.removeLast(".xcstrings".count) }
        return name
    }

    /// A place in the document: the value's position node and, for an
    /// object member, where its key starts.
    struct At {
        var node: JSONPositions.Node?
        var keyOffset: Int?

        func child(_ i: Int) -> At {
            guard let node, i < node.children.count else { return At(node: nil, keyOffset: nil) }
            return At(node: node.children[i], keyOffset: i < node.keyRanges.count ? node.keyRanges[i].lowerBound : nil)
        }
    }

    struct Context {
        let file: String
        let lines: LineMap
        let bytes: [UInt8]
        var diags: [TableDiagnostic] = []

        func origin(_ at: At) -> Origin {
            guard let o = at.node?.offset ?? at.keyOffset else { return Origin(file: file, line: 1, column: 1) }
            return lines.origin(file, o)
        }

        func keyOrigin(_ at: At) -> Origin {
            guard let o = at.keyOffset ?? at.node?.offset else { return Origin(file: file, line: 1, column: 1) }
            return lines.origin(file, o)
        }

        /// The member `key` of `obj` (whose positions are `at`). Duplicate
        /// keys (last value wins, first position kept) are matched by decoding the raw keys.
        func member(_ key: String, of obj: JSONObject, at: At) -> At {
            guard let node = at.node, let i = obj.entries.firstIndex(where: { $0.key == key }) else { return At(node: nil, keyOffset: nil) }
            if node.children.count == obj.count { return at.child(i) }
            var first: Int? = nil
            var last: Int? = nil
            for (j, r) in node.keyRanges.enumerated() {
                let raw = Array(bytes[r])
                if let k = (try? JSONParser.parse(bytes: raw))?.stringValue, k == key {
                    if first == nil { first = j }
                    last = j
                }
            }
            guard let first, let last else { return At(node: nil, keyOffset: nil) }
            return At(node: node.children[last], keyOffset: node.keyRanges[first].lowerBound)
        }

        mutating func structure(_ text: String, at: At, key: String? = nil, severity: TableDiagnostic.Severity = .error, onKey: Bool = false) {
            diags.append(TableDiagnostic(rule: "structure", severity: severity, message: text, origin: onKey ? keyOrigin(at) : origin(at), key: key))
        }

        /// A stringUnit's value (and its state folded into `state`).
        mutating func unit(_ v: JSONValue, at: At, key: String, state: inout String?) -> SourceText? {
            guard let u = v.objectValue else {
                structure("stringUnit of \(Excerpt.quoted(key)) is \(v.typeName), not an object", at: at, key: key)
                return nil
            }
            if let s = u["state"]?.stringValue {
                if state == nil || state == "translated" { state = s }
            }
            guard let value = u["value"]?.stringValue else {
                structure("stringUnit of \(Excerpt.quoted(key)) has no string \"value\"", at: at, key: key)
                return nil
            }
            return SourceText(value, origin: origin(member("value", of: u, at: at)))
        }

        /// Plural variations → category → text.
        mutating func forms(_ v: JSONValue, at: At, key: String, state: inout String?) -> [PluralCategory: SourceText]? {
            guard let o = v.objectValue else {
                structure("plural variations of \(Excerpt.quoted(key)) are \(v.typeName), not an object", at: at, key: key)
                return nil
            }
            var out: [PluralCategory: SourceText] = [:]
            for (cat, f) in o {
                let fAt = member(cat, of: o, at: at)
                guard let c = PluralCategory(rawValue: cat) else {
                    structure("unknown plural category \(Excerpt.quoted(cat)) in \(Excerpt.quoted(key))", at: fAt, key: key, severity: .warning, onKey: true)
                    continue
                }
                guard let u = f["stringUnit"], let fo = f.objectValue else {
                    structure("plural form \(Excerpt.quoted(cat)) of \(Excerpt.quoted(key)) has no stringUnit", at: fAt, key: key)
                    continue
                }
                if let t = unit(u, at: member("stringUnit", of: fo, at: fAt), key: key, state: &state) { out[c] = t }
            }
            return out
        }

        /// A localization (or a variation value) → Message.
        mutating func message(_ v: JSONValue, at: At, key: String, state: inout String?, depth: Int) -> Message? {
            guard depth < 16, let o = v.objectValue else {
                structure(depth >= 16 ? "variations of \(Excerpt.quoted(key)) nest too deeply" : "localization of \(Excerpt.quoted(key)) is \(v.typeName), not an object", at: at, key: key)
                return nil
            }
            var substitutions: [String: PluralVariable] = [:]
            if let subs = o["substitutions"] {
                let subsAt = member("substitutions", of: o, at: at)
                if let so = subs.objectValue {
                    for (name, s) in so {
                        let sAt = member(name, of: so, at: subsAt)
                        let argNum = s["argNum"]?.intValue.map { Int($0) }
                        let spec = s["formatSpecifier"]?.stringValue
                        if argNum == nil { structure("substitution \(Excerpt.quoted(name)) of \(Excerpt.quoted(key)) has no integer argNum", at: sAt, key: key, severity: .warning) }
                        var fs: [PluralCategory: SourceText] = [:]
                        if let sv = s.objectValue, let variations = sv["variations"]?.objectValue, let pv = variations["plural"] {
                            let vAt = member("variations", of: sv, at: sAt)
                            fs = forms(pv, at: member("plural", of: variations, at: vAt), key: key, state: &state) ?? [:]
                        } else {
                            structure("substitution \(Excerpt.quoted(name)) of \(Excerpt.quoted(key)) has no plural variations", at: sAt, key: key)
                        }
                        substitutions[name] = PluralVariable(name: name, valueType: spec, argNum: argNum, specType: "NSStringPluralRuleType", forms: fs, origin: keyOrigin(sAt))
                    }
                } else {
                    structure("substitutions of \(Excerpt.quoted(key)) are not an object", at: subsAt, key: key)
                }
            }
            if let su = o["stringUnit"] {
                guard let t = unit(su, at: member("stringUnit", of: o, at: at), key: key, state: &state) else { return nil }
                if !substitutions.isEmpty { return .plural(format: t, variables: substitutions) }
                return .plain(t)
            }
            if let vars = o["variations"] {
                let vAt = member("variations", of: o, at: at)
                guard let vo = vars.objectValue else {
                    structure("variations of \(Excerpt.quoted(key)) are not an object", at: vAt, key: key)
                    return nil
                }
                if let pl = vo["plural"] {
                    let pAt = member("plural", of: vo, at: vAt)
                    guard let fs = forms(pl, at: pAt, key: key, state: &state) else { return nil }
                    let (argNum, valueType) = XCStringsReader.firstNumericSpecifier(fs)
                    let name = XCStringsReader.syntheticPluralName
                    let variable = PluralVariable(name: name, valueType: valueType, argNum: argNum, forms: fs, origin: keyOrigin(pAt))
                    var vars = substitutions
                    vars[name] = variable
                    return .plural(format: SourceText("%#@\(name)@", origin: keyOrigin(pAt)), variables: vars)
                }
                if let dv = vo["device"] {
                    let dAt = member("device", of: vo, at: vAt)
                    guard let d = dv.objectValue else {
                        structure("device variations of \(Excerpt.quoted(key)) are not an object", at: dAt, key: key)
                        return nil
                    }
                    var out: [String: Message] = [:]
                    for (device, dm) in d {
                        let eAt = member(device, of: d, at: dAt)
                        if !StringsdictReader.deviceNames.contains(device) {
                            structure("unknown device \(Excerpt.quoted(device)) in \(Excerpt.quoted(key))", at: eAt, key: key, severity: .warning, onKey: true)
                        }
                        if let m = message(dm, at: eAt, key: key, state: &state, depth: depth + 1) { out[device] = m }
                    }
                    return .devices(out)
                }
                structure("variations of \(Excerpt.quoted(key)) have neither \"plural\" nor \"device\"", at: vAt, key: key)
                return nil
            }
            structure("localization of \(Excerpt.quoted(key)) has neither stringUnit nor variations", at: at, key: key)
            return nil
        }
    }

    /// The 1-based argument number and conversion (without `%`) of the first
    /// numeric specifier in the `other` form, else in the first form (by
    /// category order) that has one.
    static func firstNumericSpecifier(_ forms: [PluralCategory: SourceText]) -> (Int?, String?) {
        var order: [PluralCategory] = [.other]
        order += PluralCategory.allCases.filter { $0 != .other }
        for c in order {
            guard let t = forms[c] else { continue }
            if let hit = FormatSpecifiers.firstNumeric(in: t.value) { return hit }
        }
        return (nil, nil)
    }
}

/// A small scanner for printf-style specifiers, enough to find argument numbers and conversions.
public enum FormatSpecifiers {
    /// One specifier: which argument it reads and how.
    public struct Specifier: Sendable, Hashable {
        /// 1-based argument number (explicit or by order).
        public var argument: Int
        /// Flags/width/precision/length and conversion, without `%` and position ("lld", ".2f", "@").
        public var conversion: String
    }

    static let numericConversions: Set<UInt8> = Set("dDiuUxXoOfFeEgGaAc".utf8)

    /// Every argument-consuming specifier (not `%%`, not `%#@var@`), in order.
    public static func all(in format: String) -> [Specifier] {
        let b = Array(format.utf8)
        var out: [Specifier] = []
        var next = 1
        var i = 0
        while i < b.count {
            guard b[i] == 0x25 else { i += 1; continue }
            i += 1
            guard i < b.count else { break }
            if b[i] == 0x25 { i += 1; continue }
            // `%arg` (an .xcstrings substitution's own argument) is not a specifier here.
            if i + 2 < b.count, b[i] == 0x61, b[i + 1] == 0x72, b[i + 2] == 0x67 { i += 3; continue }
            var j = i
            var num = 0
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { num = num &* 10 &+ Int(b[j] - 0x30); j += 1 }
            var arg: Int? = nil
            if j > i, j < b.count, b[j] == 0x24 { arg = num; i = j + 1 }
            let specStart = i
            if i + 1 < b.count, b[i] == 0x23, b[i + 1] == 0x40 {  // %#@var@
                var k = i + 2
                while k < b.count, b[k] != 0x40 { k += 1 }
                i = k + 1
                if arg == nil { next += 1 }
                continue
            }
            while i < b.count, "-+ 0#'123456789.*hlqLztj".utf8.contains(b[i]) { i += 1 }
            guard i < b.count else { break }
            let conv = b[i]
            i += 1
            let a = arg ?? next
            if arg == nil { next += 1 }
            out.append(Specifier(argument: a, conversion: String(decoding: b[specStart..<i], as: UTF8.self)))
            _ = conv
        }
        return out
    }

    /// The first numeric specifier's argument number and conversion.
    public static func firstNumeric(in format: String) -> (Int, String)? {
        for s in all(in: format) {
            if let last = s.conversion.utf8.last, numericConversions.contains(last) { return (s.argument, s.conversion) }
        }
        return nil
    }
}
