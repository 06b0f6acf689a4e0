import HeraldICU
import HeraldJSON
import HeraldTables
import HeraldDiagnostics

// Messages compiled into templates (`Template.swift`) for one requested locale: format
// strings parsed once, arguments bound to positions, plural variables resolved to their
// forms, ICU objects opened; each message's expansion bounded by a `CompileBudget`.

/// Compiles messages for one requested locale.
struct TemplateCompiler {
    /// Formats numbers (the requested locale, with its region).
    let numberLocale: LocaleID
    /// Chooses plural categories (the served language).
    let pluralLocale: LocaleID
    /// Formats ICU MessageFormat patterns: plural rules of `pluralLocale`, numbers as
    /// close to `numberLocale` as one ICU locale allows (`LocalizationLookup.messageLocale`).
    let messageLocale: LocaleID
    /// The serving localization is right-to-left: ICU messages are also made
    /// with their arguments isolated.
    let rightToLeft: Bool

    init(numberLocale: LocaleID, pluralLocale: LocaleID, messageLocale: LocaleID? = nil, rightToLeft: Bool = false) {
        self.numberLocale = numberLocale
        self.pluralLocale = pluralLocale
        self.messageLocale = messageLocale ?? numberLocale
        self.rightToLeft = rightToLeft
    }
    /// Counts compiled variable references, so a hostile table whose forms
    /// fan out into each other cannot make compiling explode.
    let budget = CompileBudget()
    /// How deep variables may nest (a form naming a variable whose forms name another…).
    static let maxVariableDepth = 8

    func compile(_ message: Message, icu: Bool) -> TemplateNode {
        switch message {
        case .plain(let text):
            if icu { return .icu(compileICU(text.value)) }
            return .format(compileFormat(text.value, firstArgument: 0, variables: [:], substitution: nil, active: []))
        case .plural(let format, let variables):
            if icu { return .icu(compileICU(format.value)) }
            return .format(compileFormat(format.value, firstArgument: 0, variables: variables, substitution: nil, active: []))
        case .widths(let variants):
            return .widths(variants.sorted { $0.width < $1.width }.map { ($0.width, compile($0.message, icu: icu)) })
        case .devices(let devices):
            return .devices(devices.mapValues { compile($0, icu: icu) })
        case .phrases(let phrases):
            // An App Shortcuts phrase set shows its primary phrase, as literal
            // text: a phrase is not a format string (`%` is a percent sign).
            let text = phrases.first?.value ?? ""
            return .format(compileFormat(text.replacingOccurrences(of: "%", with: "%%"), firstArgument: 0, variables: [:], substitution: nil, active: []))
        }
    }

    func compileICU(_ pattern: String) -> ICUTemplate {
        var diagnostics: [Diagnostic] = []
        var format: MessageFormat?
        var isolated: MessageFormat?
        do {
            // Only a pattern that selects plural forms needs the text's rules: the others keep
            // the requested locale for every number (`{amount, number, ::currency/EUR}`).
            let selectsPlural = pattern.contains("plural") || pattern.contains("selectordinal")
            let patternLocale = selectsPlural ? messageLocale : numberLocale
            format = try MessageFormat.for(pattern: pattern, locale: patternLocale)
            if rightToLeft { isolated = try MessageFormat.for(pattern: pattern, locale: patternLocale, isolated: true) }
        } catch {
            diagnostics.append(Diagnostic(.icu, .error, "ICU MessageFormat pattern does not parse: \(error)"))
        }
        let args = ICUMessageArguments.scan(pattern)
        let usesNames = format?.usesNamedArguments ?? args.contains { Int($0.name) == nil }
        return ICUTemplate(
            pattern: pattern, format: format, isolatedFormat: isolated, arguments: args, usesNames: usesNames,
            diagnostics: diagnostics)
    }

    /// Format problems of one text described one by one; the rest are counted.
    static let problemsDescribed = 20

