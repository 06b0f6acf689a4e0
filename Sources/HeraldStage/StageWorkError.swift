import HeraldDiagnostics

/// Why the work for a push could not be done; the stage then falls back.
/// Messages never carry keys or ciphertext; a message that quotes a value of the
/// `herald` object names its `field`, and for a sealed object only the field is
/// shown (`sealedDescription`).
enum StageWorkError: Error, Sendable, CustomStringConvertible {
    /// The `herald` object is not what Docs/push-format.md describes. `field` is set
    /// when the message quotes that field's value.
    case invalid(String, field: String? = nil)
    /// A step failed (store, sealing, formatting), reported under `rule`.
    case failed(Diagnostic.Rule, String)

    var description: String {
        switch self {
        case .invalid(let m, _): return "invalid herald object: \(m)"
        case .failed(_, let m): return m
        }
    }

    /// The message for a sealed `herald` object: the field, never its value.
    var sealedDescription: String {
        switch self {
        case .invalid(_, let field?):
            return "invalid sealed herald object: the \"\(field)\" field is not valid (sealed values are not shown)"
        case .invalid(let m, nil): return "invalid sealed herald object: \(m)"
        case .failed(_, let m): return m
        }
    }

    /// The diagnostic this error becomes (for a sealed object, `sealedDescription`).
    func diagnostic(sealed: Bool) -> Diagnostic {
        switch self {
        case .invalid: return .stage(.invalidHerald, sealed ? sealedDescription : description, at: "/herald")
        case .failed(let rule, let m): return .stage(rule, m)
        }
    }
}
