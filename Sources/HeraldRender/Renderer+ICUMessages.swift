import HeraldICU
import HeraldTables
import HeraldDiagnostics

// ICU MessageFormat messages (a table whose name ends in `.icu`): the
// pattern formatted by ICU with the arguments bound by name or position.
//
// Values reach ICU raw: a `select` compares the string as given (a number
// as written, `1234`), a plural or `{n, number}` gets the number, a date
// argument the instant (`DateArgument`). In right-to-left text the pattern
// itself isolates what is shown (`MessageFormat.isolated`), as every other
// inserted argument is. A message ICU cannot format is a failure of the
// render (`RenderError.formatFailed`), never its pattern shown.
extension Renderer {
    static func renderICU(_ t: ICUTemplate, timeZone: String, state: inout RenderState, into out: inout RenderBuffer) {
        for d in t.diagnostics { state.diagnose(d) }
        guard let plain = t.format else {
            state.fail(t.diagnostics.first?.message ?? "the pattern does not parse")
            return
        }
        let format = state.isolate ? (t.isolatedFormat ?? plain) : plain
        var args: [(name: String, value: MessageFormat.Argument)] = []
        // The pattern's argument each value is for, by position in `args`.
        var uses: [ICUMessageArgument] = []
        func bind(_ a: ICUMessageArgument, index: Int) -> Bool {
            guard let arg = state.argument(index, for: "{\(a.name)}") else {
                if a.date {
                    state.fail("argument '\(Excerpt.escaped(a.name))' (a date) is missing")
                    return false
                }
                // Missing: empty text, or 0 where the pattern needs a number (diagnosed).
                args.append((a.name, a.numeric ? .number(.int(0)) : .string("")))
                uses.append(a)
                return true
            }
            guard let value = icuValue(arg, for: a, index: index, timeZone: timeZone, state: &state) else { return false }
            args.append((a.name, value))
            uses.append(a)
            return true
        }
        if t.usesNames {
            for (i, a) in t.arguments.enumerated() where !bind(a, index: i) { return }
        } else {
            let byName = Dictionary(t.arguments.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let numbers = Set(t.arguments.compactMap { Int($0.name) })
            let highest = numbers.max() ?? -1
            // Arguments up to the highest number the pattern names are bound
            // (gaps included), but only as far as arguments were given: the
            // pattern's number is input, and `{2147483647}` must not loop two
            // billion times (found by fuzzing). Higher numbers the pattern
            // names are bound once each, as missing.
            let given = min(highest + 1, state.argumentCount)
            for i in Array(0..<given) + numbers.filter({ $0 >= given }).sorted() {
                let a = byName[String(i)] ?? ICUMessageArgument(name: String(i), numeric: false)
                if !bind(a, index: i) { return }
            }
        }
        do {
            out += try format.format(args, timeZone: timeZone)
        } catch {
            if let k = error.argument, k < uses.count {
                state.fail("argument '\(Excerpt.escaped(uses[k].name))': \(error)")
            } else if let culprit = mismatched(uses) {
                state.fail(culprit)
            } else {
                state.fail("\(error)")
            }
        }
    }

    /// The value ICU gets for `arg` where the pattern uses it as `a`; nil (the render
    /// failed, said why) when it cannot be one.
    static func icuValue(
        _ arg: RenderArgument, for a: ICUMessageArgument, index: Int, timeZone: String, state: inout RenderState
    ) -> MessageFormat.Argument? {
        if a.date {
            switch DateArgument.epochMilliseconds(arg, timeZone: timeZone) {
            case .instant(let ms): return .date(ms)
            case .problem(let why):
                state.fail("argument '\(Excerpt.escaped(a.name))' (a date): \(why)")
                return nil
            }
        }
        switch arg {
        case .number(let n):
            if a.numeric { return .number(n) }
            // A select compares the number as written; shown alone, it is written as the locale writes numbers.
            if a.selects { return .string(n.description) }
            return .string((try? NumberFormat.asWritten(n, locale: state.numberLocale).format(n)) ?? n.description)
        case .string(let s):
            if a.numeric {
                if let n = state.number(arg, index: index, for: "{\(a.name)}") { return .number(n) }
                return .number(.int(0))
            }
            return .string(s)
        }
    }

    /// Says which argument ICU could not use: one that a select compares as text and a
    /// plural or number format reads as a number.
    static func mismatched(_ uses: [ICUMessageArgument]) -> String? {
        guard let a = uses.first(where: { $0.numeric && $0.selects }) else { return nil }
        return "argument '\(Excerpt.escaped(a.name))' is used both by a select (text) and as a number; ICU cannot format it"
    }
}
