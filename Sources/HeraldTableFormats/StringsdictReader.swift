// The `.stringsdict` reader (spec §2): plural variables, width variants and
// device variants, from XML (with positions) or binary property lists.

import HeraldPluralCategory
import HeraldJSON
import HeraldDiagnostics

/// Reads `.stringsdict` files (XML or binary property lists).
public enum StringsdictReader {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
    /// Device names Apple documents, plus `other` (POLICY: honoured as fallback).
    public static let deviceNames: Set<String> = ["iphone", "ipad", "mac", "appletv", "applewatch", "ipod", "applevision", "other"]

    /// Reads one `.stringsdict` file. Never throws: problems are diagnostics.
    public static func read(bytes: [UInt8], file: String) -> TableFileResult {
        var result = TableFileResult(file: file, format: .stringsdict)
        result.encoding = TextDecoding.detect(bytes).0
        if bytes.isEmpty { return result }
        let input: PlistReader.Input
        switch PlistReader.input(bytes: bytes, file: file) {
        case .failure(let f):
            result.fail(rule: .syntax, f.message, at: f.origin)
            return result
        case .success(let i): input = i
        }
        // Each entry is made as soon as its value is read; the value's nodes go before the next.
        PlistReader.readRootDictionary(input, file: file, into: &result, rootIs: "the root of a .stringsdict file is") { tree, pair, result in
            var diags: [Diagnostic] = []
            if let message = message(tree, pair.value, key: pair.key, diagnostics: &diags, depth: 0) {
                result.add(Entry(key: pair.key, message: message, format: .stringsdict, origin: pair.keyOrigin))
            }
            result.diagnostics += diags
        }
        return result
    }

    static func structure(_ text: String, _ origin: Origin, key: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(.structure, severity, text, at: .file(origin), subject: Diagnostic.Subject(key: key))
    }

    /// One entry's value: a plural format dict, a width or device rule dict, or a plain string.
    static func message(_ tree: PlistTree, _ item: Int, key: String, diagnostics: inout [Diagnostic], depth: Int) -> Message? {
        if depth > 16 {
            diagnostics.append(structure("variants of \(Excerpt.quoted(key)) nest too deeply", tree.origin(item), key: key))
            return nil
        }
        switch tree.kind(item) {
        case .string:
            return .plain(SourceText(tree.string(item) ?? "", origin: tree.origin(item)))
        case .dict:
            let pairs = tree.pairs(item)
            if let width = pairs.first(where: { $0.key == widthRule }) {
                guard tree.kind(width.value) == .dict else {
                    diagnostics.append(structure("\(widthRule) of \(Excerpt.quoted(key)) is \(tree.typeName(width.value)), not a dictionary", tree.origin(width.value), key: key))
                    return nil
                }
                var variants: [Message.WidthVariant] = []
                for (w, wOrigin, v) in tree.pairs(width.value) {
                    guard let width = Int(w), width >= 0 else {
                        diagnostics.append(structure("width \(Excerpt.quoted(w)) of \(Excerpt.quoted(key)) is not a whole number", wOrigin, key: key))
                        continue
                    }
                    if let m = message(tree, v, key: key, diagnostics: &diagnostics, depth: depth + 1) {
                        variants.append(.init(width: width, message: m))
                    }
                }
                variants.sort { $0.width < $1.width }
                return .widths(variants)
            }
            if let device = pairs.first(where: { $0.key == deviceRule }) {
                guard tree.kind(device.value) == .dict else {
                    diagnostics.append(structure("\(deviceRule) of \(Excerpt.quoted(key)) is \(tree.typeName(device.value)), not a dictionary", tree.origin(device.value), key: key))
                    return nil
                }
                var out: [String: Message] = [:]
                for (d, dOrigin, v) in tree.pairs(device.value) {
                    if !deviceNames.contains(d) {
                        diagnostics.append(structure("unknown device \(Excerpt.quoted(d)) in \(Excerpt.quoted(key)) (known: \(deviceNames.sorted().joined(separator: ", ")))", dOrigin, key: key, severity: .warning))
                    }
                    if let m = message(tree, v, key: key, diagnostics: &diagnostics, depth: depth + 1) { out[d] = m }
                }
                return .devices(out)
            }
            return plural(tree, pairs, origin: tree.origin(item), key: key, diagnostics: &diagnostics)
        default:
            diagnostics.append(structure("value of \(Excerpt.quoted(key)) is \(tree.typeName(item)); expected a dictionary or a string", tree.origin(item), key: key))
            return nil
        }
    }

