/// How Apple picks an `.lproj` folder for a user's locale
/// (`Bundle.preferredLocalizations`), written down so Herald picks the same one.
///
/// For a requested locale the candidates are, in order:
/// 1. the locale as given (`zh-Hant-HK`), then language-region when the
///    region's likely script is the script (`zh-HK`), then language-script
///    (`zh-Hant`);
/// 2. the CLDR parent region where a folder commonly exists (`es-MX` →
///    `es-419`; `en-AU` → `en-001`, `en-GB`; `pt-AO` → `pt-PT`;
///    `zh-Hant-MO` → `zh-Hant-HK`);
/// 3. the bare language, but only when its own default script is the
///    requested one (`pt-PT` → `pt`, but `zh-Hant-HK` never → `zh`, which
///    means Simplified Chinese, and `sr-Latn` never → `sr`, Cyrillic);
/// 4. legacy Chinese folder names of the same script (`zh-TW`, `zh-HK` for
///    Traditional; `zh-CN`, `zh-SG` for Simplified).
/// A locale whose region ICU does not know keeps its language (`en-XZ` → `en`).
public enum LocalizationLookup {
    /// The candidate localization names for `locale`, most specific first,
    /// in BCP 47 form.
    public static func candidates(for locale: LocaleID) -> [String] {
        let lang = locale.language
        let given = locale.icuID.split(separator: "@").first.map(String.init) ?? locale.icuID
        let max = locale.maximized()
        let script = locale.script ?? max.script
        let region = locale.region
        var out: [String] = []
        func add(_ parts: String?...) {
            let tag = parts.compactMap { $0 }.joined(separator: "-")
            if !tag.isEmpty, !out.contains(tag) { out.append(tag) }
        }
        add(given.replacingUnderscores())
        if let region {
            // language-region, when that pair implies this script
            let pairScript = (try? LocaleID("\(lang)_\(region)"))?.maximized().script
            if pairScript == script { add(lang, region) }
        }
        if let script { add(lang, script) }
        for parent in parentRegions(language: lang, script: script, region: region) { add(parent) }
        let langScript = (try? LocaleID(lang))?.maximized().script
        if langScript == script || script == nil { add(lang) }
        if lang == "zh" {
            if script == "Hant" {
                add("zh-TW"); add("zh-HK"); add("zh-Hant-TW")
            } else if script == "Hans" {
                add("zh-CN"); add("zh-SG"); add("zh-Hans-CN")
            }
        }
        return out
    }

    /// The localizations among `available` (folder or catalog names as
    /// written: `pt-br`, `zh_Hans`, `English`) that serve `locale`, best
    /// first, followed by `development` and `Base` when present.
    public static func match(
        _ locale: LocaleID, available: [String], development: String? = "en"
    ) -> [String] {
        var byKey: [String: String] = [:]
        for name in available {
            let key = normalize(name)
            if byKey[key] == nil { byKey[key] = name }
        }
        var out: [String] = []
        for c in candidates(for: locale) {
            if let hit = byKey[normalize(c)], !out.contains(hit) { out.append(hit) }
        }
        if let development, let hit = byKey[normalize(development)], !out.contains(hit) {
            out.append(hit)
        }
        if let base = byKey["base"], !out.contains(base) { out.append(base) }
        return out
    }

    /// Folder-name spelling to a comparable key: lower case, '-' for '_',
    /// Apple's legacy English language names mapped to codes.
    public static func normalize(_ name: String) -> String {
        let legacy: [String: String] = [
            "english": "en", "german": "de", "french": "fr", "japanese": "ja", "spanish": "es",
            "italian": "it", "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da",
            "finnish": "fi", "norwegian": "nb", "korean": "ko", "russian": "ru", "polish": "pl",
        ]
        let lower = String(decoding: name.utf8.map { b -> UInt8 in
            if b == 0x5F { return 0x2D }
            if b >= 0x41 && b <= 0x5A { return b + 32 }
            return b
        }, as: UTF8.self)
        if let code = legacy[lower] { return code }
        if lower == "no" { return "nb" }
        return lower
    }

    static func parentRegions(language: String, script: String?, region: String?) -> [String] {
        guard let region else { return [] }
        switch language {
        case "es":
            let latin = [
                "MX", "AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "NI", "PA", "PE",
                "PR", "PY", "SV", "US", "UY", "VE", "BR", "BZ",
            ]
            return latin.contains(region) ? ["es-419", "es-MX"] : []
        case "en":
            if region == "US" || region == "PR" || region == "UM" || region == "VI" || region == "AS" || region == "GU" { return [] }
            return ["en-001", "en-GB"]
        case "pt":
            return region == "BR" ? [] : ["pt-PT"]
        case "zh":
            if script == "Hant" && region == "MO" { return ["zh-Hant-HK", "zh-HK"] }
            return []
        default:
            return []
        }
    }
}
