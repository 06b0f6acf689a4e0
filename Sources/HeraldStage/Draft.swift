import HeraldDiagnostics
import HeraldICU
import HeraldPayload
import HeraldRender

/// What the compute step worked out (`Stage.compute`): the alert's text, phrased from the
/// tables, and what the stage knows about it. The render step (`CheckedAlert`) turns it
/// into the alert that is shown.
struct Draft: Sendable {
    var alert: RenderedAlert
    /// The localization that served the main text (nil: none rendered).
    var servedBy: String?
    /// True when this is not the content the push asked for.
    var fallback: Bool
    var diagnostics: [Diagnostic]
    /// Text inserted verbatim from the push or the store (a decrypted message,
    /// a reminder title, loc-args): shown literally, so format characters in it
    /// are content and not leftover specifiers.
    var literals: [String]

    init(
        alert: RenderedAlert, servedBy: String? = nil, fallback: Bool = false, diagnostics: [Diagnostic] = [],
        literals: [String] = []
    ) {
        self.alert = alert
        self.servedBy = servedBy
        self.fallback = fallback
        self.diagnostics = diagnostics
        self.literals = literals
    }
}

/// Renders the stage's own messages for one locale, collecting diagnostics.
struct Texts: Sendable {
    let renderer: Renderer
    let locale: LocaleID
    let options: RenderOptions

    /// Built-in last resort when the tables lack the generic texts, so that an
    /// alert is never empty.
    static let lastResort: [String: String] = [
        "fallback.title": "New notification",
        "fallback.body": "You have a new notification. Open the app to see it.",
    ]

    /// The rendered text of `key`, or nil when no localization has it.
    func text(
        _ key: String, table: String = "Localizable", _ arguments: [RenderArgument] = [],
        into draft: inout Draft, serves: Bool = false
    ) -> String? {
        do {
            let result = try renderer.render(
                key: key, table: table, locale: locale, arguments: arguments, options: options)
            // The message and its rule: the stage's own line says the severity once
            // (`herald: warning: Localizable/c: … [accidental-specifier]`, not "warning: … warning:").
            for d in result.diagnostics { draft.diagnostics.append(.stage(.render, "\(table)/\(key): \(d.message) [\(d.rule)]")) }
            if serves || draft.servedBy == nil { draft.servedBy = result.servedBy }
            return result.text
        } catch {
            draft.diagnostics.append(.stage(.render, error.description))
            return nil
        }
    }

    /// The localized generic alert ("New notification").
    func fallbackDraft() -> Draft {
        var d = Draft(alert: RenderedAlert(), fallback: true)
        let title = text("fallback.title", into: &d) ?? Self.lastResort["fallback.title"]
        let body = text("fallback.body", into: &d, serves: true) ?? Self.lastResort["fallback.body"]
        d.alert = RenderedAlert(title: title, body: body)
        return d
    }
}
