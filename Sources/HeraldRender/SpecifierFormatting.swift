import HeraldICU
import HeraldJSON
import Glibc
import HeraldDiagnostics

// Turning one argument into the text of one specifier, the way
// `String.localizedStringWithFormat` does: `%d %i %u %f %e %g` through the
// locale's number formatter, `%x %o %c %s %@` never localized.

/// The mutable state of one render.
///
/// It holds nothing that needs reference counting on the common path: the
/// arguments as a borrowed buffer (valid for the render, see
/// `Renderer.render(_:locale:arguments:options:)`), the compiled entry
/// unretained, the digits of the last selected integer inline.
struct RenderState {
    let arguments: UnsafeBufferPointer<RenderArgument>
    /// Arguments past `arguments`, as runs of equal values (the linter's samples for a message
    /// of very many arguments): index i ≥ `arguments.count` reads `tail[i]`.
    let tail: RenderArgumentRuns?
    /// How many arguments were given.
    let argumentCount: Int
    /// The entry being rendered (it outlives the render; its caller holds it).
    private let compiled: Unmanaged<Renderer.Compiled>
    let isolate: Bool
    /// Why the message could not be formatted at all (`RenderError.formatFailed`); the
    /// first reason said wins.
    var failure: String?
    /// Arguments read so far: bits for the first 64, more bits beyond (no allocation in the common case).
    private var usedMask: UInt64 = 0
    /// Arguments from 64 on that were read, one bit each (a set of a million indices took
    /// ~17 MB for a form of a million `%@`; these bits take 128 KB).
    private var usedBeyond: [UInt64] = []
    private var notNumberReported: UInt64 = 0
    var diagnostics: [Diagnostic] = []
    /// `diagnostics` as a set, to say each once.
    private var reported = Set<Diagnostic>()
    var plural: [(variable: String, category: PluralCategory)] = []

    mutating func choose(_ category: PluralCategory, for variable: String) {
        if let i = plural.firstIndex(where: { $0.variable == variable }) {
            plural[i].category = category
        } else {
            plural.append((variable, category))
        }
    }
    /// The last integer a plural variable formatted: (argument, formatter,
    /// value); its text is `lastIntegerDigits`. The form's own `%d` usually
    /// shows the same number with the same formatter and copies the digits.
    var lastInteger: (index: Int, formatter: UnsafeMutableRawPointer, value: Int64)?
    /// The argument a fixed plural variable last formatted (`%.2f`) and the
    /// formatter: an argument's value never changes during a render, so the same
    /// pair is the same text. Its text is `lastIntegerDigits` too; both are
    /// cleared before `lastIntegerDigits` is filled, so at most one describes it.
    var lastFixed: (index: Int, formatter: UnsafeMutableRawPointer)?
    var lastIntegerDigits = DigitScratch()

    init(arguments: UnsafeBufferPointer<RenderArgument>, tail: RenderArgumentRuns? = nil, compiled: Renderer.Compiled, isolate: Bool) {
        self.arguments = arguments
        self.tail = tail
        self.argumentCount = max(arguments.count, tail?.count ?? 0)
        self.compiled = Unmanaged.passUnretained(compiled)
        self.isolate = isolate
    }

    /// The message cannot be formatted: the render fails with `reason` (also said as
    /// an `icu` error, for the paths that render without failing: the linter's).
    @inline(never)
    mutating func fail(_ reason: String) {
        if failure == nil { failure = reason }
        diagnose(.error, .icu, "ICU MessageFormat could not format: \(reason)")
    }

    /// The requested locale: it formats the numbers.
    var numberLocale: LocaleID { compiled._withUnsafeGuaranteedRef { $0.numberLocale } }

    /// True when every argument was read (the common case: nothing to report).
    var allArgumentsUsed: Bool {
        let n = argumentCount
        if n > 64 { return false }
        return n == 64 ? usedMask == UInt64.max : usedMask & ((1 << UInt64(n)) - 1) == (1 << UInt64(n)) - 1
    }

