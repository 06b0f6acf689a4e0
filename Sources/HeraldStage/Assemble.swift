import HeraldDiagnostics
import HeraldICU
import HeraldJSON
import HeraldMedia
import HeraldPayload
import HeraldRender

/// The assemble step: the final payload for a checked alert (alert → payload), within
/// APNs' 4096 bytes.
struct Assemble: Sendable {
    /// The push as received.
    let payload: APNsPayload
    let locale: LocaleID
    /// The tables, for the localization that serves when no text was rendered.
    let catalog: any MessageCatalog

    /// The outcome for `alert`: the push with the alert, the badge and the attachments put in,
    /// its diagnostics with every `withheld` value replaced.
    func outcome(
        _ alert: CheckedAlert, badge: BadgeDecision, attachments: JSONValue?, withheld: [String]
    ) -> StageOutcome {
        var original = payload
        var badgeValue: Int?
        switch badge {
        case .keep: break
        case .remove: original.aps.raw["badge"] = nil
        case .set(let n): badgeValue = n
        }
        if let attachments { original.readMembers[Attachments.outputKey] = attachments }
        // Consumed by the stage: the reminder's id is not shown or passed on.
        original.readMembers["reminder-uuid"] = nil
        var diagnostics = PushRequest.scrub(alert.diagnostics, withholding: withheld)
        var final: FinalPayload?
        do {
            final = try PayloadWriter.finalPayload(from: original, alert: alert.alert, badge: badgeValue)
        } catch {
            diagnostics.append(.stage(.payloadSize, "\(error); custom keys dropped"))
            // A new object of `aps` alone: filtering a copy of a wide root would copy it first.
            var slim = original
            slim.object = PartlyParsedObject(JSONObject([("aps", original.readMembers["aps"] ?? .object(original.aps.raw))]))
            final = try? PayloadWriter.finalPayload(from: slim, alert: alert.alert, badge: badgeValue)
            if final == nil {
                var minimal = JSONObject()
                minimal["mutable-content"] = .int(1)
                if let bare = try? APNsPayload(json: .object(JSONObject([("aps", .object(minimal))]))) {
                    final = try? PayloadWriter.finalPayload(from: bare, alert: alert.alert, badge: badgeValue)
                }
            }
        }
        if let shortened = final?.shortenedFields, !shortened.isEmpty {
            diagnostics.append(
                .stage(
                    .shortened, "shortened to fit \(APNsPayload.maximumBytes) bytes: \(shortened.joined(separator: ", "))",
                    severity: .note))
        }
        let servedBy =
            alert.servedBy
            ?? LocalizationLookup.match(locale, available: catalog.localizations).first
            ?? locale.bcp47
        if let note = locale.unknownLanguageNote(servedBy: servedBy) {
            diagnostics.append(.stage(.unknownLanguage, note, severity: .note))
        }
        guard let final else {
            // Unreachable in practice: a checked alert always has text and a bare aps fits.
            return StageOutcome(
                content: payload.object, json: JSONWriter.write(payload.object), servedBy: servedBy, fallback: true,
                diagnostics: diagnostics + [
                    .stage(.payloadSize, "no final payload could be written; the original is passed on")
                ])
        }
        return StageOutcome(
            content: final.content, json: final.json, servedBy: servedBy, fallback: alert.fallback,
            diagnostics: diagnostics)
    }

    /// A push the extension would not run for: everything is passed on as sent, except
    /// what Docs/push-format.md says never leaves the stage (the `herald` object,
    /// plaintext or sealed, and the legacy secret fields).
    static func passedOn(_ payload: APNsPayload) -> StageOutcome {
        var object = payload.object
        var dropped: [String] = []
        for key in ["herald", "custom-encrypted-message", "media-url"] where object.parsed[key] != nil {
            object.parsed[key] = nil
            dropped.append(key)
        }
        let note = dropped.isEmpty ? "" : " (less \(dropped.joined(separator: ", ")))"
        var diagnostics: [Diagnostic] = [.stage(.notEligible, "\(payload.eligibility); the payload is passed on unchanged\(note)")]
        // Measured without writing it: a large push is not copied once per locale to be refused.
        let size = JSONWriter.length(of: object)
        guard size > APNsPayload.maximumBytes else {
            return StageOutcome(
                content: object, json: JSONWriter.write(object), servedBy: "", fallback: true, diagnostics: diagnostics)
        }
        // Over APNs' budget (no push this size is delivered): as for a push the stage renders,
        // custom keys are dropped, then whatever `aps` member does not fit, so what comes out
        // is never more than 4096 bytes.
        let (aps, left) = fitted(payload.aps.raw)
        var droppedNote = "custom keys dropped"
        if !left.isEmpty { droppedNote += "; aps members dropped: \(left.joined(separator: ", "))" }
        diagnostics.append(.stage(
            .payloadSize, "the payload is \(size) bytes, more than APNs' \(APNsPayload.maximumBytes); \(droppedNote)"))
        let slim = JSONObject([("aps", .object(aps))])
        return StageOutcome(payload: slim, json: JSONWriter.write(.object(slim)), servedBy: "", fallback: true, diagnostics: diagnostics)
    }

    /// `aps` with members left out, last first, until `{"aps": …}` fits 4096 bytes; and the
    /// keys left out. Linear: each member's length is measured once.
    static func fitted(_ aps: JSONObject) -> (JSONObject, [String]) {
        let frame = JSONWriter.length(of: .object(JSONObject([("aps", .object(JSONObject()))])))
        var budget = APNsPayload.maximumBytes - frame
        var kept = JSONObject()
        var left: [String] = []
        for key in aps.keys {
            guard let value = aps[key] else { continue }
            // A member costs its key, its value, a colon and (past the first) a comma.
            let cost = JSONWriter.length(of: .string(key)) + JSONWriter.length(of: value) + 1 + (kept.isEmpty ? 0 : 1)
            if cost <= budget {
                kept[key] = value
                budget -= cost
            } else {
                left.append(key)
            }
        }
        return (kept, left)
    }
}
