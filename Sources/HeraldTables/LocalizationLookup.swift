public import HeraldICU
import HeraldSync
import HeraldTableFormats

/// How Apple picks an `.lproj` folder (or a catalog's language) for a user's
/// locale — `Bundle.preferredLocalizations(from:forPreferences:)`, which
/// CoreFoundation answers with Apple ICU's `ualoc_localizationsToUse` —
/// written down so Herald picks the same one.
///
/// Each locale has a *parent chain*: its normalized id, then parents from
/// Apple's own table where bundles inherit differently from CLDR, else CLDR's
/// parent (`%%Parent`), else the id with the last subtag removed:
/// - `en-AU` → `en-GB` → `en-001` → `en`; `en-NZ` → `en-AU` → …; `en-IN` →
///   `en-GB` → …; `en-US` → `en`; a region ICU does not know keeps its
///   language: `en-XZ` → `en`;
/// - `es-MX`, `es-AR` … → `es-419` → `es`; `pt-AO` → `pt-PT` → `pt`;
///   `pt-PT` → `pt`; `pt-BR` → `pt`;
/// - `zh-Hant-HK` → `zh-HK` → `zh-Hant` → `zh-TW` (never `zh`, which is
///   Simplified Chinese); `zh-Hant-MO` → `zh-Hant-HK` → …;
///   `zh-Hans-CN` → `zh-Hans` → `zh`;
/// - `sr-Latn` has the root as parent, so it never falls back to Cyrillic `sr`.
///
/// Folder names are normalized before comparing: `zh-TW` means `zh-Hant-TW`,
/// `zh-HK` `zh-Hant-HK`, `zh-CN` `zh-Hans-CN`, `zh` `zh-Hans`, `no` `nb`,
/// `iw` `he`, and Apple's legacy names (`English.lproj`) their codes.
public enum LocalizationLookup {
    /// The candidate localization names for `locale`, most specific first,
    /// in BCP 47 form: its parent chain, with the legacy Chinese spellings
    /// (`zh-TW`, `zh-HK`, `zh-CN`) next to the ids they stand for.
    public static func candidates(for locale: LocaleID) -> [String] {
        var out: [String] = []
        func add(_ tag: String) { if !tag.isEmpty, !out.contains(tag) { out.append(tag) } }
        for id in chain(for: locale) {
            add(bcp47(id))
            if let legacy = legacyChineseName[id] { add(legacy) }
        }
        return out
    }

    /// The parent chain of `locale` as ICU ids, normalized id first
    /// (`zh_HK` → [`zh_Hant_HK`, `zh_HK`, `zh_Hant`, `zh_TW`]).
    public static func chain(for locale: LocaleID) -> [String] {
        parentChain(of: normalizedID(locale), penalizeNonDefaultRegion: false)
    }

    /// The localizations among `available` (folder or catalog names as
    /// written: `pt-br`, `zh_Hans`, `English`) that serve `locale`, best
    /// first, as Apple chooses them: the best match, then the other
    /// available localizations on that match's parent chain (`en-AU` with
    /// `[en, en-GB]` → `[en-GB, en]`), then `development` and `Base` when
    /// present (Herald's last resort for keys missing everywhere else).
    /// Empty when nothing serves the locale and neither fallback exists.
    ///
    /// Scoring follows Apple: an exact name match wins, then an exact
    /// normalized match, then the match found earliest in both parent chains
    /// (a localization for a region other than its language's default, such
    /// as `en-GB` or `pt-PT`, counts one step further away); `pt-BR` serves
    /// `pt-PT` only when nothing else does.
    public static func match(
        _ locale: LocaleID, available: [String], development: String? = "en"
    ) -> [String] {
        let wantBase = baseID(locale)
        let want = normalizedID(locale)
        let wantChain = parentChain(of: want, penalizeNonDefaultRegion: false)
        let wantGroup = languageGroup(language(of: want))

        struct Entry {
            let name: String
            let base: String?
            let normalized: String
        }
        let entries: [Entry] = available.map { name in
            let ids = folderIDs(name)
            return Entry(name: name, base: ids.base, normalized: ids.normalized)
        }

        var best: Entry?
        var bestScore = Int.max
        var portugueseFallback: Entry?
        for e in entries {
            if bestScore > -1, e.base == wantBase {
                best = e
                bestScore = -1
            } else if bestScore > 0, e.normalized == want {
                best = e
                bestScore = 0
            } else if bestScore > 0, e.base != nil, languageGroup(language(of: e.normalized)) == wantGroup {
                let theirChain = parentChain(of: e.normalized, penalizeNonDefaultRegion: true)
                for (i, mine) in wantChain.enumerated() {
                    for (j, theirs) in theirChain.enumerated() where mine == theirs {
                        if want == "pt_PT" && e.normalized == "pt_BR" {
                            portugueseFallback = e
                            continue
                        }
                        var score = i + j
                        if language(of: want) != language(of: e.normalized) { score += 1 }
                        if score < bestScore {
                            bestScore = score
                            best = e
                        }
                    }
                }
            }
        }
        if best == nil { best = portugueseFallback }

        var out: [String] = []
        func add(_ name: String) { if !out.contains(name) { out.append(name) } }
        if let best {
            add(best.name)
            for id in parentChain(of: best.normalized, penalizeNonDefaultRegion: false).dropFirst() {
                for e in entries where e.normalized == id { add(e.name) }
            }
        }
        if let development {
            let key = normalize(development)
            if let hit = entries.first(where: { normalize($0.name) == key }) { add(hit.name) }
        }
        if let base = entries.first(where: { lowercased($0.name) == "base" }) { add(base.name) }
        return out
    }