    /// The arguments no specifier read, 1-based, as runs (`2`, `5–9`): the first
    /// `unusedRunsListed` runs written out, then how many more. Nil when every one was read.
    /// (A list of each number was megabytes for a form that reads one of half a million.)
    var unusedArguments: (text: String, count: Int)? {
        var runs: [String] = []
        var more = 0
        var count = 0
        var start: Int? = nil
        func close(_ end: Int) {
            guard let s = start else { return }
            count += end - s + 1
            if runs.count < Self.unusedRunsListed { runs.append(s == end ? "\(s)" : "\(s)–\(end)") } else { more += 1 }
            start = nil
        }
        for i in 0..<argumentCount {
            let used = i < 64 ? usedMask & (1 << UInt64(i)) != 0 : wasUsedBeyond(i)
            if used { close(i) } else if start == nil { start = i + 1 }
        }
        close(argumentCount)
        guard count > 0 else { return nil }
        return (runs.joined(separator: ", ") + (more > 0 ? " and \(more) more" : ""), count)
    }

    /// How many runs of unused arguments a diagnostic writes out.
    static let unusedRunsListed = 20

    private func wasUsedBeyond(_ index: Int) -> Bool {
        let word = (index - 64) >> 6
        return word < usedBeyond.count && usedBeyond[word] & (1 << UInt64((index - 64) & 63)) != 0
    }

    /// Arguments whose fraction a whole-number specifier dropped (said once each).
    var fractionDropped = Set<Int>()

    mutating func diagnose(_ severity: Diagnostic.Severity, _ rule: Diagnostic.Rule, _ message: String) {
        diagnose(Diagnostic(rule, severity, message))
    }

    /// Records `d` unless the same was said already.
    mutating func diagnose(_ d: Diagnostic) {
        // A set answers "already said?": searching the list was quadratic in the
        // diagnostics of one render (thousands for a string of thousands of specifiers).
        if reported.insert(d).inserted { diagnostics.append(d) }
    }

    /// The argument at `index`, marking it used; nil (with a diagnostic) when missing.
    /// Inlined so the description closure (built only for a diagnostic) costs nothing.
    @inline(__always)
    mutating func argument(_ index: Int, for what: @autoclosure () -> String) -> RenderArgument? {
        guard index >= 0, index < arguments.count else { return argument(beyond: index, what) }
        markUsed(index)
        return arguments[index]
    }

    @inline(__always)
    private mutating func markUsed(_ index: Int) {
        if index < 64 {
            usedMask |= 1 << UInt64(index)
        } else {
            // Set in place (a copy per read was quadratic in a form of many `%@`).
            let word = (index - 64) >> 6
            if word >= usedBeyond.count { usedBeyond.append(contentsOf: repeatElement(0, count: word + 1 - usedBeyond.count)) }
            usedBeyond[word] |= 1 << UInt64((index - 64) & 63)
        }
    }

    /// An argument past the list: from `tail`, or missing (diagnosed).
    @inline(never)
    private mutating func argument(beyond index: Int, _ what: () -> String) -> RenderArgument? {
        guard index >= 0, index < argumentCount, let tail else {
            diagnose(.error, .missingArgument, "\(what()) reads argument \(index + 1), but only \(argumentCount) given; left empty")
            return nil
        }
        markUsed(index)
        return tail[index]
    }

    /// The argument read as a number. A string that is not a number gives nil (diagnosed).
    @inline(__always)
    mutating func number(_ argument: RenderArgument, index: Int, for what: @autoclosure () -> String) -> NumericValue? {
        switch argument {
        case .number(let n): return n
        case .string(let s): return number(text: s, index: index, what)
        }
    }

