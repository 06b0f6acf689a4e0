internal import CHeraldICU
import HeraldSync

/// Date and time formatting in a given IANA zone. ICU date formatters are not
/// thread safe, so each shared instance serialises its use.
public final class DateFormat: Sendable {
    private let handle: Locked<OpaquePointerBox>
    /// The locale dates are written for.
    public let locale: LocaleID
    /// The IANA time zone dates are shown in.
    public let zone: String
    /// The resolved ICU pattern ("MMM d, y, h:mm a").
    public let pattern: String

    /// ICU's date and time styles.
    public enum Style: Sendable, Hashable {
        case none, full, long, medium, short

        var icu: HICUDateStyle {
            switch self {
            case .none: .none
            case .full: .full
            case .long: .long
            case .medium: .medium
            case .short: .short
            }
        }
    }

    /// What a formatter is opened for besides its locale: the zone, and a skeleton or
    /// (when `skeleton` is nil) the date and time styles.
    private struct Spec: Hashable, Sendable {
        let zone: String
        let skeleton: String?
        let date: Style
        let time: Style
    }
    private static let cache = FormatterCache<Spec, DateFormat> { (locale, spec) throws(ICUError) in
        try DateFormat(locale: locale, spec: spec)
    }

    /// From a skeleton ("yMMMd", "jmm", "EEEEjmm") resolved to the locale's pattern.
    public static func `for`(skeleton: String, locale: LocaleID, zone: String) throws(ICUError) -> DateFormat {
        try cache.value(for: locale, Spec(zone: zone, skeleton: skeleton, date: .none, time: .none))
    }

    /// From date and time styles.
    public static func `for`(date: Style, time: Style, locale: LocaleID, zone: String) throws(ICUError) -> DateFormat {
        try cache.value(for: locale, Spec(zone: zone, skeleton: nil, date: date, time: time))
    }

    /// True when ICU knows the IANA zone id.
    public static func isKnownZone(_ zone: String) -> Bool {
        !zone.isEmpty && !zone.utf8.contains(0) && hicu_zone_is_known(zone) != 0
    }

    private init(locale: LocaleID, spec: Spec) throws(ICUError) {
        let zone = spec.zone
        guard DateFormat.isKnownZone(zone) else {
            throw ICUError(message: "unknown time zone '\(zone)'", operation: "date format", locale: locale.icuID, input: zone)
        }
        if let skeleton = spec.skeleton, skeleton.isEmpty || skeleton.utf8.count > 64 || skeleton.utf8.contains(0) {
            throw ICUError(
                message: "a date skeleton is 1–64 pattern letters", operation: "date format",
                locale: locale.icuID, input: skeleton)
        }
        let h = try icuOpen("date format", locale: locale, input: spec.skeleton) { status, _ in
            hicu_date_open(locale.icuID, zone, spec.skeleton, spec.date.icu, spec.time.icu, status)
        }
        self.locale = locale
        self.zone = zone
        self.pattern = (try? icuString(operation: "date pattern") { hicu_date_pattern(h, $0, $1, $2) }) ?? ""
        self.handle = Locked(OpaquePointerBox(h))
    }

    deinit { handle.withLock { hicu_date_close($0.pointer) } }

    /// Formats an instant given as milliseconds since 1970-01-01T00:00:00Z.
    public func format(epochMilliseconds: Double) throws(ICUError) -> String {
        guard epochMilliseconds.isFinite else {
            throw ICUError(message: "not a finite instant", operation: "date format", locale: locale.icuID)
        }
        return try handle.withLock { box throws(ICUError) in
            try icuString(operation: "date format", locale: locale.icuID) {
                hicu_date_format(box.pointer, epochMilliseconds, $0, $1, $2)
            }
        }
    }

    /// Offset from UTC of `zone` at an instant, in seconds (DST included).
    public static func utcOffsetSeconds(zone: String, epochMilliseconds: Double) throws(ICUError) -> Int {
        var status: Int32 = 0
        let ms = hicu_zone_offset_ms(zone, epochMilliseconds, &status)
        if status > 0 { throw ICUError(code: status, operation: "time zone offset", input: zone) }
        return Int(ms / 1000)
    }
}

/// An ICU handle owned by a Locked (so the non-Sendable pointer is only touched
/// under the lock).
struct OpaquePointerBox: ~Copyable, @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ p: OpaquePointer) { pointer = p }
}
