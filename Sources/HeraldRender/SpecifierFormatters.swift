import HeraldICU

// The number formatters a localized specifier is compiled with: the skeleton formatter of
// the hot path for a plain `%d` / `%.Nf`, and the formatter CoreFoundation's steps configure
// for every localized specifier (Docs/tables.md, "Numbers in printf-style specifiers").
extension TemplateCompiler {
    /// The skeleton formatter of a plain localized `%d %i %u` or `%f %.Nf` (no width,
    /// no `-` `+` `0` flag, no precision on an integer): the hot path writes its digits
    /// straight into the output. Nil for the others (they take `printfFormat(for:)`).
    func formatter(for spec: FormatSpecifier) -> NumberFormat? {
        guard spec.width == nil, !spec.flags.plusSign, !spec.flags.zeroPad, !spec.flags.leftAlign else { return nil }
        switch spec.conversion {
        case .signedInteger, .unsignedInteger:
            guard spec.precision == nil else { return nil }
            return try? NumberFormat.printf(fractionDigits: 0, locale: numberLocale)
        case .fixed:
            return try? NumberFormat.printf(fractionDigits: min(spec.precision ?? 6, 20), locale: numberLocale)
        default:
            return nil
        }
    }

    /// The formatter CoreFoundation configures for a localized specifier (`%d %i %u %f %e
    /// %g`, their width, precision and flags), nil for the others or on error.
    func printfFormat(for spec: FormatSpecifier) -> PrintfNumberFormat? {
        let conversion: PrintfNumberFormat.Specifier.Conversion
        switch spec.conversion {
        case .signedInteger, .unsignedInteger: conversion = .integer
        case .fixed: conversion = .fixed
        case .exponent: conversion = .exponent
        case .general: conversion = .general
        default: return nil
        }
        let specifier = PrintfNumberFormat.Specifier(
            conversion: conversion, width: spec.width, precision: spec.precision.map { min($0, 100) },
            leftAlign: spec.flags.leftAlign, plusSign: spec.flags.plusSign, zeroPad: spec.flags.zeroPad)
        return try? PrintfNumberFormat.for(specifier, locale: numberLocale)
    }
}