    /// Folder-name spelling to a comparable key: the normalized id in lower
    /// case with '-' (`zh_TW` → `zh-hant-tw`, `English` → `en`, `no` → `nb`);
    /// names that are not locale ids are only lower-cased (`base`).
    /// Remembered: a catalog normalizes every folder name on each first
    /// look-up of a locale, and each costs several ICU calls (for a batch
    /// over 16 locales that was 6M instructions of its start).
    public static func normalize(_ name: String) -> String {
        if let hit = normalizedNames.withLock({ $0[name] }) { return hit }
        let made = normalizeUncached(name)
        normalizedNames.withLock { memo in
            // Names can come from input: bounded, like the formatter caches.
            if memo.count >= 4096 { memo.removeAll(keepingCapacity: true) }
            memo[name] = made
        }
        return made
    }

    private static let normalizedNames = Locked<[String: String]>([:])

    static func normalizeUncached(_ name: String) -> String {
        guard let id = try? LocaleID(legacyNames[lowercased(name)] ?? name) else { return lowercased(name) }
        return lowercased(bcp47(normalizedID(id)))
    }

    // MARK: - Names that need no ICU

    /// The language subtag `normalize(name)` starts with, read without ICU when the name is
    /// plainly `ll`, `ll-Ssss`, `ll-RR`, `ll-999` or `ll-Ssss-RR` (either separator, any case)
    /// with a two-letter language that CLDR does not alias (`iw`, `in`, `ji`, `jw`, `mo`, `sh`,
    /// `tl`, `tw`, `bh` are; `no` is Apple's `nb`). Nil when only ICU can tell: other shapes,
    /// three-letter codes (many are aliases: `heb`, `cmn`), extlangs and variants
    /// (`zh-yue`, `hy-arevmda`), Apple's English names (`German`), `Base`.
    /// A test checks every two-letter code against ICU.
    public static func plainLanguage(of name: String) -> String? {
        guard let code = plainCode(of: name) else { return nil }
        return String(decoding: [UInt8(code >> 8), UInt8(code & 0xFF)], as: UTF8.self)
    }

    /// `plainLanguage(of:)` as its two lower-case ASCII letters (first in the high byte),
    /// read in place: catalogs ask it of every file's localization on each new locale.
    static func plainCode(of name: String) -> UInt16? {
        let code: UInt16?? = name.utf8.withContiguousStorageIfAvailable { b -> UInt16? in
            @inline(__always) func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
            @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
            @inline(__always) func isSeparator(_ c: UInt8) -> Bool { c == 0x2D || c == 0x5F }
            let n = b.count
            guard n >= 2, isLetter(b[0]), isLetter(b[1]), n == 2 || isSeparator(b[2]) else { return nil }
            // The subtags after the language: [Ssss] then [RR | 999], nothing else.
            var i = 3
            var sawScript = false
            var sawRegion = false
            while i <= n, n > 2 {
                var j = i
                while j < n, !isSeparator(b[j]) { j += 1 }
                let length = j - i
                if !sawScript, !sawRegion, length == 4, isLetter(b[i]), isLetter(b[i + 1]), isLetter(b[i + 2]), isLetter(b[i + 3]) {
                    sawScript = true
                } else if !sawRegion, length == 2, isLetter(b[i]), isLetter(b[i + 1]) {
                    sawRegion = true
                } else if !sawRegion, length == 3, isDigit(b[i]), isDigit(b[i + 1]), isDigit(b[i + 2]) {
                    sawRegion = true
                } else {
                    return nil
                }
                if j == n { break }
                i = j + 1
                if i == n { return nil }  // a trailing separator
            }
            let code = UInt16(b[0] | 0x20) << 8 | UInt16(b[1] | 0x20)
            if icuAliasedCodes.contains(code) { return nil }
            return code == Self.no ? Self.nb : code
        }
        return code ?? nil
    }

