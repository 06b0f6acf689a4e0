/// `:string`: the operand as text; selects on exact (canonically equivalent) keys.
public struct MF2StringValue: MF2Resolved {
    public let value: String
    public let direction: MF2Direction
    public var partType: String { "string" }
    public var optionValue: MF2Value { .string(value) }
    public func format() throws(MF2Error) -> String { value }
    public func select(keys: [String], errors: inout [MF2Error]) -> [String]? {
        // Swift compares strings by canonical equivalence: NFC on both sides.
        keys.filter { $0 == value }
    }
}

struct MF2StringFunction: MF2Function {
    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)? {
        var direction = call.direction ?? .auto
        let text: String
        switch call.operand {
        case .string(let s)?: text = s
        case .number(let n)?: text = n.description
        case .bool(let b)?: text = b ? "true" : "false"
        case .resolved(let r)?:
            guard let s = r.optionValue.stringValue else {
                call.report(.badOperand, ":string cannot make text of a :\(r.partType) value")
                return nil
            }
            text = s
            if call.direction == nil, let sv = r as? MF2StringValue { direction = sv.direction }
        case nil:
            call.report(.badOperand, ":string needs an operand")
            return nil
        case .fallback(let source)?:
            // No value: the text shows where one was expected, and matches no key.
            text = "{" + source + "}"
        case .dateTime?, .currency?, .unsupported?:
            call.report(.badOperand, ":string needs text")
            return nil
        }
        return MF2StringValue(value: text, direction: direction)
    }
}
