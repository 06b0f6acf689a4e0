public import HeraldICU

/// An exact decimal number: `digits × 10^exponent`, its sign apart. What the number
/// functions compute with (offsets, rounding to an integer, ×100 for percents) before
/// ICU formats its plain decimal text.
public struct MF2Decimal: Sendable, Equatable {
    public var negative: Bool
    /// Significant digits (0…9), no leading or trailing zeros; empty for zero.
    public var digits: [UInt8]
    public var exponent: Int

    /// Exponents beyond this (in either direction) are refused: the plain text of such
    /// a number would be huge.
    static let exponentLimit = 400

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
        normalize()
    }

    public init(_ value: Int64) {
        var d: [UInt8] = []
        var m = value.magnitude
        repeat {
            d.append(UInt8(m % 10))
            m /= 10
        } while m > 0
        self.init(negative: value < 0, digits: d.reversed(), exponent: 0)
    }

    /// The `number-literal` production exactly: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`.
    public init?(literal s: String) { self.init(parsing: s, strict: true) }

    /// A number as a caller passes it (a leading `+` and leading zeros allowed); nil for
    /// NaN, infinities and text that is no number.
    public init?(_ value: NumericValue) {
        switch value {
        case .int(let i): self.init(i)
        case .double(let d):
            guard d.isFinite else { return nil }
            self.init(parsing: String(d), strict: false)
        case .decimal(let s): self.init(parsing: s, strict: false)
        }
    }

    private init?(parsing s: String, strict: Bool) {
        let u = Array(s.utf8)
        var k = 0
        var negative = false
        if k < u.count, u[k] == UInt8(ascii: "-") { negative = true; k += 1 }
        else if !strict, k < u.count, u[k] == UInt8(ascii: "+") { k += 1 }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        let intStart = k
        while k < u.count, isDigit(u[k]) { k += 1 }
        let intDigits = u[intStart..<k]
        if intDigits.isEmpty { return nil }
        if strict, intDigits.count > 1, intDigits.first == 0x30 { return nil }
        var fracDigits = u[k..<k]
        if k < u.count, u[k] == UInt8(ascii: ".") {
            k += 1
            let f = k
            while k < u.count, isDigit(u[k]) { k += 1 }
            fracDigits = u[f..<k]
            if fracDigits.isEmpty { return nil }
        }
        var exp = 0
        if k < u.count, u[k] == UInt8(ascii: "e") || u[k] == UInt8(ascii: "E") {
            k += 1
            var expNegative = false
            if k < u.count, u[k] == UInt8(ascii: "-") || u[k] == UInt8(ascii: "+") {
                expNegative = u[k] == UInt8(ascii: "-")
                k += 1
            }
            let e = k
            while k < u.count, isDigit(u[k]) {
                exp = min(exp * 10 + Int(u[k] - 0x30), 1_000_000)
                k += 1
            }
            if k == e { return nil }
            if expNegative { exp = -exp }
        }
        guard k == u.count else { return nil }
        let all = (intDigits + fracDigits).map { $0 - 0x30 }
        let exponent = exp - fracDigits.count
        self.init(negative: negative, digits: all, exponent: exponent)
        if !digits.isEmpty, abs(self.exponent + digits.count) > MF2Decimal.exponentLimit || abs(self.exponent) > MF2Decimal.exponentLimit {
            return nil
        }
    }

    private mutating func normalize() {
        var lead = 0
        while lead < digits.count, digits[lead] == 0 { lead += 1 }
        if lead > 0 { digits.removeFirst(lead) }
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
    }

    public var isInteger: Bool { exponent >= 0 }

    /// The value as an Int64 when it is an integer of at most 18 digits.
    public var int64: Int64? {
        guard exponent >= 0, digits.count + exponent <= 18 else { return nil }
        if digits.isEmpty { return negative ? nil : 0 }
        var n: Int64 = 0
        for d in digits { n = n * 10 + Int64(d) }
        for _ in 0..<exponent { n *= 10 }
        return negative ? -n : n
    }

    /// Plain decimal text, no exponent ("-4.2", "42", "0.01").
    public var plain: String {
        var out = negative ? "-" : ""
        if digits.isEmpty { return out + "0" }
        if exponent >= 0 {
            for d in digits { out.unicodeScalars.append(Unicode.Scalar(d + 0x30)) }
            out += String(repeating: "0", count: exponent)
            return out
        }
        let intCount = digits.count + exponent
        if intCount <= 0 {
            out += "0." + String(repeating: "0", count: -intCount)
            for d in digits { out.unicodeScalars.append(Unicode.Scalar(d + 0x30)) }
            return out
        }
        for (n, d) in digits.enumerated() {
            if n == intCount { out += "." }
            out.unicodeScalars.append(Unicode.Scalar(d + 0x30))
        }
        return out
    }

    /// Times 10^k.
    public func shifted(by k: Int) -> MF2Decimal {
        var copy = self
        if !copy.digits.isEmpty { copy.exponent += k }
        return copy
    }

    /// Rounded to an integer, halves away from zero.
    public func roundedToInteger() -> MF2Decimal {
        if isInteger { return self }
        let intCount = digits.count + exponent
        if intCount < 0 { return MF2Decimal(negative: negative, digits: [], exponent: 0) }
        var kept = Array(digits[0..<intCount])
        if digits[intCount] >= 5 {
            var n = kept.count - 1
            while n >= 0 {
                if kept[n] == 9 { kept[n] = 0; n -= 1 } else { kept[n] += 1; break }
            }
            if n < 0 { kept.insert(1, at: 0) }
        }
        return MF2Decimal(negative: negative, digits: kept, exponent: 0)
    }

    /// Plus a small integer, exactly.
    public func adding(_ n: Int) -> MF2Decimal {
        let other = MF2Decimal(Int64(n))
        if other.digits.isEmpty { return self }
        if digits.isEmpty { return other }
        let e = min(exponent, other.exponent)
        func scaled(_ x: MF2Decimal) -> [UInt8] { x.digits + Array(repeating: 0, count: x.exponent - e) }
        var a = scaled(self)
        var b = scaled(other)
        let width = max(a.count, b.count) + 1
        a = Array(repeating: 0, count: width - a.count) + a
        b = Array(repeating: 0, count: width - b.count) + b
        if negative == other.negative {
            var carry: UInt8 = 0
            for k in stride(from: width - 1, through: 0, by: -1) {
                let s = a[k] + b[k] + carry
                a[k] = s % 10
                carry = s / 10
            }
            return MF2Decimal(negative: negative, digits: a, exponent: e)
        }
        // Different signs: the larger magnitude minus the smaller, with its sign.
        let aLarger = a.lexicographicallyPrecedes(b) == false
        var (x, y) = aLarger ? (a, b) : (b, a)
        var borrow: Int = 0
        for k in stride(from: width - 1, through: 0, by: -1) {
            var d = Int(x[k]) - Int(y[k]) - borrow
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 10 }
            x[k] = UInt8(d)
        }
        y.removeAll()
        let sign = aLarger ? negative : other.negative
        let result = MF2Decimal(negative: sign, digits: x, exponent: e)
        return result.digits.isEmpty ? MF2Decimal(negative: false, digits: [], exponent: 0) : result
    }
}
