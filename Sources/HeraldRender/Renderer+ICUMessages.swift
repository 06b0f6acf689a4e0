import HeraldICU
import HeraldTables
import HeraldDiagnostics

// ICU MessageFormat messages (a table whose name ends in `.icu`): the
// pattern formatted by ICU with the arguments bound by name or position.
extension Renderer {
    static func renderICU(_ t: ICUTemplate, state: inout RenderState, into out: inout RenderBuffer) {
        for d in t.diagnostics { state.diagnose(d) }
        guard let format = t.format else {
            out += t.pattern
            return
        }
        var args: [(name: String, value: MessageFormat.Argument)] = []
        if t.usesNames {
            for (i, a) in t.arguments.enumerated() {
                guard let arg = state.argument(i, for: "{\(a.name)}") else {
                    // Missing: empty text, or 0 where the pattern needs a number (diagnosed).
                    args.append((a.name, a.numeric ? .number(.int(0)) : .string("")))
                    continue
                }
                args.append((a.name, icuValue(arg, numeric: a.numeric, name: a.name, index: i, state: &state)))
            }
        } else {
            let numericNames = Set(t.arguments.filter(\.numeric).map(\.name))
            let numbers = Set(t.arguments.compactMap { Int($0.name) })
            let highest = numbers.max() ?? -1
            // Arguments up to the highest number the pattern names are bound
            // (gaps included), but only as far as arguments were given: the
            // pattern's number is input, and `{2147483647}` must not loop two
            // billion times (found by fuzzing). Higher numbers the pattern
            // names are bound once each, as missing.
            let given = min(highest + 1, state.arguments.count)
            for i in Array(0..<given) + numbers.filter({ $0 >= given }).sorted() {
                guard let arg = state.argument(i, for: "{\(i)}") else {
                    args.append((String(i), numericNames.contains(String(i)) ? .number(.int(0)) : .string("")))
                    continue
                }
                args.append((String(i), icuValue(arg, numeric: numericNames.contains(String(i)), name: String(i), index: i, state: &state)))
            }
        }
        do {
            out += try format.format(args)
        } catch {
            state.diagnose(.error, .icu, "ICU MessageFormat could not format: \(error)")
            out += t.pattern
        }
    }

    static func icuValue(_ arg: RenderArgument, numeric: Bool, name: String, index: Int, state: inout RenderState) -> MessageFormat.Argument {
        switch arg {
        case .number(let n):
            if numeric { return .number(n) }
            let text = (try? NumberFormat.asWritten(n, locale: state.numberLocale).format(n)) ?? n.description
            return .string(state.isolate ? SpecifierFormatting.isolateStart + text + SpecifierFormatting.isolateEnd : text)
        case .string(let s):
            if numeric {
                if let n = state.number(arg, index: index, for: "{\(name)}") { return .number(n) }
                return .number(.int(0))
            }
            return .string(state.isolate ? SpecifierFormatting.isolateStart + s + SpecifierFormatting.isolateEnd : s)
        }
    }
}
