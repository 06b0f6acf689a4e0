import HeraldICU
import HeraldRender
import HeraldTables
import HeraldJSON
import HeraldDiagnostics

/// How a specifier reads its argument, coarsely: what must agree between a
/// source string and its translation for the same argument list to work.
enum ArgumentClass: String, Sendable, Hashable {
    /// `%@`.
    case object
    /// `%s %S`: a C string.
    case cString
    /// `%d %i %u %x %o %c %p`: an integer register.
    case integer
    /// `%f %e %g %a`: a floating-point register.
    case floating
    /// A plural variable (`%#@files@`, `%arg`): a number, integer or floating.
    case number

    func compatible(with other: ArgumentClass) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.number, .integer), (.number, .floating), (.integer, .number), (.floating, .number): return true
        default: return false
        }
    }

    var label: String {
        switch self {
        case .object: return "an object (%@)"
        case .cString: return "a C string (%s)"
        case .integer: return "an integer"
        case .floating: return "a floating-point number"
        case .number: return "a plural number"
        }
    }
}

/// One reading of an argument: its class, whether an integer reads 64 bits, and the text written.
struct ArgumentUse: Sendable, Hashable {
    var argClass: ArgumentClass
    /// For integers: true for `l ll q z t j` (64-bit), false for none/h/hh; nil otherwise.
    var wide: Bool?
    var text: String
}

/// A format problem found in one text of a message.
struct LocatedProblem: Sendable {
    var problem: FormatProblem
    var text: SourceText
}

/// The format problems of a message's texts: per text the first few described (one
/// more than the linter lists, so it can say which rule the rest start with), the
/// others only counted by origin. A string of a million bad specifiers keeps 21.
struct MessageProblems: Sendable {
    /// Described per text.
    static let keptPerText = LintRun.problemsPerText + 1
    /// In order of their texts.
    var listed: [LocatedProblem] = []
    /// Problems past the described ones, by the origin of their text.
    var unlisted: [Origin: Int] = [:]

    /// Adds `parsed`'s problems, found in `text`; `skipMixed`: its mixed-positional problem is not one.
    mutating func add(_ parsed: ParsedFormat, in text: SourceText, skipMixed: Bool) {
        var kept = 0
        for p in parsed.problems where !(skipMixed && p.kind == .mixedPositional) {
            guard kept < Self.keptPerText else { break }
            listed.append(LocatedProblem(problem: p, text: text))
            kept += 1
        }
        let total = parsed.problemCount - (skipMixed && parsed.mixesPositions ? 1 : 0)
        if total > kept { unlisted[text.origin, default: 0] += total - kept }
    }
}

/// What a message's format strings read and what is wrong with them.
struct MessageArguments: Sendable {
    /// 0-based argument → every reading of it.
    var uses = ArgumentUses()
    var problems = MessageProblems()
    /// True when the message is evidently a format string: a specifier that
    /// is not accidental, a `%%`, or a plural format.
    var isFormat = false
    /// Plural variables the format strings never reference: their names and origins, not
    /// copies of the variables (a message of thousands holds them once, in the message).
    var unusedVariables: [UnusedVariable] = []
    struct UnusedVariable: Sendable {
        var name: String
        var origin: Origin
    }
    /// Plural forms that never show their variable's own number (`ваш билет`
    /// where the others read `ваши %d билета`), for `plural-count-omitted`.
    var silentForms: [SilentForm] = []

    struct SilentForm: Sendable {
        var variable: PluralVariable
        var category: PluralCategory
        var text: SourceText
        /// The number it shows instead of its own, when it prints another argument as a
        /// number (`%2$ld` in a form of the variable counting argument 1), for
        /// `plural-form-argument`; nil when it shows no number at all.
        var foreign: (argument: Int, text: String)? = nil
    }
    /// Specifiers with a space after the '%' (`% @`, `% d`): reported as accidental-specifier,
    /// not counted as uses, but a device reads them (the space is a flag): the argument they
    /// read, how, and where they stand, so a translation's `Von % @` for `From %@` is one
    /// finding (the spacing), not a second one saying the value is never shown.
    var spacedUses: [SpacedUse] = []
    struct SpacedUse: Sendable {
        var argument: Int
        var use: ArgumentUse
        var origin: Origin
        var utf8Range: Range<Int>
    }
    /// For a plain message whose arguments are all objects: its rendered text (see `objectsOnlyOutput`).
    var staticOutput: String? = nil
    /// The variable whose forms were not read because the message's variables refer to
    /// each other more than `expansionLimit` times (nil when everything was read).
    var stoppedAt: PluralVariable? {
        get { stoppedAtStorage.first }
        set { stoppedAtStorage = newValue.map { [$0] } ?? [] }
    }
    /// Variables the format strings reach (by names in forms) whose forms the analysis
    /// did not read because it stopped at `expansionLimit`: used, but not checked.
    /// Empty unless `stoppedAt` is set.
    var unexploredVariables: Set<String> = []
    /// `stoppedAt` out of line: a variable is ~100 bytes, almost never set, and the
    /// linter keeps one analysis per source key (hundreds of thousands in a large table).
    private var stoppedAtStorage: [PluralVariable] = []