    private static func code(_ s: StaticString) -> UInt16 {
        UInt16(s.utf8Start[0]) << 8 | UInt16(s.utf8Start[1])
    }
    private static let no = code("no")
    private static let nb = code("nb")
    private static let icuAliasedCodes: [UInt16] = icuAliasedLanguages.map { language in
        let b = Array(language.utf8)
        return UInt16(b[0]) << 8 | UInt16(b[1])
    }

    /// Two-letter languages ICU 72's canonicalization (CLDR 42 `languageAlias`) replaces on
    /// their own (`iw` → `he`); the others it aliases only with a variant or extlang.
    static let icuAliasedLanguages: Set<String> = ["bh", "in", "iw", "ji", "jw", "mo", "sh", "tl", "tw"]

    /// The language groups whose localizations `match(locale, available:, development:)` can
    /// return: the locale's own (a best match and its parent chain never leave it — Hindi's
    /// `hi-Latn` → `en-IN` included) and the development localization's.
    public static func groups(servedFor locale: LocaleID, development: String?) -> Set<String> {
        var out: Set<String> = [languageGroup(language(of: normalizedID(locale)))]
        if let development {
            let lang = plainLanguage(of: development) ?? String(normalize(development).prefix { $0 != "-" })
            out.insert(languageGroup(lang))
        }
        return out
    }

    /// Decides without ICU which localization names can matter to one locale's match
    /// (`groups(servedFor:development:)`); the rest need no normalization for it.
    public struct ServingFilter: Sendable {
        /// The groups the match draws from.
        public let groups: Set<String>
        /// Those of two letters, as `plainCode` codes.
        private let codes: [UInt16]

        /// Makes the filter for `locale`, with `development` as the last resort.
        public init(locale: LocaleID, development: String?) {
            groups = LocalizationLookup.groups(servedFor: locale, development: development)
            codes = groups.compactMap { g in
                let b = Array(g.utf8)
                return b.count == 2 ? UInt16(b[0]) << 8 | UInt16(b[1]) : nil
            }
        }

        /// False only when `name` plainly belongs to none of the groups (see
        /// `plainLanguage(of:)`), so the match would never pick it.
        public func mayServe(_ name: String) -> Bool {
            guard let code = LocalizationLookup.plainCode(of: name) else { return true }
            return codes.contains(LocalizationLookup.groupCode(code))
        }
    }

    /// `languageGroup` of a plain two-letter language (three-letter members never are plain).
    static func groupCode(_ code: UInt16) -> UInt16 {
        switch code {
        case Self.hi: return Self.en
        case Self.nb, Self.nn: return Self.no
        default: return code
        }
    }
    private static let hi = code("hi")
    private static let en = code("en")
    private static let nn = code("nn")

    /// `ServingFilter(locale:development:).mayServe(name)` for a group set given by name.
    public static func mayServe(_ name: String, groups: Set<String>) -> Bool {
        guard let lang = plainLanguage(of: name) else { return true }
        return groups.contains(languageGroup(lang))
    }

    /// False only when `name` plainly cannot normalize to `normalized` (a `normalize` result):
    /// its language differs.
    public static func mayNormalize(_ name: String, to normalized: String) -> Bool {
        guard let code = plainCode(of: name) else { return true }
        let theirs: UInt16?? = normalized.utf8.withContiguousStorageIfAvailable { b -> UInt16? in
            guard b.count >= 2, b.count == 2 || b[2] == 0x2D else { return nil }
            return UInt16(b[0]) << 8 | UInt16(b[1])
        }
        guard let theirs else { return true }  // not contiguous: ask ICU
        return theirs == code
    }

    // MARK: - Apple's data

