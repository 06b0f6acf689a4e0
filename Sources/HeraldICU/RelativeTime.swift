internal import CHeraldICU
import HeraldSync

/// Relative time ("in 15 minutes", "yesterday", "vor 2 Stunden").
public final class RelativeTimeFormat: Sendable {
    /// How long the words are (`in 3 hours`, `in 3 hr.`, `in 3h`).
    public enum Width: Sendable, Hashable {
        case long, short, narrow

        var icu: HICURelativeWidth { self == .narrow ? .narrow : self == .short ? .short : .long }
    }
    /// The unit of the distance.
    public enum Unit: Sendable, Hashable, CaseIterable {
        case year, quarter, month, week, day, hour, minute, second

        var icu: HICURelativeUnit {
            switch self {
            case .year: .year
            case .quarter: .quarter
            case .month: .month
            case .week: .week
            case .day: .day
            case .hour: .hour
            case .minute: .minute
            case .second: .second
            }
        }
    }

    private let handle: Locked<OpaquePointerBox>
    /// The locale.
    public let locale: LocaleID
    /// The width of the words.
    public let width: Width

    /// By width.
    private static let cache = FormatterCache<Width, RelativeTimeFormat> { (locale, width) throws(ICUError) in
        try RelativeTimeFormat(locale: locale, width: width)
    }

    /// The formatter for `locale` and `width` (cached).
    ///
    /// - Throws: `ICUError` when ICU cannot open one.
    public static func `for`(_ locale: LocaleID, width: Width = .long) throws(ICUError) -> RelativeTimeFormat {
        try cache.value(for: locale, width)
    }

    private init(locale: LocaleID, width: Width) throws(ICUError) {
        let h = try icuOpen("relative time", locale: locale) { status, _ in hicu_relative_open(locale.icuID, width.icu, status) }
        self.locale = locale
        self.width = width
        self.handle = Locked(OpaquePointerBox(h))
    }

    deinit { handle.withLock { hicu_relative_close($0.pointer) } }

    /// `numeric: false` allows words ("tomorrow"); `true` always uses numbers ("in 1 day").
    public func format(_ offset: Double, unit: Unit, numeric: Bool = false) throws(ICUError) -> String {
        guard offset.isFinite else {
            throw ICUError(message: "not a finite offset", operation: "relative time", locale: locale.icuID)
        }
        return try handle.withLock { box throws(ICUError) in
            try icuString(operation: "relative time", locale: locale.icuID) {
                hicu_relative_format(box.pointer, offset, unit.icu, numeric ? 1 : 0, $0, $1, $2)
            }
        }
    }

    /// Picks the unit a person would use for a span of seconds (future positive):
    /// under a minute → seconds, under an hour → minutes, under a day → hours,
    /// under a week → days, then weeks, months and years; rounds toward the
    /// nearer whole unit.
    public func format(seconds: Double) throws(ICUError) -> String {
        let a = abs(seconds)
        let (value, unit): (Double, Unit)
        switch a {
        case ..<60: (value, unit) = (seconds, .second)
        case ..<3600: (value, unit) = ((seconds / 60).rounded(), .minute)
        case ..<86400: (value, unit) = ((seconds / 3600).rounded(), .hour)
        case ..<(7 * 86400): (value, unit) = ((seconds / 86400).rounded(), .day)
        case ..<(30 * 86400): (value, unit) = ((seconds / (7 * 86400)).rounded(), .week)
        case ..<(365 * 86400): (value, unit) = ((seconds / (30 * 86400)).rounded(), .month)
        default: (value, unit) = ((seconds / (365 * 86400)).rounded(), .year)
        }
        return try format(value.rounded(), unit: unit, numeric: unit == .second || unit == .minute || unit == .hour)
    }
}
