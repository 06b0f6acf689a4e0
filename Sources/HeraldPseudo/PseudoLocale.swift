public import HeraldICU
import HeraldDiagnostics

/// A pseudo-locale: the source language's tables transformed so layout problems
/// show without a translation (Docs/pseudo-locales.md). Each is served under a
/// BCP 47 tag with a private-use region (ISO 3166 keeps `XA`–`XZ` for private
/// use, so no real country ever collides with them).
public enum PseudoLocale: String, Sendable, CaseIterable, Hashable {
    /// Accented look-alikes, expanded and bracketed: `en-XA`.
    case accented
    /// Every word reversed by a right-to-left override, laid out right to left: `ar-XB`.
    case rtl
    /// Double length, bracketed: `en-XD`.
    case double
    /// Brackets only: `en-XE` (the edges of the text).
    case bounded

    /// The BCP 47 tag the pseudo-locale is served under.
    public var tag: String {
        switch self {
        case .accented: return "en-XA"
        case .rtl: return "ar-XB"
        case .double: return "en-XD"
        case .bounded: return "en-XE"
        }
    }

    /// The tag as Herald reads it.
    public var locale: LocaleID { LocaleID(unchecked: tag.replacingHyphens) }

    /// The pseudo-locale `locale` names (same language and region), nil for any other.
    public init?(locale: LocaleID) {
        guard let found = Self.allCases.first(where: { $0.locale.language == locale.language && $0.locale.region == locale.region })
        else { return nil }
        self = found
    }

    /// Reads `--pseudo`'s value: `all`, or a comma-separated list of names
    /// (`accented,rtl`) or tags (`en-XA`). Throws a message naming the bad item.
    public static func list(_ text: String) throws(PseudoLocaleError) -> [PseudoLocale] {
        if text.trimmingCharacters(in: " ") == "all" { return allCases }
        var out: [PseudoLocale] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = raw.trimmingCharacters(in: " ")
            let found = allCases.first { $0.rawValue == item.lowercased() || $0.tag.lowercased() == item.lowercased() }
            guard let found else {
                throw PseudoLocaleError(
                    "\(Excerpt.quoted(item)) is not a pseudo-locale (expected all, or a comma-separated list of accented, rtl, double, bounded or their tags en-XA, ar-XB, en-XD, en-XE)")
            }
            if !out.contains(found) { out.append(found) }
        }
        return out
    }
}

/// Why a `--pseudo` list cannot be read.
public struct PseudoLocaleError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var description: String
    init(_ d: String) { description = d }
}

extension String {
    /// `en-XA` as ICU's id `en_XA`.
    fileprivate var replacingHyphens: String { String(map { $0 == "-" ? "_" : $0 }) }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