    /// Apple's pre-ISO folder names: the English names of the classic Mac OS language
    /// codes, which older Xcode projects still ship (`English.lproj`, `German.lproj`…) and
    /// CoreFoundation still reads as their languages. Compared in lower case.
    static let legacyNames: [String: String] = [
        "afrikaans": "af", "albanian": "sq", "amharic": "am", "arabic": "ar", "armenian": "hy",
        "assamese": "as", "aymara": "ay", "azerbaijani": "az", "basque": "eu", "bengali": "bn",
        "breton": "br", "bulgarian": "bg", "burmese": "my", "byelorussian": "be", "catalan": "ca",
        "chinese": "zh_Hans", "croatian": "hr", "czech": "cs", "danish": "da", "dutch": "nl",
        "dzongkha": "dz", "english": "en", "esperanto": "eo", "estonian": "et", "faroese": "fo",
        "farsi": "fa", "finnish": "fi", "french": "fr", "galician": "gl", "georgian": "ka",
        "german": "de", "greek": "el", "greenlandic": "kl", "guarani": "gn", "gujarati": "gu",
        "hebrew": "he", "hindi": "hi", "hungarian": "hu", "icelandic": "is", "indonesian": "id",
        "inuktitut": "iu", "irish": "ga", "italian": "it", "japanese": "ja", "javanese": "jv",
        "kannada": "kn", "kashmiri": "ks", "kazakh": "kk", "khmer": "km", "kinyarwanda": "rw",
        "kirghiz": "ky", "korean": "ko", "kurdish": "ku", "lao": "lo", "latin": "la", "latvian": "lv",
        "lithuanian": "lt", "macedonian": "mk", "malagasy": "mg", "malay": "ms", "malayalam": "ml",
        "maltese": "mt", "manx": "gv", "marathi": "mr", "moldavian": "ro", "mongolian": "mn",
        "nepali": "ne", "norwegian": "nb", "nynorsk": "nn", "nyanja": "ny", "oriya": "or", "oromo": "om",
        "pashto": "ps", "polish": "pl", "portuguese": "pt", "punjabi": "pa", "quechua": "qu",
        "romanian": "ro", "rundi": "rn", "russian": "ru", "sami": "se", "sanskrit": "sa", "scottish": "gd",
        "serbian": "sr", "sindhi": "sd", "sinhalese": "si", "slovak": "sk", "slovenian": "sl",
        "somali": "so", "spanish": "es", "sundanese": "su", "swahili": "sw", "swedish": "sv",
        "tagalog": "fil", "tajiki": "tg", "tamil": "ta", "tatar": "tt", "telugu": "te", "thai": "th",
        "tibetan": "bo", "tigrinya": "ti", "tongan": "to", "turkish": "tr", "turkmen": "tk",
        "uighur": "ug", "ukrainian": "uk", "urdu": "ur", "uzbek": "uz", "vietnamese": "vi",
        "welsh": "cy", "yiddish": "yi",
    ]

    /// Ids Apple rewrites before comparing (legacy Chinese and Norwegian forms).
    static let aliases: [String: String] = [
        "zh": "zh_Hans", "zh_CN": "zh_Hans_CN", "zh_SG": "zh_Hans_SG", "zh_TW": "zh_Hant_TW",
        "zh_HK": "zh_Hant_HK", "zh_MO": "zh_Hant_MO", "yue_CN": "yue_Hans_CN",
        "yue_HK": "yue_Hant_HK", "no": "nb", "no_NO": "nb_NO",
    ]

    static let legacyChineseName: [String: String] = [
        "zh_Hans_CN": "zh-CN", "zh_Hans_SG": "zh-SG", "zh_Hant_TW": "zh-TW",
        "zh_Hant_HK": "zh-HK", "zh_Hant_MO": "zh-MO",
    ]

