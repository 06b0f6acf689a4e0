internal import CHeraldICU

/// An ICU failure, said in terms of what Herald asked for: which operation,
/// which locale, which pattern or skeleton, and what ICU answered.
public struct ICUError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ICU's UErrorCode value (positive: failure).
    public let code: Int32
    /// ICU's symbolic name for `code` ("U_NUMBER_SKELETON_SYNTAX_ERROR").
    public let name: String
    /// What Herald was doing ("number skeleton", "plural rules", "locale id").
    public let operation: String
    /// The locale in use, when there is one.
    public let locale: String?
    /// The skeleton, pattern or input that failed, when there is one.
    public let input: String?
    /// Where in `input` ICU stopped (UTF-16 offset), when it says.
    public let offset: Int?
    /// The index of the argument at fault, when a message could not be formatted
    /// because of one (`MessageFormat.format`).
    public internal(set) var argument: Int? = nil

    /// The problem in one line: what failed, ICU's code name, the input and offset.
    public var description: String {
        var s = "\(operation) failed"
        if let locale { s += " for locale '\(locale)'" }
        if let input { s += " on '\(input)'" }
        if let offset, offset >= 0 { s += " at offset \(offset)" }
        if let reason = ICUError.reasons[name] {
            s += ": \(reason) (\(name))"
        } else {
            s += ": \(name)"
        }
        return s
    }

    /// Plain words for the ICU codes Herald's inputs can provoke.
    static let reasons: [String: String] = [
        "U_NUMBER_SKELETON_SYNTAX_ERROR": "invalid number skeleton",
        "U_ILLEGAL_ARGUMENT_ERROR": "illegal argument",
        "U_MISSING_RESOURCE_ERROR": "no ICU data for this request",
        "U_PATTERN_SYNTAX_ERROR": "syntax error in pattern",
        "U_UNMATCHED_BRACES": "unmatched braces in pattern",
        "U_MESSAGE_PARSE_ERROR": "cannot parse message pattern",
        "U_ARGUMENT_TYPE_MISMATCH": "argument type does not match the pattern",
        "U_DEFAULT_KEYWORD_MISSING": "plural or select without an 'other' case",
        "U_DUPLICATE_KEYWORD": "the same keyword appears twice",
        "U_UNDEFINED_KEYWORD": "keyword not defined for this locale",
        "U_INVALID_FORMAT_ERROR": "invalid format",
        "U_ILLEGAL_CHARACTER": "illegal character",
        "U_INDEX_OUTOFBOUNDS_ERROR": "argument index out of range",
        "U_FORMAT_INEXACT_ERROR": "number cannot be shown exactly",
        "U_UNSUPPORTED_ERROR": "not supported by ICU",
        "U_BUFFER_OVERFLOW_ERROR": "result too long",
        "U_MEMORY_ALLOCATION_ERROR": "out of memory",
    ]
}

// Only HeraldICU makes these errors; the two ways are here, outside the type, so that
// both go through its memberwise initializer.
extension ICUError {
    /// ICU answered `code` while Herald did `operation`.
    init(code: Int32, operation: String, locale: String? = nil, input: String? = nil, offset: Int? = nil) {
        self.init(
            code: code, name: String(cString: hicu_error_name(code)), operation: operation, locale: locale,
            input: input, offset: offset)
    }

    /// An error that did not come from ICU itself (a bad argument caught by Herald):
    /// `message` stands where ICU's code name would.
    init(message: String, operation: String, locale: String? = nil, input: String? = nil) {
        self.init(code: 1, name: message, operation: operation, locale: locale, input: input, offset: nil)
    }
}

/// Calls an ICU shim function that writes UTF-8 into a buffer, growing the
/// buffer when the first try was too small. Throws on ICU failure.
/// Opens an ICU handle: `body(status, offset)` calls a `hicu_*_open`; a nil handle or a
/// failure status throws, with the offset in `input` where ICU stopped when it says.
func icuOpen(
    _ operation: String, locale: LocaleID, input: String? = nil,
    _ body: (_ status: UnsafeMutablePointer<Int32>, _ offset: UnsafeMutablePointer<Int32>) -> OpaquePointer?
) throws(ICUError) -> OpaquePointer {
    var status: Int32 = 0
    var offset: Int32 = -1
    guard let handle = body(&status, &offset), status <= 0 else {
        throw ICUError(
            code: status, operation: operation, locale: locale.icuID, input: input,
            offset: offset >= 0 ? Int(offset) : nil)
    }
    return handle
}

@inline(__always)
func icuString(
    operation: @autoclosure () -> String, locale: @autoclosure () -> String? = nil,
    input: @autoclosure () -> String? = nil,
    _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
) throws(ICUError) -> String {
    var status: Int32 = 0
    let result: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buf in
        let n = body(buf.baseAddress!, 256, &status)
        if status > 0 { return nil }
        if n < 256 {
            return buf.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(n)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(n)), as: UTF8.self)
            }
        }
        return nil
    }
    if let result { return result }
    if status > 0 && status != HICU_BUFFER_OVERFLOW {
        throw ICUError(code: status, operation: operation(), locale: locale(), input: input())
    }
    // Too small: ask again with the exact size.
    status = 0
    var capacity: Int32 = 1024
    while true {
        let (text, needed): (String?, Int32) = withUnsafeTemporaryAllocation(
            of: CChar.self, capacity: Int(capacity)
        ) { buf in
            let n = body(buf.baseAddress!, capacity, &status)
            if status > 0 || n >= capacity { return (nil, n) }
            return (
                buf.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(n)) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: Int(n)), as: UTF8.self)
                }, n
            )
        }
        if let text { return text }
        if status > 0 && status != HICU_BUFFER_OVERFLOW {
            throw ICUError(code: status, operation: operation(), locale: locale(), input: input())
        }
        status = 0
        capacity = max(needed + 1, capacity * 2)
    }
}

/// ICU and CLDR versions of the linked library ("72.1", "42.0").
public enum ICUInfo {
    /// The versions, read once from ICU.
    public static let versions: (icu: String, cldr: String) = {
        var icu = [CChar](repeating: 0, count: 32)
        var cldr = [CChar](repeating: 0, count: 32)
        hicu_versions(&icu, 32, &cldr, 32)
        return (
            String(decoding: icu.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            String(decoding: cldr.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        )
    }()
}