    @inline(never)
    private mutating func number(text s: String, index: Int, _ what: () -> String) -> NumericValue? {
        let trimmed = s.trimmingNumberPadding()
        if let n = NumericValue(literal: trimmed) { return n }
        // One report per argument (a plural variable and its form's %d read the same one).
        let bit: UInt64 = index < 64 ? 1 << UInt64(index) : 0
        if bit == 0 || notNumberReported & bit == 0 {
            notNumberReported |= bit
            diagnose(.error, .notANumber, "\(what()) expects a number, but argument \(index + 1) is \(Excerpt.quoted(s)); inserted as text")
        }
        return nil
    }
}

extension String {
    /// The text without the padding around a number given as text: ASCII spaces, tabs and
    /// line feeds, and the bidi isolates and marks (U+2066–U+2069, U+200E, U+200F, U+061C)
    /// that a caller wraps outside text in (the stage isolates every `loc-args` value) —
    /// so `"\u{2068}1\u{2069}"` is the number 1 for a plural, not text that falls to `other`.
    func trimmingNumberPadding() -> String {
        func isPadding(_ u: Unicode.Scalar) -> Bool {
            switch u.value {
            case 0x20, 0x09, 0x0A, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
            default: return false
            }
        }
        var s = Substring(self).unicodeScalars
        while let f = s.first, isPadding(f) { s = s.dropFirst() }
        while let l = s.last, isPadding(l) { s = s.dropLast() }
        return String(String.UnicodeScalarView(s))
    }
}

/// An integer as a specifier of some size reads it.
enum SizedInteger {
    case signed(Int64)
    case unsigned(UInt64)

    var text: String {
        switch self {
        case .signed(let v): return String(v)
        case .unsigned(let v): return String(v)
        }
    }
    func sameValue(as other: SizedInteger) -> Bool {
        switch (self, other) {
        case (.signed(let a), .signed(let b)): return a == b
        case (.unsigned(let a), .unsigned(let b)): return a == b
        case (.signed(let a), .unsigned(let b)), (.unsigned(let b), .signed(let a)): return a >= 0 && UInt64(a) == b
        }
    }

    var bits: UInt64 {
        switch self {
        case .signed(let v): return UInt64(bitPattern: v)
        case .unsigned(let v): return v
        }
    }
}

enum SpecifierFormatting {
    static let isolateStart = "\u{2068}"
    static let isolateEnd = "\u{2069}"

    /// Appends the whole field for `c` (padded, isolated); nothing when the argument is missing.
    static func field(_ c: CompiledSpecifier, argument index: Int, state: inout RenderState, into out: inout RenderBuffer) {
        guard let arg = state.argument(index, for: "'\(Excerpt.escaped(c.spec.text))'") else { return }
        var body: String
        var zeroPaddable = false
        switch c.conversion {
        case .object, .cString:
            switch arg {
            case .string(let s):
                if c.precision == nil, c.width == nil {
                    // The common `%@` with a string: straight into the output.
                    if state.isolate { out.appendIsolateStart() }
                    out += s
                    if state.isolate { out.appendIsolateEnd() }
                    return
                }
                body = s
            case .number(let n):
                if c.conversion == .cString {
                    body = n.description
                } else {
                    body = (try? NumberFormat.asWritten(n, locale: state.numberLocale).format(n)) ?? n.description
                }
            }
            if let p = c.precision { body = String(body.prefix(p)) }
        case .character(let wide):
            switch arg {
            case .string(let s): body = s.first.map { String($0) } ?? ""
            case .number(let n):
                let v = integer(n, length: wide ? .h : .hh, signed: false, text: c.spec.text, index: index, state: &state).bits
                body = Unicode.Scalar(UInt32(v)).map { String(Character($0)) } ?? "\u{FFFD}"
            }
        default:
            guard let n = state.number(arg, index: index, for: "'\(Excerpt.escaped(c.spec.text))'") else {
                body = arg.description
                break
            }
            if c.plainInteger, appendPlainInteger(n, c, index: index, state: &state, into: &out) { return }
            if let digits = c.plainFixedDigits, appendPlainFixed(n, digits: digits, c, index: index, state: &state, into: &out) { return }
            if let printf = c.printfFormat {
                // The whole field, width and padding included, as the device prints it.
                body = localized(n, c, printf, index: index, state: &state)
                break
            }
            zeroPaddable = true
            body = numeric(n, c, index: index, state: &state)
        }
        if let width = c.width, c.printfFormat == nil || zeroPaddable {
            let spec = c.spec
            let count = body.count
            if count < width {
                let pad = width - count
                if spec.flags.leftAlign {
                    body += String(repeating: " ", count: pad)
                } else if spec.flags.zeroPad && zeroPaddable {
                    body = zeroPad(body, count: pad, locale: state.numberLocale, localized: spec.conversion.isLocalized)
                } else {
                    body = String(repeating: " ", count: pad) + body
                }
            }
        }
        if state.isolate {
            out.appendIsolateStart()
            out += body
            out.appendIsolateEnd()
        } else {
            out += body
        }
    }