    /// The most plural-variable expansions one message's analysis reads: each variable
    /// is read once per argument it is read as, so only a message with hundreds of
    /// variables reaches it (the renderer's compile budget is of the same size).
    static let expansionLimit = 256
    /// Variables already read (name and argument): reading one again adds nothing, and
    /// re-reading each reference made nested plurals exponential (six levels of six forms
    /// were 6⁶ scans).
    private var expanded = Set<VariableUse>()
    /// How many variable forms' sets were read (each variable once per argument).
    var expansions: Int { expanded.count }
    private struct VariableUse: Hashable {
        var name: String
        var argument: Int
        var substitution: Bool
    }

    mutating func add(_ index: Int, _ use: ArgumentUse) {
        uses.append(use, at: index)
    }

    /// Argument `index` (0-based) is passed as a number though no text read here reads it:
    /// a plural form's count, which the message passes whatever the form shows.
    mutating func supply(_ index: Int) {
        guard uses[index] == nil else { return }
        add(index, ArgumentUse(argClass: .number, wide: nil, text: "%#@…@"))
        signature = makeSignature()
    }

    /// Analyzes every format string of `message`. `substitutions`: `%arg` is
    /// recognised in plural forms (String Catalogs).
    static func analyze(_ message: Message, substitutions: Bool) -> MessageArguments {
        var out = MessageArguments()
        out.walk(message, substitutions: substitutions, depth: 0)
        out.signature = out.makeSignature()
        return out
    }

    private mutating func walk(_ message: Message, substitutions: Bool, depth: Int) {
        guard depth < 16 else { return }
        switch message {
        case .plain(let t):
            let parsed = scan(t, firstArgument: 0, substitutionArgument: false, variable: nil, variables: [:], visiting: [])
            if depth == 0, parsed.problems.isEmpty { staticOutput = Self.objectsOnlyOutput(parsed) }
        case .plural(let format, let variables):
            isFormat = true
            var used = Set<String>()
            scan(format, firstArgument: 0, substitutionArgument: false, variable: nil, variables: variables, visiting: [], used: &used)
            if stoppedAt != nil {
                // The forms past the limit were not read, so what they name is unknown to
                // `used`: a variable is unused only when no chain of names reaches it.
                let reached = Self.reachable(from: used, in: variables)
                unexploredVariables = reached.subtracting(expanded.lazy.map(\.name))
                used = reached
            }
            for name in variables.keys.sorted() where !used.contains(name) {
                if let v = variables[name] { unusedVariables.append(UnusedVariable(name: v.name, origin: v.origin)) }
            }
            _ = substitutions
        case .widths(let ws):
            for w in ws { walk(w.message, substitutions: substitutions, depth: depth + 1) }
        case .devices(let ds):
            for name in ds.keys.sorted() {
                if let m = ds[name] { walk(m, substitutions: substitutions, depth: depth + 1) }
            }
        case .phrases:
            // App Shortcuts phrases are not format strings: no arguments.
            break
        }
    }

    /// The variables named from `start` on, following the names each one's forms hold:
    /// each variable's forms are parsed once, however many forms name it.
    static func reachable(from start: Set<String>, in variables: [String: PluralVariable]) -> Set<String> {
        var seen = start
        var pending = Array(start)
        while let name = pending.popLast() {
            guard let v = variables[name] else { continue }
            for (_, form) in v.forms {
                for s in FormatStringParser.parse(form.value).specifierSequence {
                    if case .variable(let next) = s.conversion, seen.insert(next).inserted { pending.append(next) }
                }
            }
        }
        return seen
    }

