public import HeraldICU

public enum MF2NumberKind: String, Sendable {
    case number, integer, percent, currency
}

/// A number a number function resolved: its exact value, options and ICU skeleton.
public struct MF2NumberValue: MF2Resolved {
    public let kind: MF2NumberKind
    /// The value (for a percent, before ×100).
    public let value: MF2Decimal
    let options: MF2NumberOptions
    public let locale: LocaleID
    public let direction: MF2Direction
    /// The ICU number skeleton it formats with.
    public let skeleton: String
    /// The text and plural category, made by ICU in one call when the value is resolved
    /// (a selector and its placeholder then share it), or why ICU could not.
    let formatted: Result<(text: String, category: PluralCategory?), MF2Error>

    init(
        kind: MF2NumberKind, value: MF2Decimal, options: MF2NumberOptions, locale: LocaleID, direction: MF2Direction, skeleton: String,
        memo: MF2Memo? = nil
    ) {
        self.kind = kind
        self.value = value
        self.options = options
        self.locale = locale
        self.direction = direction
        self.skeleton = skeleton
        let mode = kind == .percent ? "plural" : (options.select ?? "plural")
        let wantsCategory = kind != .currency && !options.selectRefused && mode != "exact"
        do throws(ICUError) {
            let f: NumberFormat
            if let memo { f = try memo.numberFormat(skeleton: skeleton, locale: locale) } else {
                f = try NumberFormat.for(skeleton: skeleton, locale: locale)
            }
            let number: NumericValue = value.int64.map { .int($0) } ?? .decimal(value.plain)
            if wantsCategory {
                let rules = try PluralRules.for(locale, type: mode == "ordinal" ? .ordinal : .cardinal)
                let r = try f.formatAndSelect(number, rules: rules)
                formatted = .success((r.text, r.category))
            } else {
                formatted = .success((try f.format(number), nil))
            }
        } catch {
            formatted = .failure(MF2Error(.functionError, "ICU could not format \(value.plain) (\(skeleton)): \(error)"))
        }
    }

    public var partType: String { "number" }
    public var optionValue: MF2Value { .number(value.int64.map { .int($0) } ?? .decimal(value.plain)) }

    func formatter() throws(MF2Error) -> NumberFormat {
        do { return try NumberFormat.for(skeleton: skeleton, locale: locale) } catch {
            throw MF2Error(.functionError, "ICU refused the number options (\(skeleton)): \(error)")
        }
    }

    public func format() throws(MF2Error) -> String {
        try formatted.get().text
    }

    public func formatParts() throws(MF2Error) -> [MF2Part.Piece]? {
        let f = try formatter()
        do {
            return try f.fields(decimal: value.plain).map { MF2Part.Piece(type: $0.field.rawValue, value: $0.text) }
        } catch {
            throw MF2Error(.functionError, "ICU could not format \(value.plain): \(error)")
        }
    }

    public func select(keys: [String], errors: inout [MF2Error]) -> [String]? {
        guard kind != .currency, !options.selectRefused else { return nil }
        let mode = kind == .percent ? "plural" : (options.select ?? "plural")
        var exact: String?
        var exactMatches: [String] = []
        var keywordMatches: [String] = []
        for key in keys {
            if let first = key.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39), MF2Decimal(literal: key) != nil {
                if exact == nil { exact = (kind == .percent ? value.shifted(by: 2) : value).plain }
                if key == exact { exactMatches.append(key) }
            } else if ["zero", "one", "two", "few", "many", "other"].contains(key) {
                guard mode != "exact" else { continue }
                guard case .success(let f) = formatted, let category = f.category else {
                    errors.append(MF2Error(.badSelector, "no plural category for \(value.plain)"))
                    return nil
                }
                if key == category.rawValue { keywordMatches.append(key) }
            } else {
                errors.append(MF2Error(
                    .badVariantKey, "'\(key)' is neither a number nor a plural category (zero, one, two, few, many, other)"))
            }
        }
        return exactMatches + keywordMatches
    }
}

