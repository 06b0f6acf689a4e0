/// What went wrong in a message: the kinds the MessageFormat 2 standard names, each
/// with a specific message and, for syntax and data-model errors, where.
public struct MF2Error: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        // Syntax
        case syntaxError = "syntax-error"
        // Data model
        case variantKeyMismatch = "variant-key-mismatch"
        case missingFallbackVariant = "missing-fallback-variant"
        case missingSelectorAnnotation = "missing-selector-annotation"
        case duplicateDeclaration = "duplicate-declaration"
        case duplicateOptionName = "duplicate-option-name"
        case duplicateVariant = "duplicate-variant"
        // Resolution and formatting
        case unresolvedVariable = "unresolved-variable"
        case unknownFunction = "unknown-function"
        case badSelector = "bad-selector"
        case badOperand = "bad-operand"
        case badOption = "bad-option"
        case badVariantKey = "bad-variant-key"
        /// A function failed for another reason (ICU refused a value).
        case functionError = "message-function-error"

        /// Syntax and data-model errors make a message unusable; the others leave a fallback.
        public var isStatic: Bool {
            switch self {
            case .syntaxError, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
                .duplicateDeclaration, .duplicateOptionName, .duplicateVariant:
                true
            default: false
            }
        }
    }

    public var kind: Kind
    public var message: String
    /// Where in the message's source, when known.
    public var position: MF2Position?

    public init(_ kind: Kind, _ message: String, at position: MF2Position? = nil) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    public var description: String {
        if let position { return "\(position): \(kind.rawValue): \(message)" }
        return "\(kind.rawValue): \(message)"
    }
}
