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

    /// By pattern.
    private static let cache = FormatterCache<String, MessageFormat> { (locale, pattern) throws(ICUError) in
        try MessageFormat(pattern: pattern, locale: locale)
    }

    /// The compiled pattern for `locale` (cached).
    ///
    /// - Throws: `ICUError` with the offset when the pattern does not parse.
    public static func `for`(pattern: String, locale: LocaleID) throws(ICUError) -> MessageFormat {
        try cache.value(for: locale, pattern)
    }

    private init(pattern: String, locale: LocaleID) throws(ICUError) {
        guard !pattern.utf8.contains(0) else {
            throw ICUError(message: "pattern contains NUL", operation: "message pattern", locale: locale.icuID, input: pattern)
        }
        let h = try icuOpen("message pattern", locale: locale, input: pattern) { status, offset in
            var line: Int32 = 0
            return hicu_message_open(pattern, locale.icuID, &line, offset, status)
        }
        self.pattern = pattern
        self.locale = locale
        self.usesNamedArguments = hicu_message_uses_names(h) != 0
        self.handle = Locked(OpaquePointerBox(h))
    }

    deinit { handle.withLock { hicu_message_close($0.pointer) } }

    /// Formats with arguments by name ("count") or by number ("0").
    public func format(_ arguments: [(name: String, value: Argument)]) throws(ICUError) -> String {
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
                    throw ICUError(message: "argument '\(name)' is not a finite number", operation: "message format", locale: locale.icuID, input: pattern)
                }
                if case .decimal(let text) = n, let problem = NumericValue.decimalProblem(text) {
                    throw ICUError(message: "argument '\(name)': \(problem)", operation: "message format", locale: locale.icuID, input: pattern)
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
                do throws(ICUError) {
                    return .success(try handle.withLock { box throws(ICUError) in
                        try icuString(operation: "message format", locale: locale.icuID, input: pattern) {
                            hicu_message_format(box.pointer, count, namePtrs, kinds, valuePtrs, lengths, numbers, $0, $1, $2)
                        }
                    })
                } catch {
                    return .failure(error)
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
