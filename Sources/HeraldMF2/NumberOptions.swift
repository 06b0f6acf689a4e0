/// The options of the number functions, as resolved for one expression, and the ICU
/// number skeleton they make.
struct MF2NumberOptions: Sendable, Equatable {
    var select: String?
    /// `select` was given by a variable or came with the operand: the value cannot select.
    var selectRefused = false
    var signDisplay: String?
    var useGrouping: String?
    var minimumIntegerDigits: Int?
    var minimumFractionDigits: Int?
    var maximumFractionDigits: Int?
    var minimumSignificantDigits: Int?
    var maximumSignificantDigits: Int?
    var trailingZeroDisplay: String?
    var roundingPriority: String?
    var roundingIncrement: Int?
    var roundingMode: String?
    var currency: String?
    var currencySign: String?
    var currencyDisplay: String?
    var fractionDigits: Int?

    static let enumerated: [String: Set<String>] = [
        "select": ["plural", "ordinal", "exact"],
        "signDisplay": ["auto", "always", "exceptZero", "negative", "never"],
        "useGrouping": ["auto", "always", "never", "min2"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "roundingMode": ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
        "currencySign": ["accounting", "standard"],
        "currencyDisplay": ["narrowSymbol", "symbol", "name", "code", "never"],
    ]
    /// Digit size options and their ranges.
    static let digitRanges: [String: ClosedRange<Int>] = [
        "minimumIntegerDigits": 1...21,
        "minimumFractionDigits": 0...20, "maximumFractionDigits": 0...20,
        "minimumSignificantDigits": 1...21, "maximumSignificantDigits": 1...21,
        "fractionDigits": 0...20,
    ]
    static let increments: Set<Int> = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000]

    /// The options each function takes, made once: building the set on every call was a
    /// tenth of a formatting call's instructions (callgrind, Tools/bench/mf2.sh).
    static func allowed(_ kind: MF2NumberKind) -> Set<String> {
        switch kind {
        case .number: allowedNumber
        case .integer: allowedInteger
        case .percent: allowedPercent
        case .currency: allowedCurrency
        }
    }
    static let allowedNumber: Set<String> = [
        "select", "signDisplay", "useGrouping", "minimumIntegerDigits", "minimumFractionDigits",
        "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay",
        "roundingPriority", "roundingIncrement", "roundingMode",
    ]
    static let allowedInteger: Set<String> = ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits"]
    static let allowedPercent: Set<String> = [
        "signDisplay", "useGrouping", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
        "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingMode",
    ]
    static let allowedCurrency: Set<String> = [
        "currency", "currencySign", "currencyDisplay", "useGrouping", "minimumIntegerDigits", "fractionDigits",
        "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority",
        "roundingIncrement", "roundingMode",
    ]

    /// The text options by their names in a message.
    static let stringOptions: [String: any WritableKeyPath<MF2NumberOptions, String?> & Sendable] = [
        "select": \.select, "signDisplay": \.signDisplay, "useGrouping": \.useGrouping,
        "trailingZeroDisplay": \.trailingZeroDisplay, "roundingPriority": \.roundingPriority,
        "roundingMode": \.roundingMode, "currency": \.currency, "currencySign": \.currencySign,
        "currencyDisplay": \.currencyDisplay,
    ]

    /// The digit options by their names in a message.
    static let digitOptions: [String: any WritableKeyPath<MF2NumberOptions, Int?> & Sendable] = [
        "minimumIntegerDigits": \.minimumIntegerDigits, "minimumFractionDigits": \.minimumFractionDigits,
        "maximumFractionDigits": \.maximumFractionDigits, "minimumSignificantDigits": \.minimumSignificantDigits,
        "maximumSignificantDigits": \.maximumSignificantDigits, "fractionDigits": \.fractionDigits,
        "roundingIncrement": \.roundingIncrement,
    ]

    subscript(string name: String) -> String? {
        get { Self.stringOptions[name].flatMap { self[keyPath: $0] } }
        set { if let path = Self.stringOptions[name] { self[keyPath: path] = newValue } }
    }

    subscript(digits name: String) -> Int? {
        get { Self.digitOptions[name].flatMap { self[keyPath: $0] } }
        set { if let path = Self.digitOptions[name] { self[keyPath: path] = newValue } }
    }

    /// Only the options `kind` has, less those it does not take from an operand.
    func inherited(by kind: MF2NumberKind) -> MF2NumberOptions {
        let keep = MF2NumberOptions.allowed(kind)
        var out = MF2NumberOptions()
        for name in keep {
            out[string: name] = self[string: name]
            out[digits: name] = self[digits: name]
        }
        if keep.contains("select") { out.selectRefused = selectRefused }
        switch kind {
        case .integer:
            out.minimumFractionDigits = nil
            out.maximumFractionDigits = nil
            out.minimumSignificantDigits = nil
        case .percent:
            out.minimumIntegerDigits = nil
            out.roundingIncrement = nil
            out.select = nil
        case .number, .currency: break
        }
        return out
    }

