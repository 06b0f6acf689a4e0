import HeraldICU
import HeraldJSON
import HeraldTables
import HeraldDiagnostics

// A message compiled for one locale: format strings parsed, arguments bound
// to positions, plural variables resolved to their forms and ICU objects
// (number formatters, plural rules) opened. Rendering a template does no
// parsing and opens nothing new except for `%g` and numbers printed by `%@`.

/// What the compiled message is, after device and width rules.
indirect enum TemplateNode: Sendable {
    case format(Template)
    case widths([(width: Int, node: TemplateNode)])
    case devices([String: TemplateNode])
    case icu(ICUTemplate)
    case mf2(MF2Template)
}

/// One compiled printf-style format string.
///
/// Rendering walks `steps`, not `parts`: a step is trivially copyable (byte
/// ranges and unretained references), so going over a template costs no
/// reference counting at all. `parts` owns the objects the steps point at, so
/// the steps are valid as long as the template is.
final class Template: @unchecked Sendable {
    // @unchecked: `steps` and `literals` are written once in init and only
    // read afterwards; the template owns and frees them.
    let parts: [TemplatePart]
    /// Problems of the format string, reported on every render that uses it.
    let diagnostics: [Diagnostic]
    /// Highest argument index read + 1 (including plural variables, not their forms).
    let argumentCount: Int
    /// `parts` in order, as the renderer reads them.
    let steps: UnsafeMutableBufferPointer<TemplateStep>
    /// The UTF-8 of every literal part, one after another (`.text` steps are ranges of it),
    /// unless the template reads its literals from `borrowed`.
    let literals: UnsafeMutableBufferPointer<UInt8>
    /// The format string itself when the `.text` steps are ranges of its UTF-8: a long text
    /// whose literals are all slices of it is read in place, not copied (see `TemplateLiterals`).
    let borrowed: String?

    /// `source`: the format string the parts were compiled from.
    init(parts: [TemplatePart], diagnostics: [Diagnostic], argumentCount: Int, source: String? = nil) {
        // Literal text is copied into `literals` below (or read from `source`); its part is not
        // kept (a long translation would be held twice by every template compiled from it).
        self.parts = parts.filter { if case .text = $0 { return false } else { return true } }
        self.diagnostics = diagnostics
        self.argumentCount = argumentCount
        let layout = TemplateLiterals(parts: parts, source: source)
        self.literals = layout.literals
        self.steps = layout.steps
        self.borrowed = layout.borrowed
    }

    deinit {
        // `steps` may be a prefix of what was allocated; deallocating needs only the base.
        steps.baseAddress?.deallocate()
        literals.deallocate()
    }
}

/// One piece of a compiled format string, as compiled (owning its objects).
enum TemplatePart: Sendable {
    /// Literal text: a slice of the format string where it needs no unescaping.
    case text(Substring)
    /// The specifier and the argument it reads: one object serves every specifier of a
    /// format string written alike (a form of a million `%@` compiles one, not a million).
    case specifier(CompiledSpecifier, argument: Int)
    /// Specifiers written alike, one after another with no text between, reading one argument
    /// after another: a form of a million `%@` is one part, not a million.
    case repeated(SpecifierRun)
    case variable(CompiledVariable)
    /// A variable whose name the message does not define, or a cycle.
    case broken(BrokenVariable)

    static func brokenVariable(name: String, argumentIndex: Int, diagnostic: Diagnostic) -> TemplatePart {
        .broken(BrokenVariable(name: name, argumentIndex: argumentIndex, diagnostic: diagnostic))
    }
}

/// A `TemplatePart` as rendering reads it: a byte range of the template's
/// literals or an unretained reference to an object the template owns.
/// Copying a step never touches a reference count.
enum TemplateStep {
    case text(start: Int, count: Int)
    case specifier(Unmanaged<CompiledSpecifier>, argument: Int)
    case repeated(Unmanaged<SpecifierRun>)
    case variable(Unmanaged<CompiledVariable>)
    case broken(Unmanaged<BrokenVariable>)
}

/// A `%#@name@` that cannot be expanded: reported, and the argument shown as is.
final class BrokenVariable: Sendable {
    let name: String
    let argumentIndex: Int
    let diagnostic: Diagnostic

    init(name: String, argumentIndex: Int, diagnostic: Diagnostic) {
        self.name = name
        self.argumentIndex = argumentIndex
        self.diagnostic = diagnostic
    }
}

/// A specifier with the number formatter it will use already opened.
final class CompiledSpecifier: Sendable {
    let spec: FormatSpecifier
    /// For a plain `%d %i %u %f %.Nf` (`TemplateCompiler.formatter(for:)`): the skeleton
    /// formatter of the hot path, for the requested locale.
    let formatter: NumberFormat?
    /// For every localized conversion (`%d %i %u %f %e %g`, any width and flags): the
    /// whole field as CoreFoundation prints it.
    let printfFormat: PrintfNumberFormat?
    /// Copies of the fields rendering reads, so it never copies `spec`
    /// (whose texts would cost reference counting on every render).
    let conversion: FormatSpecifier.Conversion
    let width: Int?
    let precision: Int?
    let length: FormatSpecifier.Length
    let flags: FormatSpecifier.Flags
    /// `formatter` unretained (this object owns it), for the hot path.
    let formatterRef: Unmanaged<NumberFormat>?
    /// `%d %i %u` with a formatter (no width, precision or flags but ' '): the digits go
    /// straight from ICU into the output (the common case, see `SpecifierFormatting.field`).
    let plainInteger: Bool
    /// `%.Nf` (or `%f`) with a formatter and no width: its fraction digits; the
    /// digits go straight from ICU into the output (see `SpecifierFormatting.field`).
    let plainFixedDigits: Int?