    /// `%d %i %u` without width or space flag: the localized digits go
    /// straight from ICU (or from the plural variable that just formatted the
    /// same value) into `out`, with no String in between. False when that is
    /// not possible (a value beyond Int64, ICU failing); the caller then takes
    /// the general path, which gives the same text or reports the problem.
    static func appendPlainInteger(
        _ n: NumericValue, _ c: CompiledSpecifier, index: Int, state: inout RenderState, into out: inout RenderBuffer
    ) -> Bool {
        // The device reads every localized integer as a signed one of its size (`%u` of
        // 4294967295 shows -1, `%llu` above Int64.max shows negative).
        guard case .signed(let value) = integer(n, length: c.length, signed: true, text: c.spec.text, index: index, state: &state)
        else { return false }
        guard let formatterRef = c.formatterRef else { return false }
        if let last = state.lastInteger, last.index == index, last.value == value, last.formatter == formatterRef.toOpaque() {
            if state.isolate { out.appendIsolateStart() }
            out.append(state.lastIntegerDigits)
            if state.isolate { out.appendIsolateEnd() }
            return true
        }
        var digits = DigitScratch()
        guard digits.fill({ buffer in formatterRef._withUnsafeGuaranteedRef { $0.format(value, into: buffer) } }) else { return false }
        if state.isolate { out.appendIsolateStart() }
        out.append(digits)
        if state.isolate { out.appendIsolateEnd() }
        return true
    }

    /// `%.Nf` without width: the localized digits go straight from ICU (or from
    /// the fixed plural variable that just formatted the same value) into `out`.
    /// False when that is not possible (not finite, 1e100 or more, ICU failing);
    /// the caller then takes the general path, which gives the same text.
    static func appendPlainFixed(
        _ n: NumericValue, digits: Int, _ c: CompiledSpecifier, index: Int, state: inout RenderState, into out: inout RenderBuffer
    ) -> Bool {
        guard let formatterRef = c.formatterRef else { return false }
        if let last = state.lastFixed, last.index == index, last.formatter == formatterRef.toOpaque() {
            if state.isolate { out.appendIsolateStart() }
            out.append(state.lastIntegerDigits)
            if state.isolate { out.appendIsolateEnd() }
            return true
        }
        let d = double(n)
        var text = DigitScratch()
        guard text.fill({ buffer in
            formatterRef._withUnsafeGuaranteedRef { $0.formatAndSelect(fixed: d, digits: digits, rules: nil, into: buffer)?.count }
        }) else { return false }
        if state.isolate { out.appendIsolateStart() }
        out.append(text)
        if state.isolate { out.appendIsolateEnd() }
        return true
    }

