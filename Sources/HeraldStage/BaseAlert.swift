import HeraldDiagnostics
import HeraldPayload
import HeraldRender

/// The alert the device would show without the extension: the literal fields,
/// with `*-loc-key`/`*-loc-args` resolved against table `Localizable`
/// (Docs/push-format.md, as iOS does). A loc-key wins when it resolves; a missing key falls
/// back to the literal if there is one, else to the localized generic text —
/// never to the raw key.
enum BaseAlert {
    static func resolve(_ alert: Alert?, texts: Texts) -> Draft {
        var draft = Draft(alert: RenderedAlert())
        guard let alert else { return draft }
        var generic: Draft?
        func genericText(_ field: String) -> String? {
            if generic == nil { generic = texts.fallbackDraft() }
            return field == "title" ? generic?.alert.title : generic?.alert.body
        }
        func field(_ name: String, literal: String?, key: String?, args: [String]?) -> String? {
            guard let key else { return literal }
            // loc-args are outside text: each is isolated so it cannot reorder the sentence.
            let isolated = (args ?? []).map { BidiIsolation.isolate($0) }
            let arguments = isolated.map(RenderArgument.string)
            draft.literals += isolated
            if let text = texts.text(key, arguments, into: &draft, serves: name == "body") {
                return text
            }
            draft.diagnostics.append(
                .stage(.locKey, "\(name)-loc-key \"\(key)\" is not in Localizable for \(texts.locale.bcp47)", at: "/aps/alert"))
            if let literal, !AlertText.isBlank(literal) { return literal }
            if name == "subtitle" { return nil }
            draft.fallback = true
            return genericText(name)
        }
        let title = field("title", literal: alert.title, key: alert.titleLocKey, args: alert.titleLocArgs)
        let subtitle = field("subtitle", literal: alert.subtitle, key: alert.subtitleLocKey, args: alert.subtitleLocArgs)
        let body = field("body", literal: alert.body, key: alert.locKey, args: alert.locArgs)
        draft.alert = RenderedAlert(title: title, subtitle: subtitle, body: body)
        return draft
    }
}
