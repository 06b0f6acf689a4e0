internal import CHeraldICU
import HeraldSync

/// Relative time ("in 15 minutes", "yesterday", "vor 2 Stunden").
public final class RelativeTimeFormat: Sendable {
    /// How long the words are (`in 3 hours`, `in 3 hr.`, `in 3h`).
    public enum Width: Int32, Sendable, Hashable { case long = 0, short = 1, narrow = 2 }
    /// The unit of the distance.
    public enum Unit: Int32, Sendable, Hashable, CaseIterable {
        case year = 0, quarter, month, week, day, hour, minute, second
    }

    private let handle: Locked<OpaquePointerBox>
    /// The locale.
    public let locale: LocaleID
    /// The width of the words.
    public let width: Width

    private struct CacheKey: Hashable, Sendable {
        let locale: String
        let width: Width
    }
    private static let cache = FormatterCache<CacheKey, RelativeTimeFormat>()

    /// The formatter for `locale` and `width` (cached).
    ///
    /// - Throws: `ICUError` when ICU cannot open one.
    public static func `for`(_ locale: LocaleID, width: Width = .long) throws(ICUError) -> RelativeTimeFormat {
        try cache.value(for: CacheKey(locale: locale.icuID, width: width)) { () throws(ICUError) in
            try RelativeTimeFormat(locale: locale, width: width)
        }
    }

    private init(locale: LocaleID, width: Width) throws(ICUError) {
        var status: Int32 = 0
        guard let h = hicu_relative_open(locale.icuID, width.rawValue, &status), status <= 0 else {
            throw ICUError(code: status, operation: "relative time", locale: locale.icuID)
        }
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
                hicu_relative_format(box.pointer, offset, unit.rawValue, numeric ? 1 : 0, $0, $1, $2)
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