    /// Zeros after the sign (the locale's zero digit for localized specifiers).
    static func zeroPad(_ body: String, count: Int, locale: LocaleID, localized: Bool) -> String {
        let zero: String =
            localized ? ((try? NumberFormat.decimal(fractionDigits: 0, locale: locale).format(Int64(0))) ?? "0") : "0"
        let prefix = body.prefix { !$0.isNumber && !$0.isLetter }
        let rest = body.dropFirst(prefix.count)
        // "0x1f" keeps its prefix before the zeros.
        var head = String(prefix)
        var tail = Substring(rest)
        if tail.hasPrefix("0x") || tail.hasPrefix("0X") {
            head += tail.prefix(2)
            tail = tail.dropFirst(2)
        }
        return head + String(repeating: zero, count: count) + tail
    }

    /// Reads `n` as the integer a specifier of `length` receives (wrapping like C).
    /// `text` is the specifier as written, for diagnostics (only evaluated for one).
    /// Inlined for the common case, an `.int` that fits: no call, no closure.
    @inline(__always)
    static func integer(
        _ n: NumericValue, length: FormatSpecifier.Length, signed: Bool, text: @autoclosure () -> String, index: Int,
        state: inout RenderState
    ) -> SizedInteger {
        if case .int(let i) = n {
            switch (length, signed) {
            case (.none, true): if i >= Int64(Int32.min) && i <= Int64(Int32.max) { return .signed(i) }
            case (.l, true), (.ll, true), (.q, true), (.j, true), (.z, true), (.t, true), (.L, true): return .signed(i)
            case (.none, false): if i >= 0 && i <= Int64(UInt32.max) { return .unsigned(UInt64(i)) }
            case (.l, false), (.ll, false), (.q, false), (.j, false), (.z, false), (.t, false), (.L, false):
                if i >= 0 { return .unsigned(UInt64(i)) }
            default: break
            }
        }
        return sizedInteger(n, length: length, signed: signed, text: text(), index: index, state: &state)
    }

    /// `integer` in full: wraps like C and reports what does not fit.
    @inline(never)
    static func sizedInteger(
        _ n: NumericValue, length: FormatSpecifier.Length, signed: Bool, text: @autoclosure () -> String, index: Int,
        state: inout RenderState
    ) -> SizedInteger {
        var wide: SizedInteger
        switch n {
        case .int(let i): wide = .signed(i)
        case .double(let d): wide = fromDouble(d, text: text(), index: index, state: &state)
        case .decimal(let s):
            if let i = Int64(s) {
                wide = .signed(i)
            } else if let u = UInt64(s) {
                wide = .unsigned(u)
            } else {
                wide = fromDouble(Double(s) ?? .nan, text: text(), index: index, state: &state)
            }
        }
        let bits = wide.bits
        let result: SizedInteger
        switch (length, signed) {
        case (.hh, true): result = .signed(Int64(Int8(truncatingIfNeeded: bits)))
        case (.h, true): result = .signed(Int64(Int16(truncatingIfNeeded: bits)))
        case (.none, true): result = .signed(Int64(Int32(truncatingIfNeeded: bits)))
        case (_, true): result = .signed(Int64(bitPattern: bits))
        case (.hh, false): result = .unsigned(UInt64(UInt8(truncatingIfNeeded: bits)))
        case (.h, false): result = .unsigned(UInt64(UInt16(truncatingIfNeeded: bits)))
        case (.none, false): result = .unsigned(UInt64(UInt32(truncatingIfNeeded: bits)))
        case (_, false): result = .unsigned(bits)
        }
        if !result.sameValue(as: wide) {
            let size: String
            switch length {
            case .hh: size = "8 bits"
            case .h: size = "16 bits"
            case .none: size = "32 bits"
            default: size = "64 bits"
            }
            state.diagnose(
                .warning, .integerOverflow,
                "argument \(index + 1) (\(wide.text)) does not fit '\(Excerpt.escaped(text()))' (\(size)\(signed ? ", signed" : ", unsigned")); shows \(result.text) as the device would — use %ld or %lld")
        }
        return result
    }

