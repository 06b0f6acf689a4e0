internal import CHeraldICU
import HeraldSync

/// A localized printf number as Apple's CoreFoundation prints it: `%d %i %u %f %e %g`
/// (and their upper-case forms) with their width, precision and `-` `+` `0` flags go
/// through an ICU decimal formatter configured per specifier, not through printf
/// (Docs/tables.md, "Numbers in printf-style specifiers", says each rule).
/// Opened once per (locale, specifier) and shared; the whole field, padding included,
/// is what `format` returns.
public final class PrintfNumberFormat: Sendable {
    /// What a specifier asks for.
    public struct Specifier: Hashable, Sendable {
        /// The conversion.
        public enum Conversion: Hashable, Sendable {
            /// `%d %i %u %D %U`
            case integer
            /// `%f %F`
            case fixed
            /// `%e %E`
            case exponent
            /// `%g %G`
            case general
        }
        public var conversion: Conversion
        /// The width, nil when none is written.
        public var width: Int?
        /// The precision, nil when none is written.
        public var precision: Int?
        /// The `-` flag.
        public var leftAlign: Bool
        /// The `+` flag.
        public var plusSign: Bool
        /// The `0` flag.
        public var zeroPad: Bool

        public init(conversion: Conversion, width: Int? = nil, precision: Int? = nil, leftAlign: Bool = false, plusSign: Bool = false, zeroPad: Bool = false) {
            self.conversion = conversion
            self.width = width
            self.precision = precision
            self.leftAlign = leftAlign
            self.plusSign = plusSign
            self.zeroPad = zeroPad
        }
    }

    private let handle: Locked<OpaquePointerBox>
    /// The specifier it formats.
    public let specifier: Specifier
    /// The locale it formats for.
    public let locale: LocaleID

    private static let cache = FormatterCache<Specifier, PrintfNumberFormat> { (locale, specifier) throws(ICUError) in
        try PrintfNumberFormat(specifier, locale: locale)
    }

    /// The formatter for `specifier` in `locale` (cached).
    public static func `for`(_ specifier: Specifier, locale: LocaleID) throws(ICUError) -> PrintfNumberFormat {
        try cache.value(for: locale, specifier)
    }

    private init(_ specifier: Specifier, locale: LocaleID) throws(ICUError) {
        let conversion: HICUPrintfConversion
        switch specifier.conversion {
        case .integer: conversion = .integer
        case .fixed: conversion = .fixed
        case .exponent: conversion = .exponent
        case .general: conversion = .general
        }
        var flags: Int32 = 0
        if specifier.leftAlign { flags |= HICUPrintfFlagMinus }
        if specifier.plusSign { flags |= HICUPrintfFlagPlus }
        if specifier.zeroPad { flags |= HICUPrintfFlagZero }
        let width = Int32(clamping: specifier.width ?? -1)
        let precision = Int32(clamping: specifier.precision ?? -1)
        let h = try icuOpen("printf number", locale: locale) { status, _ in
            hicu_printf_number_open(locale.icuID, conversion, width, precision, flags, status)
        }
        self.handle = Locked(OpaquePointerBox(h))
        self.specifier = specifier
        self.locale = locale
    }

    deinit { handle.withLock { hicu_printf_number_close($0.pointer) } }

    /// The field for a 64-bit signed integer (what every localized integer specifier
    /// reads on the device, unsigned ones included).
    public func format(_ value: Int64) -> String {
        handle.withLock { box in
            (try? icuString(operation: "printf number") { hicu_printf_number_format_int(box.pointer, value, $0, $1, $2) })
                ?? String(value)
        }
    }

    /// The field for a double (NaN and infinities as ICU shows them).
    public func format(_ value: Double) -> String {
        handle.withLock { box in
            (try? icuString(operation: "printf number") { hicu_printf_number_format_double(box.pointer, value, $0, $1, $2) })
                ?? String(value)
        }
    }
}