    @discardableResult
    private mutating func scan(
        _ t: SourceText, firstArgument: Int, substitutionArgument: Bool, variable: PluralVariable?,
        variables: [String: PluralVariable], visiting: Set<String>
    ) -> ParsedFormat {
        var used = Set<String>()
        return scan(t, firstArgument: firstArgument, substitutionArgument: substitutionArgument, variable: variable, variables: variables, visiting: visiting, used: &used)
    }

    @discardableResult
    private mutating func scan(
        _ t: SourceText, firstArgument: Int, substitutionArgument: Bool, variable: PluralVariable?,
        variables: [String: PluralVariable], visiting: Set<String>, used: inout Set<String>
    ) -> ParsedFormat {
        let parsed = FormatStringParser.parse(t.value, firstArgument: firstArgument, substitutionArgument: substitutionArgument)
        // String Catalogs: `%#@photos@` reads the argument its substitution's argNum names,
        // so next to `%1$@` it is not a sequential specifier.
        problems.add(parsed, in: t, skipMixed: !parsed.mixesPositions { variables[$0]?.argNum != nil })
        if !isFormat, Self.hasEscapedPercent(t.value) { isFormat = true }
        for s in parsed.specifierSequence {
            // An accidental specifier ("50% a day") is reported on its own, not as an argument.
            if s.isAccidental {
                if let index = s.argumentIndex { spacedUses.append(SpacedUse(argument: index, use: Self.use(of: s), origin: t.origin, utf8Range: s.utf8Range)) }
                continue
            }
            // "100 % los" parses as '% lo': a percent sign, a space and a word. Such a
            // specifier alone does not make a string a format string (it still reads an
            // argument when the string is formatted).
            let spaced = s.flags.space && s.position == nil && s.width == nil && s.precision == nil
            if !spaced { isFormat = true }
            guard let index = s.argumentIndex else { continue }
            switch s.conversion {
            case .variable(let name):
                used.insert(name)
                let v = variables[name]
                let argIndex = v?.argNum.map { max(0, $0 - 1) } ?? index
                add(argIndex, ArgumentUse(argClass: .number, wide: nil, text: s.text))
                if let v, !visiting.contains(name),
                    expanded.insert(VariableUse(name: name, argument: argIndex, substitution: v.argNum != nil)).inserted
                {
                    guard expanded.count <= Self.expansionLimit else {
                        if stoppedAt == nil { stoppedAt = v }
                        continue
                    }
                    // `%1$d %2$#@accounts@`: the text around the variable prints the number, its
                    // forms are the noun that follows it ("konti") and need not print it again.
                    let numberAround = parsed.specifierSequence.contains { o in
                        if case .variable = o.conversion { return false }
                        return o.argumentIndex != nil && [.integer, .floating].contains(Self.use(of: o).argClass)
                    }
                    for (c, form) in v.forms {
                        let p = scan(form, firstArgument: argIndex, substitutionArgument: v.argNum != nil, variable: v, variables: variables, visiting: visiting.union([name]), used: &used)
                        if !Self.shows(argIndex, in: p) {
                            let foreign = Self.foreignNumber(in: p)
                            if foreign == nil, numberAround { continue }
                            silentForms.append(SilentForm(variable: v, category: c, text: form, foreign: foreign))
                        }
                    }
                }
            case .substitutionArgument:
                let argIndex = variable?.argNum.map { max(0, $0 - 1) } ?? index
                add(argIndex, ArgumentUse(argClass: .number, wide: nil, text: s.text))
            default:
                add(index, Self.use(of: s))
            }
        }
        return parsed
    }

    /// Whether a plural form prints its own number: `%arg`, a specifier
    /// reading argument `index`, or a nested variable (not followed here).
    static func shows(_ index: Int, in parsed: ParsedFormat) -> Bool {
        parsed.specifierSequence.contains { s in
            switch s.conversion {
            case .substitutionArgument, .variable: return true
            default: return s.argumentIndex == index
            }
        }
    }

    /// The first specifier of a plural form that prints an argument as a number (integer
    /// or floating conversion): in a form that does not show its own number, that number
    /// is another argument's.
    static func foreignNumber(in parsed: ParsedFormat) -> (argument: Int, text: String)? {
        for s in parsed.specifierSequence {
            guard let index = s.argumentIndex else { continue }
            switch use(of: s).argClass {
            case .integer, .floating: return (index, s.text)
            default: continue
            }
        }
        return nil
    }

