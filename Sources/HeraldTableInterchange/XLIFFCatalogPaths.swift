// A String Catalog localization as XLIFF units and back. Each string unit is one
// unit whose path names where it sits, the way Xcode's export writes it:
// "" for the plain string, `plural.one`, `device.iphone`, `device.iphone.plural.one`,
// `substitutions.NAME.plural.one`; an App Shortcuts phrase set (`stringSet`, whose
// form in Xcode's export is not known) is one unit per phrase, `stringSet.0`,
// `stringSet.1`… (Herald's own form). Building a localization from its units gives
// back the JSON it came from, members in Xcode's (alphabetical) order.

import Foundation
import HeraldJSON
import HeraldICU
import HeraldTableFormats
import HeraldTables

enum CatalogUnits {
    /// One string unit of a localization.
    struct Leaf: Sendable, Equatable {
        var path: String
        var value: String
        var state: String
    }

    /// A substitution's argument number and format specifier, as the catalog writes them.
    struct Substitution {
        var argNum: JSONValue?
        var formatSpecifier: JSONValue?
        /// `%N$spec`, the form `%arg` takes in XLIFF text; nil when either part is missing.
        var positional: String? {
            guard let n = argNum?.intValue, let spec = formatSpecifier?.stringValue else { return nil }
            return "%\(n)$\(spec)"
        }
    }

    /// Every string unit below `loc`, in document order.
    static func flatten(_ loc: JSONObject, prefix: String = "") -> [Leaf] {
        var out: [Leaf] = []
        var pending: [(JSONObject, String)] = [(loc, prefix)]
        while let item = pending.popLast() {
            let (o, p) = item
            var next: [(JSONObject, String)] = []
            if let su = o["stringUnit"]?.objectValue {
                out.append(Leaf(path: p, value: su["value"]?.stringValue ?? "", state: su["state"]?.stringValue ?? "translated"))
            }
            if let ss = o["stringSet"]?.objectValue {
                let state = ss["state"]?.stringValue ?? "translated"
                for (i, v) in (ss["values"]?.arrayValue ?? []).enumerated() {
                    out.append(Leaf(path: join(p, "stringSet.\(i)"), value: v.stringValue ?? "", state: state))
                }
            }
            if let subs = o["substitutions"]?.objectValue {
                for (name, s) in subs { if let so = s.objectValue { next.append((so, join(p, "substitutions.\(name)"))) } }
            }
            if let vars = o["variations"]?.objectValue {
                for (kind, forms) in vars {
                    for (name, f) in forms.objectValue ?? JSONObject() {
                        if let fo = f.objectValue { next.append((fo, join(p, "\(kind).\(name)"))) }
                    }
                }
            }
            pending += next.reversed()
        }
        return out
    }