    /// Where Apple's bundle inheritance differs from CLDR's parents.
    static let appleParents: [String: String] = {
        var map: [String: String] = [
            "ars": "ar", "en_150": "en_GB", "en_GB": "en_001", "es_MX": "es_419",
            "wuu": "wuu_Hans", "wuu_Hans": "zh_Hans", "wuu_Hant": "zh_Hant",
            "yue": "yue_Hant", "yue_HK": "zh_Hant_HK", "yue_Hans": "zh_Hans", "yue_Hant": "yue_HK",
            "zh_HK": "zh_Hant", "zh_Hant": "zh_TW", "zh_Hant_HK": "zh_HK", "zh_TW": "root",
            "en_CY": "en_150",
        ]
        // English of the Commonwealth and former British territories → en_GB.
        for r in [
            "AG", "AI", "AU", "BB", "BD", "BM", "BN", "BS", "BW", "BZ", "DG", "DM", "FJ", "FK",
            "GD", "GG", "GH", "GI", "GM", "GY", "HK", "IE", "IM", "IN", "IO", "JE", "JM", "KE",
            "KI", "KN", "KY", "LC", "LK", "LS", "MO", "MS", "MT", "MU", "MV", "MW", "MY", "NA",
            "NG", "PK", "PN", "SB", "SC", "SD", "SG", "SH", "SL", "SS", "SZ", "TC", "TO", "TT",
            "TV", "TZ", "UG", "VC", "VG", "VU", "ZA", "ZM", "ZW",
        ] { map["en_" + r] = "en_GB" }
        // … and of Oceania → en_AU.
        for r in ["CC", "CK", "CX", "NF", "NR", "NU", "NZ", "PG", "WS"] { map["en_" + r] = "en_AU" }
        return map
    }()

    // MARK: - Chains

    private static let folderCache = Locked<[String: (base: String?, normalized: String)]>([:])

    /// A folder name's base and normalized ids (nil base: not a locale id,
    /// such as `Base`), cached because catalogs ask about the same names on
    /// every lookup.
    static func folderIDs(_ name: String) -> (base: String?, normalized: String) {
        if let hit = folderCache.withLock({ $0[name] }) { return hit }
        let ids: (base: String?, normalized: String)
        if let id = try? LocaleID(legacyNames[lowercased(name)] ?? name) {
            ids = (baseID(id), normalizedID(id))
        } else {
            ids = (nil, lowercased(name))
        }
        folderCache.withLock { if $0.count < 4096 { $0[name] = ids } }
        return ids
    }

    private static let chainCache = Locked<[String: [String]]>([:])

    static func parentChain(of id: String, penalizeNonDefaultRegion: Bool) -> [String] {
        let key = penalizeNonDefaultRegion ? id + "+" : id
        if let hit = chainCache.withLock({ $0[key] }) { return hit }
        var chain = [id]
        if penalizeNonDefaultRegion, region(of: id) != nil, id != "es_MX", id != "zh_Hant_TW",
            region(of: LocaleID(unchecked: id).minimized().icuID) != nil
        {
            // A non-default region (en_GB, pt_PT) counts one step further away.
            chain.append(id)
        }
        var current = id
        while chain.count < 10 {
            let parent = appleParents[current] ?? LocaleID(unchecked: current).cldrParent?.icuID ?? "root"
            if parent.isEmpty || parent == "root" { break }
            chain.append(parent)
            current = parent
        }
        chainCache.withLock { if $0.count < 4096 { $0[key] = chain } }
        return chain
    }

    /// language[_Script][_REGION], without variants or keywords.
    static func baseID(_ locale: LocaleID) -> String {
        var id = locale.language
        if let s = locale.script { id += "_" + s }
        if let r = locale.region { id += "_" + r }
        return id
    }

    static func normalizedID(_ locale: LocaleID) -> String {
        let base = baseID(locale)
        if let alias = aliases[base] { return alias }
        // no_NO-style aliases on the language alone, keeping the rest.
        let lang = locale.language
        if let alias = aliases[lang], lang != "zh", base.hasPrefix(lang + "_") {
            return alias + base.dropFirst(lang.utf8.count)
        }
        return base
    }

    static func language(of id: String) -> String {
        String(id.prefix { $0 != "_" })
    }

    static func region(of id: String) -> String? {
        let parts = id.split(separator: "_")
        guard parts.count >= 2, let last = parts.last, last.count == 2 || last.count == 3,
            last.allSatisfy({ $0.isUppercase || $0.isNumber })
        else { return nil }
        return String(last)
    }

    /// Languages Apple compares as one (Hindi falls back to Indian English).
    static func languageGroup(_ language: String) -> String {
        switch language {
        case "ars": return "ar"
        case "hi": return "en"
        case "nb", "nn": return "no"
        case "wuu", "yue": return "zh"
        default: return language
        }
    }

    static func bcp47(_ id: String) -> String { id.replacingUnderscores() }

    static func lowercased(_ s: String) -> String {
        String(decoding: s.utf8.map { b -> UInt8 in
            if b == 0x5F { return 0x2D }
            if b >= 0x41 && b <= 0x5A { return b + 32 }
            return b
        }, as: UTF8.self)
    }
}
