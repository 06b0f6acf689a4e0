// Plural forms of a String Catalog as written, before they become a Message.
//
// Xcode lets a plural form vary by device ("vary by device" inside "vary by
// plural"): `variations.plural.one.variations.device.iphone.stringUnit`. The
// Message model holds device variations above plurals, as `.stringsdict`
// does, so such a message is turned inside out: one plural message per device
// named in any form, each form resolved for that device (its own text, else
// the form's `other` device, else the form's plain text). The device `other`
// is included when some form resolves for it. The text a device shows for a
// number is the same either way.

import HeraldPluralCategory

/// One plural form as a catalog writes it.
enum XCStringsForm: Sendable {
    /// `{"stringUnit": …}`.
    case text(SourceText)
    /// `{"variations": {"device": {"iphone": {"stringUnit": …}, …}}}`.
    case devices([String: SourceText])

    var texts: [SourceText] {
        switch self {
        case .text(let t): return [t]
        case .devices(let d): return d.keys.sorted().compactMap { d[$0] }
        }
    }

    /// The text shown on `device` (nil: the form has no text for it).
    func resolved(for device: String) -> SourceText? {
        switch self {
        case .text(let t): return t
        case .devices(let d): return d[device] ?? d["other"]
        }
    }

    /// A plural message from its format and variables, with device variations
    /// of forms moved above the plural (see the file's comment).
    static func plural(format: SourceText, _ variables: [XCStringsVariable]) -> Message {
        var devices = Set<String>()
        for v in variables {
            for f in v.forms.values { if case .devices(let d) = f { devices.formUnion(d.keys) } }
        }
        func message(_ device: String?) -> Message {
            var vars: [String: PluralVariable] = [:]
            for v in variables {
                var forms: [PluralCategory: SourceText] = [:]
                for (c, f) in v.forms {
                    if let device { forms[c] = f.resolved(for: device) } else if case .text(let t) = f { forms[c] = t }
                }
                vars[v.name] = PluralVariable(name: v.name, valueType: v.valueType, argNum: v.argNum, forms: forms, origin: v.origin)
            }
            return .plural(format: format, variables: vars)
        }
        guard !devices.isEmpty else { return message(nil) }
        let otherResolves = variables.contains { v in v.forms.values.contains { $0.resolved(for: "other") != nil } }
        if otherResolves { devices.insert("other") }
        var out: [String: Message] = [:]
        for d in devices { out[d] = message(d) }
        return .devices(out)
    }
}

/// A substitution (or the synthetic `plural` variable) as a catalog writes it.
struct XCStringsVariable: Sendable {
    var name: String
    var valueType: String?
    var argNum: Int?
    var forms: [PluralCategory: XCStringsForm]
    var origin: Origin
}