    static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }

    /// The substitutions of a localization by name.
    static func substitutions(_ loc: JSONObject?) -> [String: Substitution] {
        var out: [String: Substitution] = [:]
        for (name, s) in loc?["substitutions"]?.objectValue ?? JSONObject() {
            out[name] = Substitution(argNum: s["argNum"], formatSpecifier: s["formatSpecifier"])
        }
        return out
    }

    /// The substitution a path lies in (`substitutions.NAME.…`), nil for others.
    static func substitutionName(_ path: String) -> String? {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard let i = parts.firstIndex(of: "substitutions"), i + 1 < parts.count else { return nil }
        return String(parts[i + 1])
    }

    /// Whether `path` is a well-formed unit path: pairs of a known kind and a name.
    static func isPath(_ path: String) -> Bool {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count % 2 == 0, !parts.isEmpty else { return false }
        var k = 0
        while k < parts.count {
            guard ["plural", "device", "width", "substitutions", "stringSet"].contains(parts[k]), !parts[k + 1].isEmpty else { return false }
            k += 2
        }
        return true
    }

    /// A unit id's key and path: split at the last `|==|` whose suffix is a path.
    static func split(id: String) -> (key: String, path: String) {
        var search = id[...]
        while let r = search.range(of: "|==|", options: .backwards) {
            let suffix = String(id[r.upperBound...])
            if isPath(suffix) { return (String(id[..<r.lowerBound]), suffix) }
            search = id[..<r.lowerBound]
        }
        return (id, "")
    }

    // MARK: Xcode's positional text

    /// The text Xcode shows for a unit: in a substitution's forms `%arg` is
    /// `%N$spec`, and in the other strings `%#@NAME@` is `%N$#@NAME@`.
    static func exported(_ value: String, path: String, substitutions: [String: Substitution]) -> String {
        if let name = substitutionName(path) {
            guard let s = substitutions[name], let n = s.argNum?.intValue else { return value }
            return TableExport.fromPercentArg(value, argNum: Int(n), spec: s.formatSpecifier?.stringValue)
        }
        var out = value
        for (name, s) in substitutions {
            guard let n = s.argNum?.intValue else { continue }
            out = out.replacingOccurrences(of: "%#@\(name)@", with: "%\(n)$#@\(name)@")
        }
        return out
    }

    /// `exported` undone: a form's `%N$spec` becomes `%arg` again, and `%N$#@NAME@` becomes
    /// `%#@NAME@` where the catalog's own source writes it so (`unpositioned`).
    static func imported(_ value: String, path: String, substitutions: [String: Substitution], unpositioned: Set<String>) -> String {
        if let name = substitutionName(path) {
            guard let positional = substitutions[name]?.positional else { return value }
            return value.replacingOccurrences(of: positional, with: "%arg")
        }
        var out = value
        for (name, s) in substitutions where unpositioned.contains(name) {
            guard let n = s.argNum?.intValue else { continue }
            out = out.replacingOccurrences(of: "%\(n)$#@\(name)@", with: "%#@\(name)@")
        }
        return out
    }

    // MARK: building

    /// The localization JSON holding `leaves`; a substitution gets its argNum and
    /// formatSpecifier from `substitutions`. Members sorted the way Xcode writes them.
    /// `cldrOrder`: plural categories in CLDR's order (zero, one, two, few, many, other),
    /// as Herald's own catalog writer puts them, instead of alphabetical.
    static func build(_ leaves: [Leaf], substitutions: [String: Substitution], cldrOrder: Bool = false) -> JSONValue {
        var root = Node()
        for leaf in leaves {
            let parts = leaf.path.isEmpty ? [] : leaf.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            root.insert(parts[...], leaf: leaf, substitutions: substitutions)
        }
        return root.json(cldrOrder: cldrOrder)
    }

    /// Whether a catalog writes some plural's categories in CLDR's order rather than
    /// alphabetically (one walk over the catalog).
    static func hasCLDRPluralOrder(_ catalog: JSONObject) -> Bool {
        var pending: [JSONValue] = [.object(catalog)]
        while let v = pending.popLast() {
            if let o = v.objectValue {
                if let plural = o["plural"]?.objectValue {
                    let keys = plural.keys
                    if keys != keys.sorted() { return true }
                }
                for (_, child) in o { pending.append(child) }
            } else if let a = v.arrayValue {
                pending += a
            }
        }
        return false
    }

    /// A localization under construction.
    struct Node {
        var unit: Leaf?
        var set: [(index: Int, leaf: Leaf)] = []
        var variations: [String: [String: Node]] = [:]
        var subs: [String: Node] = [:]
        var sub: Substitution?

        mutating func insert(_ parts: ArraySlice<String>, leaf: Leaf, substitutions: [String: Substitution]) {
            guard let kind = parts.first else { unit = leaf; return }
            let name = parts.dropFirst().first ?? ""
            let rest = parts.dropFirst(2)
            switch kind {
            case "stringSet": set.append((Int(name) ?? set.count, leaf))
            case "substitutions":
                var n = subs[name] ?? Node()
                n.sub = substitutions[name]
                n.insert(rest, leaf: leaf, substitutions: substitutions)
                subs[name] = n
            default:
                var n = variations[kind, default: [:]][name] ?? Node()
                n.insert(rest, leaf: leaf, substitutions: substitutions)
                variations[kind, default: [:]][name] = n
            }
        }

        func json(cldrOrder: Bool) -> JSONValue {
            var o: [(String, JSONValue)] = []
            if let s = sub {
                if let a = s.argNum { o.append(("argNum", a)) }
                if let f = s.formatSpecifier { o.append(("formatSpecifier", f)) }
            }
            if !set.isEmpty {
                let sorted = set.sorted { $0.index < $1.index }
                o.append(("stringSet", .object(JSONObject([
                    ("state", .string(sorted[0].leaf.state)), ("values", .array(sorted.map { .string($0.leaf.value) })),
                ]))))
            }
            if let u = unit {
                o.append(("stringUnit", .object(JSONObject([("state", .string(u.state)), ("value", .string(u.value))]))))
            }
            if !subs.isEmpty {
                o.append(("substitutions", .object(JSONObject(CatalogUnits.sorted(subs).map { ($0.key, $0.value.json(cldrOrder: cldrOrder)) }))))
            }
            if !variations.isEmpty {
                o.append(("variations", .object(JSONObject(CatalogUnits.sorted(variations).map { kind, forms in
                    var ordered = CatalogUnits.sorted(forms)
                    if cldrOrder, kind == "plural" {
                        let rank = { (name: String) in PluralCategory.allCases.firstIndex { $0.rawValue == name } ?? PluralCategory.allCases.count }
                        ordered.sort { rank($0.key) < rank($1.key) }
                    }
                    return (kind, JSONValue.object(JSONObject(ordered.map { ($0.key, $0.value.json(cldrOrder: cldrOrder)) })))
                }))))
            }
            return .object(JSONObject(o))
        }
    }

    /// Code-point order, as Xcode sorts a catalog's members.
    static func sorted<V>(_ d: [String: V]) -> [(key: String, value: V)] {
        d.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    }

    /// `object` with `key` set: in place when present, else inserted before the first
    /// member that sorts after it (an Xcode catalog's members are sorted).
    static func setting(_ key: String, _ value: JSONValue, in object: JSONObject) -> JSONObject {
        if object[key] != nil {
            var o = object
            o[key] = value
            return o
        }
        var pairs = object.entries.map { ($0.key, $0.value) }
        let at = pairs.firstIndex { key.unicodeScalars.lexicographicallyPrecedes($0.0.unicodeScalars) } ?? pairs.count
        pairs.insert((key, value), at: at)
        return JSONObject(pairs)
    }
}