    /// The ICU number skeleton, or a problem with the options (a Bad Option).
    func skeleton(_ kind: MF2NumberKind, currencyDigits: () -> Int) -> (String, String?) {
        var stems: [String] = []
        var problem: String?
        switch kind {
        case .percent: stems.append("percent scale/100")
        case .currency: if let c = currency { stems.append("currency/" + c) }
        case .number, .integer: break
        }
        let defaultMaxFraction: Int
        switch kind {
        case .number: defaultMaxFraction = 3
        case .percent, .integer: defaultMaxFraction = 0
        case .currency: defaultMaxFraction = fractionDigits ?? currencyDigits()
        }
        var minF = kind == .currency ? (fractionDigits ?? defaultMaxFraction) : (minimumFractionDigits ?? 0)
        var maxF = kind == .currency ? minF : (maximumFractionDigits ?? max(minF, defaultMaxFraction))
        if kind == .integer { minF = 0; maxF = 0 }
        if minF > maxF {
            problem = "minimumFractionDigits (\(minF)) is above maximumFractionDigits (\(maxF))"
            maxF = minF
        }
        let fraction = maxF == 0 ? "precision-integer" : "." + String(repeating: "0", count: minF) + String(repeating: "#", count: maxF - minF)
        var precision: String
        if minimumSignificantDigits != nil || maximumSignificantDigits != nil {
            let minS = minimumSignificantDigits ?? 1
            let maxS = maximumSignificantDigits ?? 21
            var sig = String(repeating: "@", count: min(minS, maxS))
            if maxS > minS { sig += String(repeating: "#", count: maxS - minS) }
            if minS > maxS { problem = "minimumSignificantDigits is above maximumSignificantDigits" }
            switch roundingPriority {
            case "morePrecision": precision = fraction == "precision-integer" ? sig : fraction + "/" + sig + "r"
            case "lessPrecision": precision = fraction == "precision-integer" ? sig : fraction + "/" + sig + "s"
            default: precision = sig
            }
        } else {
            precision = fraction
            if let inc = roundingIncrement, inc != 1 {
                precision = "precision-increment/" + MF2Decimal(Int64(inc)).shifted(by: -maxF).plain
            }
        }
        if trailingZeroDisplay == "stripIfInteger" {
            precision += precision.hasPrefix("precision-increment") || precision == "precision-integer" ? "" : "/w"
        }
        if kind == .currency && fractionDigits == nil && minimumSignificantDigits == nil && maximumSignificantDigits == nil {
            precision = trailingZeroDisplay == "stripIfInteger" ? "precision-currency-standard/w" : ""
            if let inc = roundingIncrement, inc != 1 {
                precision = "precision-increment/" + MF2Decimal(Int64(inc)).shifted(by: -defaultMaxFraction).plain
            }
        }
        if !precision.isEmpty { stems.append(precision) }
        let rounding: String =
            switch roundingMode ?? "halfExpand" {
            case "ceil": "rounding-mode-ceiling"
            case "floor": "rounding-mode-floor"
            case "expand": "rounding-mode-up"
            case "trunc": "rounding-mode-down"
            case "halfCeil": "rounding-mode-half-ceiling"
            case "halfFloor": "rounding-mode-half-floor"
            case "halfTrunc": "rounding-mode-half-down"
            case "halfEven": "rounding-mode-half-even"
            default: "rounding-mode-half-up"
            }
        stems.append(rounding)
        let accounting = currencySign == "accounting"
        switch signDisplay {
        case "always": stems.append(accounting ? "sign-accounting-always" : "sign-always")
        case "exceptZero": stems.append(accounting ? "sign-accounting-except-zero" : "sign-except-zero")
        case "negative": stems.append(accounting ? "sign-accounting-negative" : "sign-negative")
        case "never": stems.append("sign-never")
        default: if accounting { stems.append("sign-accounting") }
        }
        switch useGrouping {
        case "always": stems.append("group-on-aligned")
        case "never": stems.append("group-off")
        case "min2": stems.append("group-min2")
        default: break
        }
        if let n = minimumIntegerDigits, n > 1 { stems.append("integer-width/+" + String(repeating: "0", count: n)) }
        switch currencyDisplay {
        case "narrowSymbol": stems.append("unit-width-narrow")
        case "name": stems.append("unit-width-full-name")
        case "code": stems.append("unit-width-iso-code")
        case "never": stems.append("unit-width-hidden")
        default: break
        }
        return (stems.joined(separator: " "), problem)
    }
}
