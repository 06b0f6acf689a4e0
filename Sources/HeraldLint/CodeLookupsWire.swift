public import HeraldJSON
import HeraldDiagnostics

// What `herald-sourcekeys DIR` prints and `herald validate --sources DIR` reads: the code's
// lookups as one JSON object, so that swift-syntax is linked by the helper alone and `herald`
// (start-up sensitive: `herald format`) stays without it.
//
// {"files": 2, "dynamic": 1, "samples": [["a.swift", 3, 9]], "literals": ["k"],
//  "prefixes": ["step."], "suffixes": [".title"],
//  "lookups": [{"api": "Text", "segments": ["Hello ", ""], "holes": [null], "table": null,
//               "default": null, "origin": ["a.swift", 1, 6],
//               "calls": [{"arguments": "io", "origin": ["a.swift", 2, 5]}]}],
//  "problems": [{"rule": "io", "severity": "error", "message": "…", "origin": ["b.swift", 0, 0]}]}
//
// A call's arguments are one letter each: i(nteger), f(loating), o(bject), u(nknown).
extension CodeLookups {
    /// The wire form.
    public var wire: JSONValue {
        func origin(_ o: Origin) -> JSONValue { .array([.string(o.file), .int(o.line), .int(o.column)]) }
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        let lookups: [JSONValue] = lookups.map { l in
            .object(JSONObject([
                ("api", .string(l.api)), ("segments", .array(l.segments.map { .string($0) })),
                ("holes", .array(l.holes.map(optional))), ("table", optional(l.table)), ("default", optional(l.defaultValue)),
                ("origin", origin(l.origin)),
                ("calls", .array(l.calls.map { c in
                    .object(JSONObject([("arguments", .string(String(c.arguments.map(\.letter)))), ("origin", origin(c.origin))]))
                })),
            ]))
        }
        let problems: [JSONValue] = problems.map { p in
            .object(JSONObject([
                ("rule", .string(p.rule.rawValue)), ("severity", .string(p.severity.rawValue)), ("message", .string(p.message)),
                ("origin", origin(p.origin ?? Origin(file: "", line: 0, column: 0))),
            ]))
        }
        return .object(JSONObject([
            ("files", .int(filesRead)), ("dynamic", .int(dynamicLookups)), ("samples", .array(dynamicSamples.map(origin))),
            ("literals", .array(literals.sorted().map { .string($0) })),
            ("prefixes", .array(patterns.prefixes.sorted().map { .string($0) })),
            ("suffixes", .array(patterns.suffixes.sorted().map { .string($0) })),
            ("lookups", .array(lookups)), ("problems", .array(problems)),
        ]))
    }

    /// A wire form that does not read.
    public struct WireError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads the wire form.
    public init(wire bytes: [UInt8]) throws(WireError) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes: bytes) } catch { throw WireError(description: "not JSON (\(error.message))") }
        func fail(_ what: String) -> WireError { WireError(description: "no valid \(what)") }
        func int(_ v: JSONValue?, _ what: String) throws(WireError) -> Int {
            guard let n = v?.intValue, n >= 0 else { throw fail(what) }
            return Int(clamping: n)
        }
        func strings(_ v: JSONValue?, _ what: String) throws(WireError) -> [String] {
            guard let a = v?.arrayValue else { throw fail(what) }
            var out: [String] = []
            for e in a {
                guard let s = e.stringValue else { throw fail(what) }
                out.append(s)
            }
            return out
        }
        func origin(_ v: JSONValue?) throws(WireError) -> Origin {
            guard let a = v?.arrayValue, a.count == 3, let file = a[0].stringValue, let line = a[1].intValue, let column = a[2].intValue
            else { throw fail("origin") }
            return Origin(file: file, line: Int(clamping: line), column: Int(clamping: column))
        }
        func optional(_ v: JSONValue?, _ what: String) throws(WireError) -> String? {
            guard let v else { throw fail(what) }
            if case .null = v { return nil }
            guard let s = v.stringValue else { throw fail(what) }
            return s
        }
        guard let o = root.objectValue else { throw fail("object") }
        self.init()
        filesRead = try int(o["files"], "files")
        dynamicLookups = try int(o["dynamic"], "dynamic")
        for s in o["samples"]?.arrayValue ?? [] { dynamicSamples.append(try origin(s)) }
        literals = Set(try strings(o["literals"], "literals"))
        for p in try strings(o["prefixes"], "prefixes") { patterns.addPrefix(p) }
        for s in try strings(o["suffixes"], "suffixes") { patterns.addSuffix(s) }
        guard let list = o["lookups"]?.arrayValue else { throw fail("lookups") }
        for item in list {
            guard let l = item.objectValue, let api = l["api"]?.stringValue, let holes = l["holes"]?.arrayValue else { throw fail("lookup") }
            var holeSpecs: [String?] = []
            for h in holes { holeSpecs.append(try optional(h, "hole")) }
            let segments = try strings(l["segments"], "segments")
            guard segments.count == holeSpecs.count + 1 else { throw fail("lookup segments") }
            var lookup = CodeLookup(
                api: api, segments: segments, holes: holeSpecs, table: try optional(l["table"], "table"),
                defaultValue: try optional(l["default"], "default"), origin: try origin(l["origin"]))
            for c in l["calls"]?.arrayValue ?? [] {
                guard let letters = c["arguments"]?.stringValue else { throw fail("call") }
                var arguments: [CodeArgument] = []
                for ch in letters {
                    guard let a = CodeArgument(letter: ch) else { throw fail("call arguments") }
                    arguments.append(a)
                }
                lookup.calls.append(CodeFormatCall(arguments: arguments, origin: try origin(c["origin"])))
            }
            lookups.append(lookup)
        }
        for item in o["problems"]?.arrayValue ?? [] {
            guard let rule = item["rule"]?.stringValue, let sev = item["severity"]?.stringValue.flatMap(Diagnostic.Severity.init(rawValue:)),
                let message = item["message"]?.stringValue
            else { throw fail("problem") }
            problems.append(Diagnostic(Diagnostic.Rule(rule), sev, message, at: .file(try origin(item["origin"]))))
        }
    }
}

extension CodeArgument {
    var letter: Character {
        switch self {
        case .integer: return "i"
        case .floating: return "f"
        case .object: return "o"
        case .unknown: return "u"
        }
    }

    init?(letter: Character) {
        switch letter {
        case "i": self = .integer
        case "f": self = .floating
        case "o": self = .object
        case "u": self = .unknown
        default: return nil
        }
    }
}
