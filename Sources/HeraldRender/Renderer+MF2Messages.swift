import HeraldDiagnostics
import HeraldICU
import HeraldMF2
import HeraldTables

// MessageFormat 2 messages (a table whose name ends in `.mf2`): parsed and checked once
// per locale, formatted by HeraldMF2 with the arguments bound to the message's variables
// in the order the message first names them.

extension Diagnostic.Rule {
    /// A MessageFormat 2 message does not parse, fails the data-model checks, or a
    /// placeholder could not be formatted (it then shows `{$name}`).
    public static let mf2 = Self("mf2")
}

/// A compiled MessageFormat 2 message.
struct MF2Template: Sendable {
    var source: String
    /// Nil when the message does not parse or fails its checks (`diagnostics` says why).
    var formatter: MF2Formatter?
    /// The variables the caller gives, in the order arguments are bound to them.
    var variables: [String]
    var diagnostics: [Diagnostic]
}

extension Renderer {
    /// True for tables written in MessageFormat 2: the name ends in `.mf2`.
    public static func isMF2Table(_ table: String) -> Bool { table.hasSuffix(".mf2") }

    /// `isolate`: MessageFormat 2's default bidi isolation, or none (`--no-isolate`, as for
    /// the other formats; MessageFormat 2 decides itself which placeholders need it).
    static func renderMF2(_ t: MF2Template, isolate: Bool, state: inout RenderState, into out: inout RenderBuffer) {
        for d in t.diagnostics { state.diagnose(d) }
        guard let formatter = t.formatter else {
            out += t.source
            return
        }
        var arguments: [String: MF2Value] = [:]
        for (i, name) in t.variables.enumerated() {
            guard let arg = state.argument(i, for: "$" + name) else { continue }
            switch arg {
            case .number(let n): arguments[name] = .number(n)
            case .string(let s): arguments[name] = .string(s)
            }
        }
        let result = formatter.format(arguments, bidiIsolation: isolate)
        for e in result.errors {
            // A missing argument was reported by `argument` already.
            if e.kind == .unresolvedVariable { continue }
            state.diagnose(.error, .mf2, "in \(Excerpt.quoted(t.source)): \(e)")
        }
        out += result.text
    }
}

extension TemplateCompiler {
    /// `message` as MessageFormat 2 (device and width variants each compiled).
    func compileMF2(_ message: Message) -> TemplateNode {
        switch message {
        case .plain(let text): return .mf2(compileMF2(source: text.value))
        case .plural(let format, _): return .mf2(compileMF2(source: format.value))
        case .widths(let variants):
            return .widths(variants.sorted { $0.width < $1.width }.map { ($0.width, compileMF2($0.message)) })
        case .devices(let devices): return .devices(devices.mapValues { compileMF2($0) })
        case .phrases: return compile(message, icu: false)
        }
    }

    func compileMF2(source: String) -> MF2Template {
        // Numbers in the requested locale; plural rules of the served language when the
        // request fell back to another language.
        let locale = pluralLocale.language == numberLocale.language ? numberLocale : pluralLocale
        do {
            let message = try MF2Parser.parse(source)
            let problems = MF2Validation.errors(in: message)
            guard problems.isEmpty else {
                return MF2Template(
                    source: source, formatter: nil, variables: [],
                    diagnostics: problems.map { Diagnostic(.mf2, .error, "in \(Excerpt.quoted(source)): \($0)") })
            }
            return MF2Template(
                source: source, formatter: MF2Formatter(message: message, locale: locale), variables: message.externalVariables,
                diagnostics: [])
        } catch {
            return MF2Template(
                source: source, formatter: nil, variables: [],
                diagnostics: [Diagnostic(.mf2, .error, "in \(Excerpt.quoted(source)): \(error)")])
        }
    }
}
