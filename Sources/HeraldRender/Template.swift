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