    init(spec: FormatSpecifier, formatter: NumberFormat?, printfFormat: PrintfNumberFormat?) {
        self.spec = spec
        self.formatter = formatter
        self.printfFormat = printfFormat
        self.formatterRef = formatter.map { Unmanaged.passUnretained($0) }
        self.conversion = spec.conversion
        self.width = spec.width
        self.precision = spec.precision
        self.length = spec.length
        self.flags = spec.flags
        self.plainInteger =
            (spec.conversion == .signedInteger || spec.conversion == .unsignedInteger) && formatter != nil
        self.plainFixedDigits =
            spec.conversion == .fixed && formatter != nil && spec.width == nil ? min(spec.precision ?? 6, 20) : nil
    }
}

/// A plural variable bound to its argument, with its forms compiled.
final class CompiledVariable: @unchecked Sendable {
    // @unchecked: `formSteps` is written once in init, then only read.
    let name: String
    let argumentIndex: Int
    /// How the value is formatted for selection (from NSStringFormatValueTypeKey).
    let valueType: ValueType
    let forms: [PluralCategory: Template]
    /// `forms` indexed by `PluralCategory.allCases` order (no hashing while rendering).
    let formTable: [Template?]
    /// `formTable` unretained (`forms` owns the templates): reading a form costs no reference counting.
    let formSteps: UnsafeMutableBufferPointer<Unmanaged<Template>?>
    let rules: PluralRules?
    /// The formatter selection uses for integer and fixed value types, opened at compile time.
    let selectFormatter: NumberFormat?
    /// For an integer value type with rules and a formatter (the common
    /// case): the integer's size and those two unretained (this object owns
    /// them), so selecting costs no reference counting.
    let integerSelection: (length: FormatSpecifier.Length, signed: Bool,
                           rules: Unmanaged<PluralRules>, formatter: Unmanaged<NumberFormat>)?
    /// For a fixed value type (`f` whose forms print `%.2f`) with rules and a
    /// formatter: the digits and those two unretained, as `integerSelection`.
    let fixedSelection: (digits: Int, rules: Unmanaged<PluralRules>, formatter: Unmanaged<NumberFormat>)?
    let diagnostics: [Diagnostic]
    /// Stands for the variable in integer-size diagnostics.
    let selectionSpecifier: FormatSpecifier
    /// `[(name, category)]` for each category in `allCases` order: a render's
    /// plural choices when this is its only variable (shared, not rebuilt).
    let choices: [[(variable: String, category: PluralCategory)]]

    init(
        name: String, argumentIndex: Int, valueType: ValueType, forms: [PluralCategory: Template], rules: PluralRules?,
        selectFormatter: NumberFormat?, diagnostics: [Diagnostic]
    ) {
        self.name = name
        self.argumentIndex = argumentIndex
        self.valueType = valueType
        self.forms = forms
        self.formTable = PluralCategory.allCases.map { forms[$0] }
        self.formSteps = .allocate(capacity: PluralCategory.allCases.count)
        for (i, c) in PluralCategory.allCases.enumerated() {
            (formSteps.baseAddress! + i).initialize(to: forms[c].map { Unmanaged.passUnretained($0) })
        }
        self.choices = PluralCategory.allCases.map { [(variable: name, category: $0)] }
        self.rules = rules
        self.selectFormatter = selectFormatter
        if case .integer(let length, let signed) = valueType, let rules, let selectFormatter {
            integerSelection = (length, signed, Unmanaged.passUnretained(rules), Unmanaged.passUnretained(selectFormatter))
        } else {
            integerSelection = nil
        }
        if case .fixed(let digits) = valueType, let rules, let selectFormatter {
            fixedSelection = (digits, Unmanaged.passUnretained(rules), Unmanaged.passUnretained(selectFormatter))
        } else {
            fixedSelection = nil
        }
        self.diagnostics = diagnostics
        var length = FormatSpecifier.Length.none
        var signed = true
        if case .integer(let l, let s) = valueType { length = l; signed = s }
        self.selectionSpecifier = FormatSpecifier(
            conversion: signed ? .signedInteger : .unsignedInteger, flags: .init(), width: nil, precision: nil, length: length,
            position: nil, argumentIndex: argumentIndex, utf8Range: 0..<0, text: "%#@\(name)@")
    }

    deinit { formSteps.deallocate() }
}

/// A plural variable's value type, read once.
enum ValueType: Sendable {
    /// `d`, `ld`, `u`…: the value is an integer of that size.
    case integer(FormatSpecifier.Length, signed: Bool)
    /// `.1f`, or `f`/none whose forms agree on `%.1f`: fixed with that many fraction digits.
    case fixed(Int)
    /// `f` whose forms agree on no precision: the shortest decimal that gives
    /// the value back (0.81 → "0.81", 5.0 → "5"); a decimal argument as written.
    case shortest
    /// `e`, `g`: formatted as printf would, then selected on that.
    case printf(FormatSpecifier)
    /// Absent: the number as written (a Double as its shortest decimal).
    case asWritten

    var isInteger: Bool { if case .integer = self { return true } else { return false } }
}

/// An ICU MessageFormat message (a table whose name ends in `.icu`).
struct ICUTemplate: Sendable {
    var pattern: String
    var format: MessageFormat?
    /// The same pattern with every shown argument in FSI … PDI: made when the
    /// localization that serves it is right-to-left (`RenderState.isolate`).
    var isolatedFormat: MessageFormat?
    var arguments: [ICUMessageArgument]
    var usesNames: Bool
    var diagnostics: [Diagnostic]
}

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