    static func plural(
        _ tree: PlistTree, _ pairs: [PlistTree.Pair], origin: Origin, key: String,
        diagnostics: inout [Diagnostic]
    ) -> Message? {
        guard let f = pairs.first(where: { $0.key == formatKey }) else {
            diagnostics.append(structure("\(Excerpt.quoted(key)) has no \(formatKey)", origin, key: key))
            return nil
        }
        guard let format = tree.string(f.value) else {
            diagnostics.append(structure("\(formatKey) of \(Excerpt.quoted(key)) is \(tree.typeName(f.value)), not a string", tree.origin(f.value), key: key))
            return nil
        }
        let formatOrigin = tree.origin(f.value)
        // Sized once: grown by doubling, the old table and the new were held together
        // (for an entry of thousands of variables, the largest allocation of the read).
        var variables: [String: PluralVariable] = [:]
        variables.reserveCapacity(pairs.count)
        for (name, nameOrigin, v) in pairs where name != formatKey {
            guard tree.kind(v) == .dict else {
                diagnostics.append(structure("variable \(Excerpt.quoted(name)) of \(Excerpt.quoted(key)) is \(tree.typeName(v)), not a dictionary", nameOrigin, key: key))
                continue
            }
            var specType: String? = nil
            var valueType: String? = nil
            var forms: [(PluralCategory, SourceText)] = []
            for (k, kOrigin, kv) in tree.pairs(v) {
                guard let s = tree.string(kv) else {
                    diagnostics.append(structure("\(Excerpt.quoted(k)) in variable \(Excerpt.quoted(name)) of \(Excerpt.quoted(key)) is \(tree.typeName(kv)), not a string", tree.origin(kv), key: key))
                    continue
                }
                switch k {
                // The usual value shares one constant: read from the file, each variable held
                // its own 22-byte string (0.6 MB for the benchmark's 9,358 variables).
                case specTypeKey: specType = s == pluralRuleType ? pluralRuleType : s
                case valueTypeKey: valueType = s
                default:
                    if let c = PluralCategory(rawValue: k) {
                        forms.append((c, SourceText(s, origin: tree.origin(kv))))
                    } else {
                        diagnostics.append(structure("unknown key \(Excerpt.quoted(k)) in variable \(Excerpt.quoted(name)) of \(Excerpt.quoted(key)) (plural categories are zero, one, two, few, many, other)", kOrigin, key: key, severity: .warning))
                    }
                }
            }
            variables[name] = PluralVariable(name: name, valueType: valueType, specType: specType, forms: PluralForms(forms), origin: nameOrigin)
        }
        for ref in FormatVariables.references(in: format) where variables[ref.name] == nil {
            diagnostics.append(structure("\(formatKey) of \(Excerpt.quoted(key)) uses %#@\(ref.name)@ but there is no \(Excerpt.quoted(ref.name)) dictionary", formatOrigin, key: key))
        }
        return .plural(format: SourceText(format, origin: formatOrigin), variables: variables)
    }
}

/// `%#@name@` / `%2$#@name@` references in a format string.
public enum FormatVariables {
    /// One reference: the variable's name and, if written, its argument position.
    public struct Reference: Sendable, Hashable {
        /// The variable's name (`files` in `%#@files@`).
        public var name: String
        /// The explicit 1-based position (`%2$#@name@`), nil when sequential.
        public var position: Int?
        /// UTF-8 byte range of the whole `%…@` token in the format.
        public var range: Range<Int>
    }

    /// Every variable reference, in order. `%%` is skipped; a width or flags before
    /// `#@` (`%1#@count@`) are read as the renderer reads them.
    public static func references(in format: String) -> [Reference] {
        FormatTokens.tokens(format).compactMap { t in
            guard case .variable(let name) = t.kind else { return nil }
            return Reference(name: name, position: t.position, range: t.range)
        }
    }
}