    /// `substitution`: the variable whose form this is, for `%arg`.
    func compileFormat(
        _ text: String, firstArgument: Int, variables: [String: PluralVariable],
        substitution: (index: Int, valueType: String?)?, active: Set<String>
    ) -> Template {
        let parsed = FormatStringParser.parse(text, firstArgument: firstArgument, substitutionArgument: substitution != nil)
        // The first few problems of a text are described, the rest counted: a string of
        // thousands of bad specifiers would otherwise carry thousands of diagnostics in
        // every template compiled from it.
        let described = Self.problemsDescribed
        // A String Catalog's `%#@name@` reads its substitution's argNum: beside `%2$@` it is
        // not a sequential specifier (the rule `validate` applies too).
        let notMixed = parsed.mixesPositions && !parsed.mixesPositions { variables[$0]?.argNum != nil }
        let problems = notMixed ? parsed.problems.filter { $0.kind != .mixedPositional } : parsed.problems
        let problemCount = parsed.problemCount - (notMixed ? 1 : 0)
        var diagnostics = problems.prefix(described).map { p in
            Diagnostic(
                p.kind,
                p.kind == .widthTooLarge || p.kind == .accidentalSpecifier ? .warning : .error,
                "in \(Excerpt.quoted(text)): \(p.message)")
        }
        if problemCount > described, let last = parsed.lastProblemKind {
            diagnostics.append(Diagnostic(
                last,
                .error,
                "in \(Excerpt.quoted(text)): \(problemCount - described) more format problems"))
        }
        var parts: [TemplatePart] = []
        var count = 0
        // Specifiers written alike share one compiled specifier (the argument each reads is
        // kept beside it): a form of a million `%@` held a million objects of ~300 bytes.
        var compiled: [FormatSpecifier: CompiledSpecifier] = [:]
        func shared(_ spec: FormatSpecifier) -> CompiledSpecifier {
            var key = spec
            key.argumentIndex = nil
            key.utf8Range = 0..<0
            if let c = compiled[key] { return c }
            let c = CompiledSpecifier(spec: key, formatter: formatter(for: spec), printfFormat: printfFormat(for: spec))
            compiled[key] = c
            return c
        }
        // Adjacent literal and invalid pieces become one literal part, added once: a slice of
        // the format string itself when no `%%` is in it (joining them part by part copied the
        // text each time: quadratic; joining them at all copied a long text once more).
        var pending: Int? = nil
        func flushLiteral(before end: Int) {
            if let start = pending { parts.append(.text(parsed.shownText(ofPieces: start..<end))) }
            pending = nil
        }
        // Specifiers alike in a row reading one argument after another: one part (`SpecifierRun`).
        var runs = SpecifierRun.Builder()
        func flushRun() { runs.flush(into: &parts) }
        func appendSpecifier(_ c: CompiledSpecifier, argument: Int) { runs.append(c, argument: argument, into: &parts) }
        let segments = parsed.segments
        for i in segments.indices {
            if parsed.isText(piece: i) {
                if pending == nil {
                    flushRun()
                    pending = i
                }
                continue
            }
            flushLiteral(before: i)
            switch segments[i] {
            case .literal, .invalid: continue
            case .specifier(var spec):
                let index = spec.argumentIndex ?? 0
                switch spec.conversion {
                case .variable(let name):
                    count = max(count, index + 1)
                    flushRun()
                    parts.append(compileVariable(name, at: index, variables: variables, active: active))
                case .substitutionArgument:
                    guard let substitution else { continue }
                    // %arg: the substitution's own argument, printed with its formatSpecifier.
                    let typeText = "%" + (substitution.valueType ?? "@")
                    if let typed = FormatStringParser.parse(typeText).specifiers.first, typed.conversion != .substitutionArgument {
                        spec = FormatSpecifier(
                            conversion: typed.conversion, flags: typed.flags, width: typed.width, precision: typed.precision,
                            length: typed.length, position: nil, argumentIndex: substitution.index, utf8Range: spec.utf8Range,
                            text: spec.text)
                    } else {
                        spec.conversion = .object
                        diagnostics.append(Diagnostic(.valueType, .warning, "format specifier '\(Excerpt.escaped(substitution.valueType ?? ""))' of a substitution is not a printf conversion; printing the argument as written"))
                    }
                    appendSpecifier(shared(spec), argument: substitution.index)
                default:
                    count = max(count, index + 1)
                    appendSpecifier(shared(spec), argument: index)
                }
            }
        }
        flushLiteral(before: segments.endIndex)
        flushRun()
        return Template(parts: parts, diagnostics: diagnostics, argumentCount: count, source: text)
    }

