public import HeraldICU

public enum MF2DateTimeKind: String, Sendable {
    case date, time, datetime
}

/// A date/time a date function resolved: the value, the ICU skeleton its options make,
/// the zone it is shown in, and the override options a later function keeps.
public struct MF2DateTimeValue: MF2Resolved {
    public let kind: MF2DateTimeKind
    public let value: MF2DateTime
    public let skeleton: String
    public let zone: String
    public let locale: LocaleID
    public let direction: MF2Direction
    /// timeZone, hour12 and calendar as given (they pass to a function using this value).
    let overrides: [String: String]

    public var partType: String { "datetime" }
    public var optionValue: MF2Value { .dateTime(value) }

    public func format() throws(MF2Error) -> String {
        var epoch: Double
        if let e = value.epochMilliseconds {
            epoch = e
        } else {
            // A floating time: the same wall clock in the zone it is shown in.
            epoch = value.localMilliseconds
            for _ in 0..<2 {
                let offset = (try? DateFormat.utcOffsetSeconds(zone: zone, epochMilliseconds: epoch)) ?? 0
                epoch = value.localMilliseconds - Double(offset) * 1000
            }
        }
        do {
            return try DateFormat.for(skeleton: skeleton, locale: locale, zone: zone).format(epochMilliseconds: epoch)
        } catch {
            throw MF2Error(.functionError, "ICU could not format the date: \(error)")
        }
    }
}

/// `:date`, `:time` and `:datetime` on ICU's date formatting (skeletons resolved to the
/// locale's patterns).
struct MF2DateTimeFunction: MF2Function {
    let kind: MF2DateTimeKind

    static let choices: [String: [String]] = [
        "dateFields": ["weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day", "year-month-day-weekday"],
        "fields": ["weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day", "year-month-day-weekday"],
        "dateLength": ["long", "medium", "short"], "length": ["long", "medium", "short"],
        "timePrecision": ["hour", "minute", "second"], "precision": ["hour", "minute", "second"],
        "timeZoneStyle": ["long", "short"],
        "hour12": ["true", "false"],
    ]

