internal import CHeraldICU

/// A piece of a formatted number, named as JavaScript's `Intl.NumberFormat.formatToParts`
/// names them ("integer", "group", "decimal", "fraction", "minusSign", "currency"…).
public enum NumberField: String, Sendable, Hashable {
    case integer, fraction, decimal, group, minusSign, plusSign, percentSign, permilleSign, currency
    case exponentSeparator, exponentMinusSign, exponentInteger, compact, unit, literal
}

extension NumberFormat {
    /// Formats a decimal literal and splits the text into its fields, in order; the
    /// pieces put together are `format(decimal:)`'s text.
    ///
    /// - Throws: `ICUError` for text that is not a decimal number or that ICU refuses.
    public func fields(decimal: String) throws(ICUError) -> [(field: NumberField, text: String)] {
        if let problem = NumericValue.decimalProblem(decimal) {
            throw ICUError(message: problem, operation: "format number", locale: locale.icuID, input: decimal)
        }
        var capacity = 64
        var spanCapacity = 16
        while true {
            var text = [UInt16](repeating: 0, count: capacity)
            var spans = [Int32](repeating: 0, count: spanCapacity * 3)
            var count: Int32 = 0
            var status: Int32 = 0
            let n = Int(hicu_number_format_decimal_fields(
                handle, decimal, Int32(decimal.utf8.count), &text, Int32(capacity), &spans, Int32(spanCapacity), &count, &status))
            if status > 0 { throw ICUError(code: status, operation: "format number", locale: locale.icuID, input: decimal) }
            if n > capacity || Int(count) > spanCapacity {
                capacity = max(capacity, n)
                spanCapacity = max(spanCapacity, Int(count))
                continue
            }
            return NumberFormat.partition(Array(text[0..<n]), spans: spans, count: Int(count))
        }
    }

    /// Each UTF-16 unit gets the innermost span's field (a group separator inside the
    /// integer); units in no span are literal. Runs of one field make one piece.
    static func partition(_ text: [UInt16], spans: [Int32], count: Int) -> [(field: NumberField, text: String)] {
        var field = [Int32](repeating: -1, count: text.count)
        var width = [Int](repeating: Int.max, count: text.count)
        for k in 0..<count {
            let f = spans[3 * k]
            let start = max(0, Int(spans[3 * k + 1]))
            let limit = min(text.count, Int(spans[3 * k + 2]))
            guard start < limit else { continue }
            for p in start..<limit where limit - start <= width[p] {
                field[p] = f
                width[p] = limit - start
            }
        }
        var out: [(field: NumberField, text: String)] = []
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count && field[end] == field[start] && width[end] == width[start] { end += 1 }
            let piece = String(decoding: text[start..<end], as: UTF16.self)
            out.append((name(field[start], piece), piece))
            start = end
        }
        return out
    }

    private static func name(_ f: Int32, _ text: String) -> NumberField {
        switch f {
        case 0: .integer
        case 1: .fraction
        case 2: .decimal
        case 3: .exponentSeparator
        case 4: .exponentMinusSign
        case 5: .exponentInteger
        case 6: .group
        case 7: .currency
        case 8: .percentSign
        case 9: .permilleSign
        case 10: text.contains("+") ? .plusSign : .minusSign
        case 11: .unit
        case 12: .compact
        default: .literal
        }
    }
}
