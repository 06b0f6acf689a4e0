/// The three kinds of line a notification shows, each set in its own style.
public enum LineKind: String, Sendable, CaseIterable, Hashable {
    case title, subtitle, body

    /// The kind a key names by its last dot-separated part: `…title` (`lottery.title`,
    /// `alertTitle`) is a title, `…subtitle` a subtitle, anything else a body.
    public static func of(key: String) -> LineKind {
        let last = (key.split(separator: ".").last.map(String.init) ?? key).lowercased()
        if last.hasSuffix("subtitle") { return .subtitle }
        if last.hasSuffix("title") { return .title }
        return .body
    }
}

/// How one kind of line is set on a surface: its font size (points, which are CSS px),
/// its OpenType weight, how many lines are shown before the ellipsis, and the width held
/// back on those lines for something else (the time beside a title).
public struct LineStyle: Sendable, Hashable {
    /// Font size in points (1 pt = 1 CSS px).
    public var size: Double
    /// OpenType weight: 400 regular, 600 semibold, 700 bold.
    public var weight: Int
    /// Lines shown before the text is cut with "…".
    public var lines: Int
    /// Width (pt) on each of those lines not available to the text.
    public var reserve: Double

    /// Makes a style.
    public init(size: Double, weight: Int, lines: Int, reserve: Double = 0) {
        self.size = size
        self.weight = weight
        self.lines = lines
        self.reserve = reserve
    }
}

/// One place a notification is read, on one device width: the width of its text box
/// and the style of each kind of line.
public struct Surface: Sendable, Hashable {
    /// The surface (`lock-screen`, `banner`).
    public var name: String
    /// The device class (`compact`, `regular`, `large`).
    public var device: String
    /// Width of the text box, in points.
    public var width: Double
    /// The style of each kind of line.
    public var styles: [LineKind: LineStyle]

    /// Makes a surface.
    public init(name: String, device: String, width: Double, styles: [LineKind: LineStyle]) {
        self.name = name
        self.device = device
        self.width = width
        self.styles = styles
    }

    /// "lock-screen compact", as findings name it.
    public var label: String { "\(name) \(device)" }

    /// The usable width of a line of `kind`.
    public func lineWidth(_ kind: LineKind) -> Double {
        max(width - (styles[kind]?.reserve ?? 0), 1)
    }

    /// The device classes: screen widths in points (iPhone SE / mini, iPhone 15 / 16,
    /// the Plus and Pro Max phones).
    public static let devices: [(name: String, screen: Double)] = [("compact", 375), ("regular", 393), ("large", 430)]

    /// Points of a screen's width that are not text on a notification: the platter's margin
    /// on both sides (8 + 8), the app icon with its padding on the leading side
    /// (14 + 38 + 10), the trailing padding (14).
    public static let chrome: Double = 8 + 8 + 14 + 38 + 10 + 14

    /// The built-in table (Docs/fit.md): the Lock Screen (and Notification Center, laid out
    /// alike) and the banner, on each device class. Titles and subtitles one line of 15 pt
    /// semibold, the title beside the time (40 pt held back); bodies 15 pt regular, four
    /// lines on the Lock Screen, three on a banner.
    public static let standard: [Surface] = {
        var out: [Surface] = []
        for (name, bodyLines) in [("lock-screen", 4), ("banner", 3)] {
            for d in devices {
                out.append(Surface(name: name, device: d.name, width: d.screen - chrome, styles: [
                    .title: LineStyle(size: 15, weight: 600, lines: 1, reserve: 40),
                    .subtitle: LineStyle(size: 15, weight: 600, lines: 1),
                    .body: LineStyle(size: 15, weight: 400, lines: bodyLines),
                ]))
            }
        }
        return out
    }()
}
