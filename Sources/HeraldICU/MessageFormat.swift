internal import CHeraldICU
import HeraldSync
import Glibc

/// An ICU MessageFormat pattern (`{count, plural, one {# item} other {# items}}`,
/// `{n, selectordinal, …}`, `{x, select, …}`, `{v, number, ::currency/EUR}`),
/// parsed once per pattern and locale and shared.
///
/// `#` and plural selection use the locale's default number format, which
/// drops trailing zeros: `.decimal("1.0")` shows "1" and selects `one` in
/// English. To show fraction digits, give the argument a skeleton
/// (`{n, number, ::.0}`) or format the number with `NumberFormat` first.
/// Arguments: NaN/infinite doubles and out-of-range decimals (see
/// `NumericValue.maxIntegerDigits`) are errors.
///
/// Made `isolated`, every argument that is shown (`{x}`, `{x, number}`,
/// `{x, date…}`, a plural's `#`) comes out wrapped in FSI U+2068 … PDI U+2069,
/// while the value reaches ICU as given: a `select` compares the string
/// itself, a plural the number. Dates (`{d, date, short}`, `{t, time}`,
/// `{d, date, ::yMMMd}`) are shown in the time zone `format` is given.
public final class MessageFormat: Sendable {
    /// One argument of a pattern.
    public enum Argument: Sendable, Hashable {
        case string(String)
        case number(NumericValue)
        /// Milliseconds since 1970 UTC.
        case date(Double)
    }

    private let handle: Locked<OpaquePointerBox>
    /// The pattern as given.
    public let pattern: String
    /// The locale it formats for.
    public let locale: LocaleID
    /// True for `{name}` arguments, false for `{0}`.
    public let usesNamedArguments: Bool
    /// True when shown arguments come out in FSI … PDI.
    public let isolated: Bool
    /// True when the pattern formats a date or a time (so the zone matters).
    public let formatsDates: Bool

    private struct Key: Hashable, Sendable {
        let pattern: String
        let isolated: Bool
    }

    /// By pattern and isolation.
    private static let cache = FormatterCache<Key, MessageFormat> { (locale, key) throws(ICUError) in
        try MessageFormat(pattern: key.pattern, locale: locale, isolated: key.isolated)
    }

    /// The compiled pattern for `locale` (cached).
    ///
    /// - Throws: `ICUError` with the offset when the pattern does not parse.
    public static func `for`(pattern: String, locale: LocaleID, isolated: Bool = false) throws(ICUError) -> MessageFormat {
        try cache.value(for: locale, Key(pattern: pattern, isolated: isolated))
    }

    private init(pattern: String, locale: LocaleID, isolated: Bool) throws(ICUError) {
        guard !pattern.utf8.contains(0) else {
            throw ICUError(message: "pattern contains NUL", operation: "message pattern", locale: locale.icuID, input: pattern)
        }
        let h = try icuOpen("message pattern", locale: locale, input: pattern) { status, offset in
            var line: Int32 = 0
            return hicu_message_open(pattern, locale.icuID, isolated ? 1 : 0, &line, offset, status)
        }
        self.pattern = pattern
        self.locale = locale
        self.isolated = isolated
        self.usesNamedArguments = hicu_message_uses_names(h) != 0
        self.formatsDates = hicu_message_has_dates(h) != 0
        self.handle = Locked(OpaquePointerBox(h))
    }

    deinit { handle.withLock { hicu_message_close($0.pointer) } }

    /// Formats with arguments by name ("count") or by number ("0"); dates are
    /// shown in the IANA `timeZone`.
    ///
    /// - Throws: `ICUError`, with `argument` the index of the argument at
    ///   fault when one is (a date argument given something else).
    public func format(_ arguments: [(name: String, value: Argument)], timeZone: String = "UTC") throws(ICUError) -> String {
        guard !timeZone.utf8.contains(0) else {
            throw ICUError(message: "time zone contains NUL", operation: "message format", locale: locale.icuID, input: pattern)
        }
        var names: [String] = []
        var kinds: [HICUMessageArgumentKind] = []
        var values: [String] = []
        var numbers: [Double] = []
        for (name, value) in arguments {
            names.append(name)
            switch value {
            case .string(let s):
                kinds.append(.string); values.append(s); numbers.append(0)
            case .number(let n):
                kinds.append(.decimal); values.append(n.description); numbers.append(0)
                if case .double(let d) = n, !d.isFinite {
                    var e = ICUError(message: "argument '\(name)' is not a finite number", operation: "message format", locale: locale.icuID, input: pattern)
                    e.argument = names.count - 1
                    throw e
                }
                if case .decimal(let text) = n, let problem = NumericValue.decimalProblem(text) {
                    var e = ICUError(message: "argument '\(name)': \(problem)", operation: "message format", locale: locale.icuID, input: pattern)
                    e.argument = names.count - 1
                    throw e
                }
            case .date(let ms):
                kinds.append(.date); values.append(""); numbers.append(ms)
            }
        }
        let count = Int32(arguments.count)
        // Values go by length: a string argument may hold NUL characters,
        // which a C string would cut short (found by fuzzing).
        var lengths: [Int32] = []
        for v in values {
            guard let n = Int32(exactly: v.utf8.count) else {
                throw ICUError(message: "an argument is too long", operation: "message format", locale: locale.icuID, input: pattern)
            }
            lengths.append(n)
        }
        // One buffer holding every value back to back (plus a final NUL, so it
        // is never empty); each argument points into it with its length.
        let joined: [CChar] = values.joined().utf8.map { CChar(bitPattern: $0) } + [0]
        return try withCStrings(names) { namePtrs throws(ICUError) in
            let result: Result<String, ICUError> = joined.withUnsafeBufferPointer { chars in
                guard let base = chars.baseAddress else {
                    return .failure(ICUError(message: "no argument buffer", operation: "message format", locale: locale.icuID, input: pattern))
                }
                var valuePtrs: [UnsafePointer<CChar>?] = []
                var offset = 0
                for n in lengths {
                    valuePtrs.append(base + offset)
                    offset += Int(n)
                }
                var failed: Int32 = -1
                do throws(ICUError) {
                    return .success(try handle.withLock { box throws(ICUError) in
                        try icuString(operation: "message format", locale: locale.icuID, input: pattern) {
                            hicu_message_format(box.pointer, timeZone, count, namePtrs, kinds, valuePtrs, lengths, numbers, $0, $1, &failed, $2)
                        }
                    })
                } catch {
                    var e = error
                    if failed >= 0 { e.argument = Int(failed) }
                    return .failure(e)
                }
            }
            return try result.get()
        }
    }
}

/// Calls `body` with a C array of NUL-terminated copies of `strings`.
func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws(ICUError) -> R
) throws(ICUError) -> R {
    var storage: [UnsafeMutablePointer<CChar>] = []
    storage.reserveCapacity(strings.count)
    defer { storage.forEach { free($0) } }
    for s in strings { storage.append(strdup(s)!) }
    var ptrs: [UnsafePointer<CChar>?] = storage.map { UnsafePointer($0) }
    ptrs.append(nil)
    return try ptrs.withUnsafeBufferPointer { buf throws(ICUError) in try body(buf.baseAddress!) }
}