    func compileVariable(_ name: String, at position: Int, variables: [String: PluralVariable], active: Set<String>) -> TemplatePart {
        guard let variable = variables[name] else {
            return .brokenVariable(
                name: name, argumentIndex: position,
                diagnostic: Diagnostic(.unknownVariable, .error, "the message has no variable '\(Excerpt.escaped(name))' for %#@\(name)@"))
        }
        guard !active.contains(name) else {
            return .brokenVariable(
                name: name, argumentIndex: position,
                diagnostic: Diagnostic(.recursion, .error, "variable '\(Excerpt.escaped(name))' refers to itself through its forms"))
        }
        // A chain of distinct variables (v0's forms name v1, v1's name v2…) is not a cycle:
        // it is cut at a depth, and said so, rather than blamed on the variable reached there.
        guard active.count < Self.maxVariableDepth else {
            return .brokenVariable(
                name: name, argumentIndex: position,
                diagnostic: Diagnostic(.recursion, .error, "the message's variables nest more than \(Self.maxVariableDepth) deep (each named in a form of the one before); '\(Excerpt.escaped(name))' not expanded"))
        }
        guard budget.take() else {
            return .brokenVariable(
                name: name, argumentIndex: position,
                diagnostic: Diagnostic(.recursion, .error, "the message's variables refer to each other more than \(CompileBudget.limit) times; '\(Excerpt.escaped(name))' not expanded"))
        }
        let index = variable.argNum.map { max(0, $0 - 1) } ?? position
        var diagnostics: [Diagnostic] = []
        var valueType = Self.valueType(variable.valueType, diagnostics: &diagnostics)
        if let spec = variable.specType, spec != "NSStringPluralRuleType" {
            diagnostics.append(Diagnostic(.specType, .warning, "variable '\(Excerpt.escaped(name))' has spec type '\(Excerpt.escaped(spec))'; treated as NSStringPluralRuleType"))
        }
        var forms: [PluralCategory: Template] = [:]
        let inner = active.union([name])
        // In CLDR order (the forms' own): the forms share the message's budget, so the
        // order decides which variable is not expanded, and it is the same every run.
        for (category, text) in variable.forms {
            forms[category] = compileFormat(
                text.value, firstArgument: index, variables: variables,
                substitution: variable.argNum != nil ? (index, variable.valueType) : nil, active: inner)
        }
        // A value type without a precision (`f`, or none): the category is chosen on the
        // number as the forms print it when they agree on a precision (`%.2f` in each).
        switch valueType {
        case .shortest, .asWritten:
            if let digits = Self.agreedPrecision(forms.values, argument: index) { valueType = .fixed(digits) }
        default: break
        }
        let rules: PluralRules?
        do { rules = try PluralRules.for(pluralLocale) } catch {
            rules = nil
            diagnostics.append(Diagnostic(.icu, .error, "no plural rules for \(pluralLocale): \(error)"))
        }
        var selectFormatter: NumberFormat?
        switch valueType {
        case .integer: selectFormatter = try? NumberFormat.printf(fractionDigits: 0, locale: numberLocale)
        case .fixed(let digits): selectFormatter = try? NumberFormat.printf(fractionDigits: digits, locale: numberLocale)
        default: selectFormatter = nil
        }
        return .variable(CompiledVariable(
            name: name, argumentIndex: index, valueType: valueType, forms: forms, rules: rules, selectFormatter: selectFormatter,
            diagnostics: diagnostics))
    }

    static func valueType(_ text: String?, diagnostics: inout [Diagnostic]) -> ValueType {
        guard let text, !text.isEmpty else { return .asWritten }
        let body = text.hasPrefix("%") ? String(text.dropFirst()) : text
        let parsed = FormatStringParser.parse("%" + body)
        guard parsed.problems.isEmpty, parsed.segments.count == 1, let spec = parsed.specifiers.first else {
            diagnostics.append(Diagnostic(.valueType, .warning, "value type '\(Excerpt.escaped(text))' is not a printf conversion; the number is used as written"))
            return .asWritten
        }
        switch spec.conversion {
        case .signedInteger: return .integer(spec.length, signed: true)
        case .unsignedInteger, .hex, .octal, .character: return .integer(spec.length, signed: false)
        case .fixed: return spec.precision.map { .fixed(min($0, 20)) } ?? .shortest
        case .exponent, .general: return .printf(spec)
        default:
            diagnostics.append(Diagnostic(.valueType, .warning, "value type '\(Excerpt.escaped(text))' is not numeric; the number is used as written"))
            return .asWritten
        }
    }

    /// The fraction digits every `%f` of the forms that prints the variable's
    /// argument shows (`%.2f` → 2, `%f` → 6), nil when none prints it that
    /// way, they differ, or another numeric conversion prints it (`%d`, `%g`).
    /// `%@` says nothing about digits and is passed over.
    static func agreedPrecision(_ forms: some Sequence<Template>, argument: Int) -> Int? {
        var agreed: Int?
        for form in forms {
            for part in form.parts {
                let c: CompiledSpecifier
                switch part {
                case .specifier(let one, argument): c = one
                case .repeated(let run) where run.arguments.contains(argument): c = run.specifier
                default: continue
                }
                switch c.spec.conversion {
                case .fixed:
                    let digits = min(c.spec.precision ?? 6, 20)
                    if let a = agreed, a != digits { return nil }
                    agreed = digits
                case let conversion where conversion.isNumeric:
                    return nil
                default:
                    continue
                }
            }
        }
        return agreed
    }
}

/// How many variable references one message may expand while compiling.
final class CompileBudget: @unchecked Sendable {
    // Used by one compiling thread only (a compiler is never shared).
    static let limit = 256
    private var used = 0

    func take() -> Bool {
        used += 1
        return used <= CompileBudget.limit
    }
}
