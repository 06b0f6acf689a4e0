// `herald validate --pseudo` (Docs/pseudo-locales.md): the source language's
// notification messages pseudo-localized and held to the APNs budget and to
// the fit table's surfaces (laid out as the fit rule lays them out). `pseudo-unchanged` is found by
// rendering the examples (HeraldPreview's `PseudoCoverage`); its id is declared here
// with the others so every validate rule is listed in one place.
public import HeraldDiagnostics
import HeraldFit
import HeraldICU
import HeraldPseudo
import HeraldRender
import HeraldTables

extension Diagnostic.Rule {
    public static let pseudoPushPayloadSize = Self("pseudo-push-payload-size")
    public static let pseudoLockScreenLines = Self("pseudo-lock-screen-lines")
    public static let pseudoUnchanged = Self("pseudo-unchanged")
}

extension LintRun {
    /// Each notification message of the source tables, pseudo-localized in each of `locales`,
    /// against the APNs budget and the lock-screen banner.
    mutating func checkPseudo(_ bundle: BundleTables, source: String, locales: [PseudoLocale]) {
        let wanted = LocalizationLookup.normalize(source)
        var tables = bundle.tables.filter { LocalizationLookup.normalize($0.localization) == wanted }
        if tables.isEmpty { tables = bundle.tables.filter { $0.localization.lowercased() == "base" } }
        let envelope = #"{"aps":{"alert":{"body":""}}}"#.utf8.count
        for table in tables where !Renderer.isICUTable(table.name) {
            let notifications = NotificationKeys(table: table.name, configuration: configuration)
            for entry in table.entries {
                let key = entry.key
                guard notifications.contains(key) else { continue }
                let origin = entry.message.texts.first?.origin ?? entry.origin
                let place = Place(origin: origin, locale: source, table: table.name, key: key)
                for kind in locales {
                    let pseudo = Pseudolocalizer(kind).message(entry.message)
                    let worst = Self.worstCaseBytes(pseudo, argumentBytes: configuration.pushArgumentBytes, depth: 0)
                    let total = worst + envelope + configuration.pushOverheadBytes
                    if total > 4096 {
                        emit(.pseudoPushPayloadSize, place,
                             "\(Excerpt.quoted(key)) in \(kind.tag) can make a \(total)-byte payload (body up to \(worst) bytes with \(configuration.pushArgumentBytes)-byte arguments, plus \(envelope + configuration.pushOverheadBytes) bytes of envelope); APNs rejects payloads over 4096 bytes")
                    }
                    if let cut = Self.pseudoCut(pseudo, key: key, kind: kind, settings: configuration.fit) {
                        emit(.pseudoLockScreenLines, place, "\(Excerpt.quoted(key)) in \(kind.tag) \(cut)")
                    }
                }
            }
        }
    }

    /// Where a pseudo-localized message is cut on the fit table's surfaces (rendered in the
    /// pseudo-locale with 3-character arguments, "123", and with "1" for singular forms),
    /// said as "does not fit …: the user sees …"; nil when it fits everywhere or the layout
    /// engine is unavailable (the fit rule says so).
    static func pseudoCut(_ message: Message, key: String, kind pseudo: PseudoLocale, settings: FitSettings) -> String? {
        let engine = TextEngine.shared(settings)
        guard engine.unavailable == nil else { return nil }
        let kind = LineKind.of(key: key)
        let locale = pseudo.locale
        let lists: [[RenderArgument]] = ["1", "123"].map { n in (0..<16).map { _ in .string(n) } }
        var surfaces: [String] = []
        var seen: (text: String, layout: TextLayout, surface: Surface)? = nil
        for result in Renderer.renderUncached(message: message, locale: locale, argumentLists: lists, options: RenderOptions(isolateArguments: true)) {
            let text = result.text
            for surface in settings.surfaces {
                guard let style = surface.styles[kind] else { continue }
                let layout = TextLayout.layout(text, locale: locale.bcp47, style: style, width: surface.lineWidth(kind), engine: engine)
                guard layout.cut != nil else { continue }
                if !surfaces.contains(surface.label) { surfaces.append(surface.label) }
                if seen == nil { seen = (text, layout, surface) }
            }
        }
        guard let seen, let cut = seen.layout.cut else { return nil }
        let style = seen.surface.styles[kind]!
        return "does not fit \(surfaces.joined(separator: ", ")) (\(kind.rawValue): \(style.lines == 1 ? "one line" : "\(style.lines) lines") of \(points(seen.surface.lineWidth(kind))) pt) with 3-character arguments: the user sees \(Excerpt.quoted(TextLayout.quote(seen.text, cut: cut, from: seen.layout.lineStarts[seen.layout.linesShown - 1])))"
    }
}