    /// The text a plain message renders to when every specifier is `%@`
    /// (or `%s`) and nothing is wrong: its literal text with the sample in
    /// each place. Nil when the renderer must run (numbers, plurals, problems).
    static func objectsOnlyOutput(_ parsed: ParsedFormat) -> String? {
        var out = ""
        // At most the sample per 2 bytes of format: a specifier is 2 bytes or more and becomes
        // the sample, text stays as long or shrinks (`%%`). Reserved once: growing by doubling
        // held 4 MB for the 1.5 MB rendering of a 1 MiB run of `%@`.
        out.reserveCapacity((parsed.source.utf8.count / 2 + 1) * max(2, LintRun.sampleText.utf8.count))
        for seg in parsed.segments {
            switch seg {
            case .literal(let l): out += l
            case .invalid: return nil
            case .specifier(let spec):
                switch spec.conversion {
                case .object, .cString:
                    guard spec.width == nil, spec.precision == nil else { return nil }
                    out += LintRun.sampleText
                default: return nil
                }
            }
        }
        return out
    }

    /// True when `s` holds `%%` (a percent sign written for a format string).
    static func hasEscapedPercent(_ s: String) -> Bool {
        var previous: UInt8 = 0
        for b in s.utf8 {
            if b == 0x25 && previous == 0x25 { return true }
            previous = b == 0x25 && previous == 0x25 ? 0 : b
        }
        return false
    }

    static func use(of s: FormatSpecifier) -> ArgumentUse {
        switch s.conversion {
        case .object: return ArgumentUse(argClass: .object, wide: nil, text: s.text)
        case .cString: return ArgumentUse(argClass: .cString, wide: nil, text: s.text)
        case .fixed, .exponent, .general, .hexFloat: return ArgumentUse(argClass: .floating, wide: nil, text: s.text)
        case .pointer: return ArgumentUse(argClass: .integer, wide: true, text: s.text)
        case .signedInteger, .unsignedInteger, .hex, .octal, .character:
            let wide: Bool
            switch s.length {
            case .l, .ll, .q, .z, .t, .j: wide = true
            default: wide = false
            }
            return ArgumentUse(argClass: .integer, wide: wide, text: s.text)
        case .variable, .substitutionArgument: return ArgumentUse(argClass: .number, wide: nil, text: s.text)
        }
    }

    /// Per argument: the classes and integer sizes it is read as, as bits.
    /// Two messages with equal signatures read their arguments alike.
    var signature: [UInt16] = []

    func makeSignature() -> [UInt16] {
        var sig = [UInt16](repeating: 0, count: argumentCount)
        for (index, list) in uses {
            var bits: UInt16 = 0
            for u in list {
                switch u.argClass {
                case .object: bits |= 1
                case .cString: bits |= 2
                case .integer: bits |= 4
                case .floating: bits |= 8
                case .number: bits |= 16
                }
                if let w = u.wide { bits |= w ? 32 : 64 }
            }
            sig[index] = bits
        }
        return sig
    }

    /// The number of arguments read (highest index + 1).
    var argumentCount: Int { uses.argumentCount }
}

/// Value types a plural variable may declare (NSStringFormatValueTypeKey /
/// formatSpecifier): a printf numeric conversion without `%`.
enum ValueType {
    /// Nil when `text` is a valid numeric conversion, else why not.
    static func problem(_ text: String) -> String? {
        var s = Substring(text)
        if s.hasPrefix("%") { s = s.dropFirst() }
        if s == "@" { return "'@' is not a number; plural selection needs a numeric type such as d, ld or f" }
        guard let last = s.last else { return "the value type is empty" }
        s = s.dropLast()
        let integer = "diuoxXDUOc"
        let floating = "fFeEgGaA"
        guard integer.contains(last) || floating.contains(last) else {
            return "'\(Excerpt.escaped(text))' is not a printf numeric conversion (d, ld, lld, u, f, .2f…)"
        }
        // Optional precision, then a length modifier.
        if s.hasPrefix(".") {
            s = s.dropFirst()
            s = s.drop { $0.isASCII && $0.isNumber }
        }
        let lengths: Set<Substring> = ["", "h", "hh", "l", "ll", "q", "z", "t", "j", "L"]
        guard lengths.contains(s) else { return "'\(Excerpt.escaped(text))' is not a printf numeric conversion (d, ld, lld, u, f, .2f…)" }
        return nil
    }

    /// True for integer conversions (`d`, `ld`, `u`…), where decimals never reach the plural rules.
    static func isInteger(_ text: String?) -> Bool {
        guard let last = text?.last else { return false }
        return "diuoxXDUOc".contains(last)
    }
}
