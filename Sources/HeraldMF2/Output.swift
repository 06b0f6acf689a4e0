/// Formatting the selected pattern: text as is, markup as nothing (or a part),
/// placeholders formatted and isolated with the default bidi strategy.
extension Evaluation {
    mutating func emit(pattern: MF2Pattern, text out: inout String, parts: inout [MF2Part]?) {
        for part in pattern.parts {
            switch part {
            case .text(let t):
                out += t
                parts?.append(.text(t))
            case .markup(let m):
                guard parts != nil else {
                    // Options are still resolved, for their errors.
                    for o in m.options { _ = markupOption(o) }
                    continue
                }
                var options: [String: String] = [:]
                var id: String?
                for o in m.options {
                    guard let v = markupOption(o) else { continue }
                    if o.name == "u:id" { id = v } else if o.name != "u:dir" { options[o.name] = v }
                }
                parts?.append(.markup(kind: m.kind, name: m.name, id: id, options: options))
            case .expression(let e):
                placeholder(e, text: &out, parts: &parts)
            }
        }
    }

    private mutating func markupOption(_ o: MF2Option) -> String? {
        if o.name == "u:dir" {
            errors.append(MF2Error(.badOption, "u:dir does not apply to markup", at: o.position))
            return nil
        }
        guard let v = optionValue(o) else { return nil }
        guard let s = v.value.stringValue else {
            errors.append(MF2Error(.badOption, "the markup option '\(o.name)' has no string value", at: o.position))
            return nil
        }
        return s
    }

    private mutating func placeholder(_ e: MF2Expression, text out: inout String, parts: inout [MF2Part]?) {
        let formatted: (text: String, type: String, pieces: [MF2Part.Piece]?, direction: MF2Direction, resolved: Resolved)?
        switch expression(e) {
        case .fallback(let source):
            emitFallback(source, text: &out, parts: &parts)
            return
        case .value(let r):
            do throws(MF2Error) {
                let v = try format(r.value, at: e.position, wantPieces: parts != nil)
                formatted = (v.text, v.type, v.pieces, r.direction ?? v.direction, r)
            } catch {
                errors.append(MF2Error(error.kind, error.message, at: error.position ?? e.position))
                formatted = nil
            }
        }
        guard let f = formatted else {
            emitFallback(Evaluation.fallbackSource(e), text: &out, parts: &parts)
            return
        }
        let isolation = isolate(f.direction, explicit: f.resolved.isolate)
        if let open = isolation {
            out.unicodeScalars.append(open)
            parts?.append(.bidiIsolation(String(open)))
        }
        out += f.text
        parts?.append(.expression(
            type: f.type, value: f.text, pieces: f.pieces, direction: f.direction == .auto ? nil : f.direction,
            locale: formatter.locale.bcp47, id: f.resolved.id))
        if isolation != nil {
            out += "\u{2069}"
            parts?.append(.bidiIsolation("\u{2069}"))
        }
    }

    private func isolate(_ direction: MF2Direction, explicit: Bool) -> Unicode.Scalar? {
        guard bidiIsolation else { return nil }
        switch direction {
        case .ltr: return !formatter.isRightToLeft && !explicit ? nil : "\u{2066}"
        case .rtl: return "\u{2067}"
        case .auto: return "\u{2068}"
        }
    }

    private mutating func emitFallback(_ source: String, text out: inout String, parts: inout [MF2Part]?) {
        if bidiIsolation { out += "\u{2068}" }
        out += "{" + source + "}"
        if bidiIsolation { out += "\u{2069}" }
        parts?.append(.fallback(source: source))
    }

    /// A value as text; values no function annotated are formatted as their type's
    /// default function would (a number as `:number`, a date as `:datetime`).
    private mutating func format(_ value: MF2Value, at position: MF2Position, wantPieces: Bool) throws(MF2Error)
        -> (text: String, type: String, pieces: [MF2Part.Piece]?, direction: MF2Direction)
    {
        switch value {
        case .string(let s): return (s, "string", nil, .auto)
        case .bool(let b): return (b ? "true" : "false", "string", nil, .auto)
        case .resolved(let r):
            return (try r.format(), r.partType, wantPieces ? try r.formatParts() : nil, r.direction)
        case .unsupported, .fallback:
            throw MF2Error(.badOperand, "a value of an unsupported type cannot be formatted", at: position)
        case .number, .currency, .dateTime:
            let name: String
            switch value {
            case .number: name = "number"
            case .currency: name = "currency"
            default: name = "datetime"
            }
            guard let handler = formatter.functions.byName[name] else {
                throw MF2Error(.unknownFunction, "no :\(name) function to format this value", at: position)
            }
            var call = MF2Call(
                function: name, locale: formatter.locale, operand: value, options: [:], direction: nil,
                localeDirection: formatter.isRightToLeft ? .rtl : .ltr, timeZone: formatter.timeZone, position: position, memo: formatter.memo)
            let r = handler.resolve(&call)
            errors.append(contentsOf: call.errors)
            guard let r else { throw MF2Error(.badOperand, "this value cannot be formatted", at: position) }
            return (try r.format(), r.partType, wantPieces ? try r.formatParts() : nil, r.direction)
        }
    }
}