extension MF2Error {
    init(_ kind: Kind, _ message: String, _ call: MF2Call) { self.init(kind, message, at: call.position) }
}

/// `:number`, `:integer`, `:percent` and `:currency`.
struct MF2NumberFunction: MF2Function {
    let kind: MF2NumberKind

    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)? {
        guard let operand = MF2NumberFunction.numericOperand(&call) else { return nil }
        var options = operand.options?.inherited(by: kind) ?? MF2NumberOptions()
        var currency = operand.currency
        if operand.options?.select != nil || operand.options?.selectRefused == true, kind == .number || kind == .integer,
            call.options["select"] == nil
        {
            call.report(.badOption, "select comes from the operand; a selector sets it itself with a literal")
            options.selectRefused = true
        }
        if !call.options.isEmpty { MF2NumberFunction.apply(call.options, allowed: MF2NumberOptions.allowed(kind), to: &options, &call) }
        if kind == .currency {
            if let given = call.options["currency"] {
                guard currency == nil else {
                    call.report(.badOption, "the operand already has a currency (\(currency!)); currency= cannot change it")
                    return nil
                }
                guard let code = given.value.stringValue, code.utf8.count == 3, code.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
                else {
                    call.report(.badOption, "currency must be a three-letter ISO 4217 code")
                    return nil
                }
                currency = code.uppercased()
            }
            guard let c = currency else {
                call.report(.badOperand, ":currency needs a currency: currency=EUR, or a currency amount")
                return nil
            }
            options.currency = c
        }
        var value = operand.value
        if kind == .integer { value = value.roundedToInteger() }
        return MF2NumberFunction.make(kind, value, options, &call)
    }

    /// The skeletons of options left at their defaults, made once.
    static let numberSkeleton = MF2NumberOptions().skeleton(.number) { 2 }.0
    static let integerSkeleton = MF2NumberOptions().skeleton(.integer) { 2 }.0
    static let percentSkeleton = MF2NumberOptions().skeleton(.percent) { 2 }.0
    static func defaultSkeleton(_ kind: MF2NumberKind) -> String? {
        switch kind {
        case .number: numberSkeleton
        case .integer: integerSkeleton
        case .percent: percentSkeleton
        case .currency: nil
        }
    }

    static func make(_ kind: MF2NumberKind, _ value: MF2Decimal, _ options: MF2NumberOptions, _ call: inout MF2Call) -> MF2NumberValue {
        if options == MF2NumberOptions(), let skeleton = defaultSkeleton(kind) {
            return MF2NumberValue(kind: kind, value: value, options: options, locale: call.locale, direction: call.localeDirection, skeleton: skeleton, memo: call.memo)
        }
        let (skeleton, problem) = options.skeleton(kind) {
            guard let c = options.currency else { return 2 }
            return (try? Currency.fractionDigits(c)) ?? 2
        }
        if let problem { call.report(.badOption, problem) }
        return MF2NumberValue(kind: kind, value: value, options: options, locale: call.locale, direction: call.localeDirection, skeleton: skeleton, memo: call.memo)
    }

    /// The operand as a number, with the options and currency a number operand brings.
    static func numericOperand(_ call: inout MF2Call) -> (value: MF2Decimal, options: MF2NumberOptions?, currency: String?, kind: MF2NumberKind?)? {
        let bad = { (c: inout MF2Call, what: String) in c.report(.badOperand, ":\(c.function) needs a number, got \(what)") }
        switch call.operand {
        case nil:
            bad(&call, "nothing")
            return nil
        case .string(let s)?:
            guard let d = MF2Decimal(literal: s) else {
                bad(&call, "'\(s)'")
                return nil
            }
            return (d, nil, nil, nil)
        case .number(let n)?:
            guard let d = MF2Decimal(n) else {
                bad(&call, "'\(n)'")
                return nil
            }
            return (d, nil, nil, nil)
        case .currency(let n, let code)?:
            guard let d = MF2Decimal(n) else {
                bad(&call, "'\(n)'")
                return nil
            }
            return (d, nil, code.uppercased(), .currency)
        case .resolved(let r)?:
            if let n = r as? MF2NumberValue { return (n.value, n.options, n.options.currency, n.kind) }
            if let s = r.optionValue.stringValue, let d = MF2Decimal(literal: s) { return (d, nil, nil, nil) }
            bad(&call, "a value of :\(r.partType)")
            return nil
        case .fallback(let source)?:
            bad(&call, "nothing ('\(source)' has no value)")
            return nil
        case .bool?, .dateTime?, .unsupported?:
            bad(&call, "a value of another type")
            return nil
        }
    }

    /// The expression's options over `options`: each checked, a bad one reported and ignored.
    static func apply(_ given: [String: MF2OptionValue], allowed: Set<String>, to options: inout MF2NumberOptions, _ call: inout MF2Call) {
        for (name, option) in given.sorted(by: { $0.key < $1.key }) where allowed.contains(name) && name != "currency" {
            if let values = MF2NumberOptions.enumerated[name] {
                guard let s = option.value.stringValue, values.contains(s) else {
                    call.report(.badOption, "\(name) is one of \(values.sorted().joined(separator: ", "))")
                    continue
                }
                if name == "select" && !option.isLiteral {
                    call.report(.badOption, "select must be written as a literal (select=\(s)), not given by a variable")
                    options.selectRefused = true
                    continue
                }
                options[string: name] = s
                if name == "select" { options.selectRefused = false }
            } else if name == "roundingIncrement" {
                guard let n = digitSize(option.value), MF2NumberOptions.increments.contains(n) else {
                    call.report(.badOption, "roundingIncrement is 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500 or 5000")
                    continue
                }
                options.roundingIncrement = n
            } else if let range = MF2NumberOptions.digitRanges[name] {
                if name == "fractionDigits", option.value.stringValue == "auto" {
                    options.fractionDigits = nil
                    continue
                }
                guard let n = digitSize(option.value), range.contains(n) else {
                    call.report(.badOption, "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound)")
                    continue
                }
                options[digits: name] = n
            }
        }
    }

    /// A digit size option's value: `0` or 1–2 digits, or a whole number value.
    static func digitSize(_ value: MF2Value) -> Int? {
        switch value {
        case .number(let n):
            guard let d = MF2Decimal(n), d.isInteger, !d.negative, d.digits.count + d.exponent <= 2 else { return nil }
            return Int(d.plain)
        case .resolved(let r):
            if let n = r as? MF2NumberValue, n.value.isInteger, !n.value.negative, n.value.digits.count + n.value.exponent <= 2 {
                return Int(n.value.plain)
            }
            return r.optionValue.stringValue.flatMap(digitSize(text:))
        default:
            return value.stringValue.flatMap(digitSize(text:))
        }
    }

    static func digitSize(text s: String) -> Int? {
        let u = Array(s.utf8)
        guard (1...2).contains(u.count), u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u.count == 1 || u[0] != 0x30 else { return nil }
        return Int(s)
    }
}

/// `:offset add=n` / `subtract=n`: the operand plus or minus a small integer, formatted
/// and selected as the operand's function would.
struct MF2OffsetFunction: MF2Function {
    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)? {
        guard let operand = MF2NumberFunction.numericOperand(&call) else { return nil }
        let add = call.options["add"]
        let subtract = call.options["subtract"]
        guard (add == nil) != (subtract == nil) else {
            call.report(.badOption, ":offset takes exactly one of add= and subtract=")
            return nil
        }
        guard let n = MF2NumberFunction.digitSize((add ?? subtract)!.value) else {
            call.report(.badOption, "the offset is a whole number from 0 to 99")
            return nil
        }
        let kind = operand.kind ?? .number
        let options = operand.options ?? MF2NumberOptions()
        return MF2NumberFunction.make(kind, operand.value.adding(add != nil ? n : -n), options, &call)
    }
}