    static func fromDouble(_ d: Double, text: String, index: Int, state: inout RenderState) -> SizedInteger {
        guard d.isFinite else {
            state.diagnose(.error, .notANumber, "'\(Excerpt.escaped(text))' cannot show \(d) (argument \(index + 1)); shows 0")
            return .signed(0)
        }
        let t = d.rounded(.towardZero)
        // Said once per argument: a plural variable's selection (`%#@n@`) and the `%d` of its
        // form read the same argument.
        if t != d, state.fractionDropped.insert(index).inserted {
            state.diagnose(.warning, .fractionDropped, "'\(Excerpt.escaped(text))' shows whole numbers; the fraction of argument \(index + 1) (\(d)) is dropped")
        }
        if t >= 9.223372036854775807e18 {
            if t < 1.8446744073709551615e19 { return .unsigned(UInt64(t)) }
            state.diagnose(.warning, .integerOverflow, "argument \(index + 1) (\(d)) is larger than any 64-bit integer; capped")
            return .unsigned(UInt64.max)
        }
        if t < -9.223372036854775808e18 {
            state.diagnose(.warning, .integerOverflow, "argument \(index + 1) (\(d)) is smaller than any 64-bit integer; capped")
            return .signed(Int64.min)
        }
        return .signed(Int64(t))
    }

    /// printf through the C library for one double (POSIX locale digits).
    static func cFormat(_ conversion: String, flags: String, precision: Int?, _ value: Double) -> String {
        var fmt = "%" + flags
        if let precision { fmt += "." + String(min(precision, FormatStringParser.maximumWidth)) }
        fmt += conversion
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = withVaList([value]) { vsnprintf(&buffer, buffer.count, fmt, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, fmt, $0) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func double(_ n: NumericValue) -> Double { n.doubleValue }

    /// The whole field of a localized conversion (`%d %i %u %f %e %g`) as CoreFoundation
    /// prints it: an integer specifier reads a signed integer of its size (unsigned ones
    /// too, as the device does), the others a double.
    static func localized(_ n: NumericValue, _ c: CompiledSpecifier, _ format: PrintfNumberFormat, index: Int, state: inout RenderState) -> String {
        switch c.conversion {
        case .signedInteger, .unsignedInteger:
            let v = integer(n, length: c.length, signed: true, text: c.spec.text, index: index, state: &state)
            return format.format(Int64(bitPattern: v.bits))
        default:
            return format.format(double(n))
        }
    }

    /// The text of a conversion that is not localized (no padding).
    static func numeric(_ n: NumericValue, _ c: CompiledSpecifier, index: Int, state: inout RenderState) -> String {
        switch c.conversion {
        case .hex, .octal:
            let spec = c.spec
            let v = integer(n, length: spec.length, signed: false, text: spec.text, index: index, state: &state).bits
            var digits: String
            var prefix = ""
            if case .hex(let up) = spec.conversion {
                digits = String(v, radix: 16, uppercase: up)
                if spec.flags.alternate, v != 0 { prefix = up ? "0X" : "0x" }
            } else {
                digits = String(v, radix: 8)
                if spec.flags.alternate, !digits.hasPrefix("0") { prefix = "0" }
            }
            if let p = spec.precision, digits.count < p { digits = String(repeating: "0", count: p - digits.count) + digits }
            return prefix + digits
        case .pointer:
            let spec = c.spec
            let v = integer(n, length: .l, signed: false, text: spec.text, index: index, state: &state).bits
            return "0x" + String(v, radix: 16)
        case .hexFloat(let upper):
            let spec = c.spec
            var flags = ""
            if spec.flags.plusSign { flags += "+" }
            if spec.flags.alternate { flags += "#" }
            return cFormat(upper ? "A" : "a", flags: flags, precision: spec.precision, double(n))
        default:
            return n.description
        }
    }
}