    var styleOptions: [String] {
        switch kind {
        case .datetime: ["dateFields", "dateLength", "timePrecision", "timeZoneStyle"]
        case .date: ["fields", "length"]
        case .time: ["precision", "timeZoneStyle"]
        }
    }

    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)? {
        let value: MF2DateTime
        var overrides: [String: String] = [:]
        switch call.operand {
        case .string(let s)?:
            guard let d = MF2DateTime(iso: s) else {
                call.report(.badOperand, ":\(kind.rawValue) needs an ISO 8601 date or date-time (2006-01-02T15:04:06), got '\(s)'")
                return nil
            }
            value = d
        case .dateTime(let d)?: value = d
        case .resolved(let r)?:
            if let d = r as? MF2DateTimeValue {
                value = d.value
                overrides = d.overrides
            } else if case .string(let s) = r.optionValue, let d = MF2DateTime(iso: s) {
                value = d
            } else {
                call.report(.badOperand, ":\(kind.rawValue) needs a date, got a :\(r.partType) value")
                return nil
            }
        default:
            call.report(.badOperand, ":\(kind.rawValue) needs a date or date-time")
            return nil
        }
        var style: [String: String] = [:]
        for name in styleOptions {
            guard let o = call.options[name] else { continue }
            guard o.isLiteral else {
                call.report(.badOption, "\(name) must be written as a literal")
                continue
            }
            guard let s = o.value.stringValue, MF2DateTimeFunction.choices[name]!.contains(s) else {
                call.report(.badOption, "\(name) is one of \(MF2DateTimeFunction.choices[name]!.joined(separator: ", "))")
                continue
            }
            style[name] = s
        }
        for name in ["timeZone", "calendar"] + (kind == .date ? [] : ["hour12"]) {
            guard let o = call.options[name] else { continue }
            guard let s = o.value.stringValue else {
                call.report(.badOption, "\(name) must be text")
                continue
            }
            if name == "hour12", s != "true", s != "false" {
                call.report(.badOption, "hour12 is true or false")
                continue
            }
            overrides[name] = s
        }
        var zone = call.timeZone
        if let tz = overrides["timeZone"] {
            if tz == "input" {
                if let offset = value.offsetSeconds { zone = MF2DateTimeFunction.zoneID(offsetSeconds: offset) } else {
                    call.report(.badOperand, "timeZone=input, but the value has no time zone")
                }
            } else if let z = MF2DateTimeFunction.zone(tz) {
                zone = z
            } else {
                call.report(.badOption, "unknown time zone '\(tz)'")
                overrides["timeZone"] = nil
            }
        }
        var locale = call.locale
        if let cal = overrides["calendar"] {
            let ok = !cal.isEmpty && cal.split(separator: "-", omittingEmptySubsequences: false).allSatisfy {
                (3...8).contains($0.count) && $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
            }
            if ok {
                locale = LocaleID(unchecked: locale.icuID + (locale.icuID.contains("@") ? ";" : "@") + "calendar=" + cal.lowercased())
            } else {
                call.report(.badOption, "calendar is a Unicode calendar identifier (gregory, buddhist, japanese…)")
            }
        }
        let skeleton = MF2DateTimeFunction.skeleton(kind, style, hour12: overrides["hour12"])
        return MF2DateTimeValue(
            kind: kind, value: value, skeleton: skeleton, zone: zone, locale: locale, direction: call.localeDirection,
            overrides: overrides)
    }

    static func zoneID(offsetSeconds: Int) -> String {
        if offsetSeconds == 0 { return "UTC" }
        let m = abs(offsetSeconds) / 60
        let hh = m / 60
        let mm = m % 60
        return "GMT" + (offsetSeconds < 0 ? "-" : "+") + (hh < 10 ? "0" : "") + String(hh) + ":" + (mm < 10 ? "0" : "") + String(mm)
    }

    /// `UTC`, an IANA zone ICU knows, or an offset `±hh:mm`.
    static func zone(_ s: String) -> String? {
        if s == "UTC" { return "UTC" }
        let u = Array(s.utf8)
        if u.count == 6, u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-"), u[3] == UInt8(ascii: ":"),
            let h = Int(String(decoding: u[1...2], as: UTF8.self)), let m = Int(String(decoding: u[4...5], as: UTF8.self)),
            h <= 23, m <= 59
        {
            return zoneID(offsetSeconds: (u[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 3600 + m * 60))
        }
        return DateFormat.isKnownZone(s) ? s : nil
    }

    static func skeleton(_ kind: MF2DateTimeKind, _ style: [String: String], hour12: String?) -> String {
        var out = ""
        if kind != .time {
            let fields = style[kind == .date ? "fields" : "dateFields"] ?? "year-month-day"
            let length = style[kind == .date ? "length" : "dateLength"] ?? "medium"
            let parts = Set(fields.split(separator: "-").map(String.init))
            let year = parts.contains("year") ? "y" : ""
            let month = parts.contains("month") ? (length == "long" ? "MMMM" : length == "medium" ? "MMM" : "M") : ""
            let day = parts.contains("day") ? "d" : ""
            let weekday = parts.contains("weekday") ? (length == "long" ? "EEEE" : "EEE") : ""
            out = year + month + day + weekday
        }
        if kind != .date {
            let hour = hour12 == "true" ? "h" : hour12 == "false" ? "H" : "j"
            switch style[kind == .time ? "precision" : "timePrecision"] ?? "minute" {
            case "hour": out += hour
            case "second": out += hour + "mmss"
            default: out += hour + "mm"
            }
            switch style["timeZoneStyle"] {
            case "long": out += "zzzz"
            case "short": out += "z"
            default: break
            }
        }
        return out
    }
}
