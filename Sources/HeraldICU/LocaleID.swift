internal import CHeraldICU

/// A locale identifier, accepted in BCP 47 form (`pt-BR`, `zh-Hant-TW`) or
/// ICU/Apple form (`pt_BR`, `zh_Hant_TW`), held as ICU's canonical id.
public struct LocaleID: Hashable, Sendable, CustomStringConvertible {
    /// ICU's canonical id: `zh_Hant_TW`, `sr_Latn`, `en_US@numbers=arab`.
    public let icuID: String
    /// Shortcuts to this locale's cached formatters (shared by equal ids).
    let slots: LocaleSlots

    /// Parses a tag or id. Throws for empty input, characters outside
    /// `[A-Za-z0-9_@=;-]`, a language subtag that is not 2–3 letters (`und`,
    /// `root` and private-use tags name none), or trailing garbage ICU could not read.
    public init(_ text: String) throws(ICUError) {
        let trimmed = text
        func fail(_ why: String) -> ICUError {
            ICUError(message: why, operation: "locale id", input: text)
        }
        guard !trimmed.isEmpty else { throw fail("empty locale id") }
        guard trimmed.utf8.count <= 100 else { throw fail("locale id too long") }
        for b in trimmed.utf8 {
            let ok =
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x5F || b == 0x40 || b == 0x3D || b == 0x3B
            if !ok { throw fail("invalid character in locale id") }
        }
        // Apple ids use '_' and may carry '@' keywords; BCP 47 uses '-'.
        let id: String
        if trimmed.contains("@") || !trimmed.contains("-") {
            if let problem = Self.icuIDProblem(trimmed) { throw fail(problem) }
            id = try icuString(operation: "locale id", input: text) {
                hicu_locale_canonicalize(trimmed, $0, $1, $2)
            }
        } else {
            var parsed: Int32 = 0
            let fromTag = try icuString(operation: "locale id", input: text) {
                hicu_locale_from_tag(trimmed, $0, $1, &parsed, $2)
            }
            if Int(parsed) != trimmed.utf8.count {
                throw fail("not a valid BCP 47 tag (understood \(parsed) of \(trimmed.utf8.count) characters)")
            }
            id = try icuString(operation: "locale id", input: text) {
                hicu_locale_canonicalize(fromTag, $0, $1, $2)
            }
        }
        let lang = try icuString(operation: "locale id", input: text) {
            hicu_locale_part(id, .language, $0, $1, $2)
        }
        let lc = lang.utf8.count
        if lang.isEmpty || lang == "root" {
            // ICU reads `und`, `root` and a private-use tag (`x-private`) as the root locale,
            // whose language is empty: say what the user typed and why, not "''".
            throw fail(Self.noLanguageProblem(trimmed))
        }
        if !(lc == 2 || lc == 3) || !lang.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            throw fail("'\(lang)' is not a language subtag (2 or 3 letters)")
        }
        if hicu_locale_numbers_known(id) == 0 {
            throw fail("unknown numbering system (ICU knows latn, arab, arabext, beng, deva, thai…)")
        }
        self.icuID = id
        self.slots = LocaleSlots.shared(for: id)
    }

    /// Why a tag ICU read as the root locale (no language) cannot be served, naming the
    /// first subtag as typed: `und` (undetermined), `root`, a private-use tag (`x-…`).
    static func noLanguageProblem(_ text: String) -> String {
        let first = text.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" }).first.map(String.init) ?? text
        switch first.lowercased() {
        case "und":
            return "'\(first)' is the undetermined language, which names no language to serve; give a language such as 'en'"
        case "root":
            return "'\(first)' is ICU's root locale, not a language; give a language such as 'en'"
        case "x", "i":
            return "a private-use tag ('\(first)-…') names no language; give a language such as 'en' first ('en-x-…')"
        default:
            return "'\(first)' is not a language subtag (2 or 3 letters)"
        }
    }

    /// Why an ICU/Apple id (`pt_BR`, `zh_Hant_TW`, `en_US_POSIX`, `de@collation=phonebook`)
    /// is malformed, or nil. ICU itself reads almost anything (`en__US` as English with the
    /// variant US, shown as `en-x-lvariant-us`); Herald takes language, then at most one script
    /// (4 letters), one region (2 letters or 3 digits) and variants (4–8 letters or digits),
    /// in that order, with no empty subtag.
    static func icuIDProblem(_ text: String) -> String? {
        let base = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let subtags = base.split(separator: "_", omittingEmptySubsequences: false)
        if subtags.contains(where: \.isEmpty) {
            return base.isEmpty ? "no language before '@'" : "empty subtag (a '_' at the start or end, or two in a row)"
        }
        func letters(_ s: Substring) -> Bool { s.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } }
        func digits(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        var stage = 0  // 0: script may follow, 1: region may follow, 2: only variants
        for subtag in subtags.dropFirst() {
            let n = subtag.utf8.count
            if stage == 0, n == 4, letters(subtag) {
                stage = 1
            } else if stage <= 1, (n == 2 && letters(subtag)) || (n == 3 && digits(subtag)) {
                stage = 2
            } else if n >= 4 && n <= 8 {
                stage = 2
            } else {
                return "'\(subtag)' is not a script (4 letters), region (2 letters or 3 digits) or variant (4–8 letters or digits) in this place"
            }
        }
        return nil
    }

    /// Wraps an id already known to be canonical (no validation).
    public init(unchecked icuID: String) {
        self.icuID = icuID
        self.slots = LocaleSlots.shared(for: icuID)
    }

    /// Same ICU id.
    public static func == (a: LocaleID, b: LocaleID) -> Bool { a.icuID == b.icuID }
    /// Hashes the ICU id.
    public func hash(into hasher: inout Hasher) { hasher.combine(icuID) }

    /// English (`en`).
    public static let english = LocaleID(unchecked: "en")

    /// The BCP 47 tag.
    public var description: String { bcp47 }

    /// The BCP 47 form: `zh-Hant-TW`, `en-US-u-nu-arab`.
    public var bcp47: String {
        (try? icuString(operation: "language tag") { hicu_locale_to_tag(icuID, 0, $0, $1, $2) })
            ?? icuID.replacingUnderscores()
    }

    /// The language subtag (`pt`).
    public var language: String { part(.language) }
    /// The script subtag (`Hant`), nil when none.
    public var script: String? { let s = part(.script); return s.isEmpty ? nil : s }
    /// The region subtag (`BR`), nil when none.
    public var region: String? { let s = part(.region); return s.isEmpty ? nil : s }

    private func part(_ p: HICULocalePart) -> String {
        (try? icuString(operation: "locale part") { hicu_locale_part(icuID, p, $0, $1, $2) }) ?? ""
    }

    /// Likely subtags added: `zh_HK` → `zh_Hant_HK`, `sr` → `sr_Cyrl_RS`.
    public func maximized() -> LocaleID {
        LocaleID(
            unchecked: (try? icuString(operation: "likely subtags") {
                hicu_locale_add_likely(icuID, $0, $1, $2)
            }) ?? icuID)
    }

    /// Likely subtags removed: `zh_Hant_TW` → `zh_TW`, `en_Latn_US` → `en`.
    public func minimized() -> LocaleID {
        LocaleID(
            unchecked: (try? icuString(operation: "likely subtags") {
                hicu_locale_minimize(icuID, $0, $1, $2)
            }) ?? icuID)
    }

    /// The numbering system the locale's numbers use: CLDR's default (`latn`, `arab` for
    /// `ar`, `arabext` for `fa`) or the one it names (`ar-u-nu-latn` → `latn`); nil when
    /// ICU cannot tell.
    public var defaultNumberingSystem: String? {
        try? icuString(operation: "numbering system") { hicu_locale_numbering_system(icuID, $0, $1, $2) }
    }

    /// True for Arabic, Hebrew, Persian, Urdu and the other RTL scripts.
    public var isRightToLeft: Bool { hicu_locale_is_rtl(icuID) != 0 }

    /// True when ICU has data for this locale's language (not only root).
    public var hasICUData: Bool {
        switch slots.hasICUData.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let known = hicu_locale_has_data(icuID) != 0
            slots.hasICUData.store(known ? 1 : 2, ordering: .relaxed)
            return known
        }
    }

    /// What a reader of the output must be told about this requested locale, or nil:
    /// a language ICU has no data for (`xx`, `qq-ZZ`) is served text from `servedBy` (the
    /// localization found, if any), whose language's plural rules choose its forms (the
    /// one rule for every path, HeraldTables' `LocalizationLookup.pluralLocale`), and
    /// numbers and dates from ICU's root locale. Text from a localization of the unknown
    /// language itself (`xx.lproj`) selects with the root's rules too (everything `other`).
    public func unknownLanguageNote(servedBy: String?) -> String? {
        if hasICUData || language == "root" { return nil }
        guard let servedBy, !servedBy.isEmpty,
            (try? LocaleID(servedBy)).map({ $0.language != language }) ?? true
        else {
            let served = servedBy.map { $0.isEmpty ? "" : " text from '\($0)'," } ?? ""
            return "locale '\(bcp47)' names a language ICU has no data for:\(served) numbers, dates and plural rules from ICU's root locale"
        }
        return "locale '\(bcp47)' names a language ICU has no data for: text and plural rules from '\(servedBy)', numbers and dates from ICU's root locale"
    }

    /// The CLDR parent (`en_AU` → `en_001`, `es_MX` → `es_419`,
    /// `sr_Latn` → root, `en_XZ` → `en`), nil at the root.
    public var cldrParent: LocaleID? {
        let p = (try? icuString(operation: "parent locale") { hicu_locale_cldr_parent(icuID, $0, $1, $2) }) ?? ""
        return p.isEmpty || p == "root" ? nil : LocaleID(unchecked: p)
    }
}

extension String {
    /// An ICU id in BCP 47 spelling as far as the separators go (`zh_Hant_TW` → `zh-Hant-TW`).
    package func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == 0x5F ? 0x2D : $0 }, as: UTF8.self)
    }
}
