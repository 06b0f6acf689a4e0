import HeraldDiagnostics
import HeraldMF2
import HeraldRender
import HeraldTables

// MessageFormat 2 tables (`*.mf2`): each text parsed and put through the data-model checks
// (a syntax error, a selector without a function, a matcher without an all-`*` variant…,
// each with its line:column inside the message), and the variables a translation reads
// compared with its source's. Printf-style checks do not apply to these texts.
extension LintRun {
    mutating func checkMF2(_ ctx: EntryContext) {
        let key = Excerpt.quoted(ctx.entry.key)
        var sourceVariables: Set<String>?
        if !ctx.isSource, let first = ctx.sourceTexts.first, let m = try? MF2Parser.parse(first.value) {
            sourceVariables = Set(m.externalVariables)
        }
        for t in ctx.texts {
            let message: MF2Message
            do {
                message = try MF2Parser.parse(t.value)
            } catch {
                emit(.mf2, ctx.place(t.origin), "\(key) in \(ctx.localization): \(error)")
                continue
            }
            for e in MF2Validation.errors(in: message) {
                emit(.mf2, ctx.place(t.origin), "\(key) in \(ctx.localization): \(e)")
            }
            guard let source = sourceVariables else { continue }
            let own = Set(message.externalVariables)
            let missing = source.subtracting(own).sorted()
            let extra = own.subtracting(source).sorted()
            if !missing.isEmpty {
                emit(.mf2, ctx.place(t.origin), "\(key) in \(ctx.localization) does not use \(missing.map { "$" + $0 }.joined(separator: ", ")), which the source uses", severity: .warning)
            }
            if !extra.isEmpty {
                emit(.mf2, ctx.place(t.origin), "\(key) in \(ctx.localization) uses \(extra.map { "$" + $0 }.joined(separator: ", ")), which the source does not give", severity: .error)
            }
        }
    }
}
