import HeraldMF2

/// The suite's test-only functions `:test:function`, `:test:select` and `:test:format`
/// (defined by the suite's README): a number formatted with 0 or 1 decimal places,
/// matching the keys `1` and `1.0`, failing on request.
struct TestFunction: MF2Function {
    let canFormat: Bool
    let canSelect: Bool

    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)? {
        var value: TestValue
        switch call.operand {
        case .resolved(let r as TestValue)?:
            value = r
            value.canFormat = canFormat
            value.canSelect = canSelect
        case .number(let n)?:
            value = TestValue(input: n.doubleValue, canFormat: canFormat, canSelect: canSelect)
        case .string(let s)? where MF2Decimal(literal: s) != nil:
            value = TestValue(input: Double(s) ?? 0, canFormat: canFormat, canSelect: canSelect)
        default:
            call.report(.badOperand, ":\(call.function) needs a number")
            return nil
        }
        if let o = call.options["decimalPlaces"] {
            var places: Int?
            switch o.value {
            case .number(let n): places = n.description == "0" ? 0 : n.description == "1" ? 1 : nil
            case .string(let s): places = s == "0" ? 0 : s == "1" ? 1 : nil
            case .resolved(let r as TestValue): places = r.input == 0 ? 0 : r.input == 1 ? 1 : nil
            default: places = nil
            }
            guard let places else {
                call.report(.badOption, "decimalPlaces is 0 or 1")
                return nil
            }
            value.decimalPlaces = places
        }
        if let o = call.options["fails"] {
            switch o.value.stringValue {
            case "always": value.failsFormat = true; value.failsSelect = true
            case "format": value.failsFormat = true
            case "select": value.failsSelect = true
            case "never": break
            default: call.report(.badOption, "fails is never, select, format or always")
            }
        }
        return value
    }
}

struct TestValue: MF2Resolved {
    var input: Double
    var decimalPlaces = 0
    var failsFormat = false
    var failsSelect = false
    var canFormat: Bool
    var canSelect: Bool

    init(input: Double, canFormat: Bool, canSelect: Bool) {
        self.input = input
        self.canFormat = canFormat
        self.canSelect = canSelect
    }

    var partType: String { "test" }
    var direction: MF2Direction { .ltr }
    var optionValue: MF2Value { .number(.double(input)) }

    func format() throws(MF2Error) -> String {
        guard canFormat else { throw MF2Error(.functionError, ":test:select cannot format") }
        guard !failsFormat else { throw MF2Error(.badOption, "fails=format") }
        let a = abs(input)
        var out = (input < 0 ? "-" : "") + String(Int(a.rounded(.down)))
        if decimalPlaces == 1 { out += "." + String(Int(((a - a.rounded(.down)) * 10).rounded(.down))) }
        return out
    }

    func select(keys: [String], errors: inout [MF2Error]) -> [String]? {
        guard canSelect, !failsSelect else { return nil }
        guard input == 1 else { return [] }
        let matching = decimalPlaces == 1 ? ["1.0", "1"] : ["1"]
        return matching.filter { keys.contains($0) }
    }
}
