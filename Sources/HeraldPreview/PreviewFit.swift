public import HeraldFit
import HeraldJSON

/// A preview item laid out on the fit table's surfaces (Docs/fit.md): for each surface,
/// its title, subtitle and body as the device sets them, where each is cut.
public struct PreviewFit: Sendable {
    /// One line kind of the alert on one surface.
    public struct Part: Sendable {
        public var kind: LineKind
        /// The text laid out (the alert's title, subtitle or body).
        public var text: String
        public var layout: TextLayout
        /// The style it is set in, and the width of its lines.
        public var style: LineStyle
        public var width: Double
        /// The font families the text was set in, in order (the primary family first).
        public var families: [String]
        /// What the device shows: the text, or the part before the cut and "…".
        public var shown: String { TextLayout.shown(text, cut: layout.cut) }
    }

    /// The alert on one surface.
    public struct OnSurface: Sendable {
        public var surface: Surface
        public var parts: [Part]
        /// True when some part is cut.
        public var isCut: Bool { parts.contains { $0.layout.isCut } }
    }

    /// Each surface in the settings' order; empty when the alert has no text.
    public var surfaces: [OnSurface]

    /// True when the alert is cut on some surface.
    public var isCut: Bool { surfaces.contains { $0.isCut } }
    /// "lock-screen compact", … for each surface it is cut on.
    public var cutOn: [String] { surfaces.filter(\.isCut).map(\.surface.label) }

    /// Lays `item` out on every surface of `settings`; nil when the layout engine is
    /// unavailable (`TextEngine.unavailable` says why).
    public static func measure(_ item: PreviewItem, settings: FitSettings = FitSettings()) -> PreviewFit? {
        let engine = TextEngine.shared(settings)
        guard engine.unavailable == nil else { return nil }
        let a = item.alert
        var out: [OnSurface] = []
        for surface in settings.surfaces {
            var parts: [Part] = []
            for (kind, text) in [(LineKind.title, a.title), (.subtitle, a.subtitle), (.body, a.body)] where !text.isEmpty {
                guard let style = surface.styles[kind] else { continue }
                let width = surface.lineWidth(kind)
                let layout = TextLayout.layout(text, locale: item.locale, style: style, width: width, engine: engine)
                parts.append(Part(kind: kind, text: text, layout: layout, style: style, width: width,
                                  families: engine.families(lang: item.locale, weight: style.weight)))
            }
            out.append(OnSurface(surface: surface, parts: parts))
        }
        return PreviewFit(surfaces: out)
    }

    /// The JSON of `--format json`: per surface, each part's lines shown, the UTF-16 offsets
    /// its lines start at, the cut (the UTF-16 offset of the first unit not shown, or null),
    /// what is shown, and the fonts.
    var json: JSONValue {
        .array(surfaces.map { s in
            var fields: [(String, JSONValue)] = [
                ("surface", .string(s.surface.name)), ("device", .string(s.surface.device)),
                ("width", .number(PreviewFit.number(s.surface.width))), ("cut", .bool(s.isCut)),
            ]
            for p in s.parts {
                fields.append((p.kind.rawValue, .object(JSONObject([
                    ("lines", .int(p.layout.linesShown)),
                    ("maxLines", .int(p.style.lines)),
                    ("lineStarts", .array(p.layout.lineStarts.prefix(p.layout.linesShown).map { .int($0) })),
                    ("cut", p.layout.cut.map { .int($0) } ?? .null),
                    ("shown", .string(p.shown)),
                    ("width", .number(PreviewFit.number(p.width))),
                    ("size", .number(PreviewFit.number(p.style.size))),
                    ("weight", .int(p.style.weight)),
                    ("fonts", .array(p.families.map { .string($0) })),
                ]))))
            }
            return .object(JSONObject(fields))
        })
    }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
