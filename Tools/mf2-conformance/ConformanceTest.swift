import HeraldICU
import HeraldJSON
import HeraldMF2

/// One test of the suite, its file's defaults applied.
struct ConformanceTest {
    let src: String
    let locale: String
    let bidi: Bool
    let params: [JSONValue]
    let exp: String?
    let expParts: [JSONValue]?
    let expErrors: [String]

    init(_ test: JSONObject, defaults: JSONObject?) {
        func field(_ key: String) -> JSONValue? { test[key] ?? defaults?[key] }
        src = field("src")?.stringValue ?? ""
        locale = field("locale")?.stringValue ?? "en-US"
        bidi = field("bidiIsolation")?.stringValue == "default"
        params = field("params")?.arrayValue ?? []
        exp = field("exp")?.stringValue
        expParts = field("expParts")?.arrayValue
        expErrors = (field("expErrors")?.arrayValue ?? []).compactMap { $0["type"]?.stringValue }
    }

    /// The formatted text, and nil when the test passes, else why not.
    func run(functions: MF2Functions) -> (text: String, failure: String?) {
        var text = ""
        let failure = check(functions: functions, text: &text)
        return (text, failure)
    }

    private func check(functions: MF2Functions, text formatted: inout String) -> String? {
        let localeID = (try? LocaleID(locale == "und" ? "en" : locale)) ?? LocaleID.english
        var errors: [MF2Error] = []
        var text: String?
        var parts: [MF2Part]?
        do {
            let message = try MF2Parser.parse(src)
            errors = MF2Validation.errors(in: message)
            if errors.isEmpty {
                let f = MF2Formatter(message: message, locale: localeID, functions: functions, bidiIsolation: bidi)
                let args = arguments()
                let r = f.format(args)
                text = r.text
                errors = r.errors
                if expParts != nil { parts = f.formatToParts(args).parts }
            } else {
                text = "{\u{FFFD}}"
            }
        } catch {
            errors = [error]
            text = "{\u{FFFD}}"
        }
        formatted = text ?? ""
        let got = errors.map(\.kind.rawValue)
        if got != expErrors {
            return "errors \(got) (\(errors.map(\.description).joined(separator: "; "))), expected \(expErrors)"
        }
        if let exp, text != exp {
            return "formatted \(Show.quote(text ?? "")), expected \(Show.quote(exp))"
        }
        if let expParts {
            let mine = (parts ?? []).map(ConformanceTest.json)
            guard mine.count == expParts.count else {
                return "\(mine.count) parts \(mine), expected \(expParts.count)"
            }
            for (a, b) in zip(mine, expParts) where !ConformanceTest.covers(a, b) {
                return "part \(a), expected \(b)"
            }
        }
        return nil
    }

    func arguments() -> [String: MF2Value] {
        var out: [String: MF2Value] = [:]
        for p in params {
            guard let name = p["name"]?.stringValue, let v = p["value"] else { continue }
            if p["type"]?.stringValue == "datetime", let s = v.stringValue {
                out[name] = MF2DateTime(iso: s).map { .dateTime($0) } ?? .string(s)
                continue
            }
            switch v {
            case .string(let s): out[name] = .string(s)
            case .number(let n): out[name] = .number(NumericValue(literal: n) ?? .decimal(n))
            case .bool(let b): out[name] = .bool(b)
            default: out[name] = .unsupported
            }
        }
        return out
    }

    static func json(_ part: MF2Part) -> [String: JSONValue] {
        switch part {
        case .text(let t): return ["type": .string("text"), "value": .string(t)]
        case .bidiIsolation(let s): return ["type": .string("bidiIsolation"), "value": .string(s)]
        case .fallback(let source): return ["type": .string("fallback"), "source": .string(source)]
        case .markup(let kind, let name, let id, let options):
            var o: [String: JSONValue] = ["type": .string("markup"), "kind": .string(kind.rawValue), "name": .string(name)]
            if let id { o["id"] = .string(id) }
            if !options.isEmpty {
                var obj = JSONObject()
                for (k, v) in options.sorted(by: { $0.key < $1.key }) { obj[k] = .string(v) }
                o["options"] = .object(obj)
            }
            return o
        case .expression(let type, let value, let pieces, let direction, let locale, let id):
            var o: [String: JSONValue] = ["type": .string(type), "locale": .string(locale)]
            if let pieces {
                o["parts"] = .array(pieces.map { p in
                    var obj = JSONObject()
                    obj["type"] = .string(p.type)
                    obj["value"] = .string(p.value)
                    return .object(obj)
                })
            } else {
                o["value"] = .string(value)
            }
            if let direction { o["dir"] = .string(direction.rawValue) }
            if let id { o["id"] = .string(id) }
            return o
        }
    }

    /// Every member the expected part has, `mine` has with the same value.
    static func covers(_ mine: [String: JSONValue], _ expected: JSONValue) -> Bool {
        guard let e = expected.objectValue else { return false }
        for key in e.keys {
            guard let a = mine[key], let b = e[key] else { return false }
            if key == "options", case .object(let ao) = a, case .object(let bo) = b {
                guard Set(ao.keys) == Set(bo.keys), bo.keys.allSatisfy({ ao[$0] == bo[$0] }) else { return false }
            } else if a != b {
                return false
            }
        }
        return true
    }
}
