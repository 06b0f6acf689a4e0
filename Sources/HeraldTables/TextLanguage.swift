public import HeraldICU
import HeraldTableFormats

// The one rule for which language's plural rules choose a text's forms, used by every
// path that selects one (a `.stringsdict` or String Catalog plural, an ICU MessageFormat
// `plural`, `herald validate`'s samples): the rules of the language the shown text is
// written in. A request for `ru` served by English text selects with English rules (21 →
// `other`, "21 items"), a request for `ja` served by English text with English rules (1 →
// `one`); when the text's language is the requested one, the requested locale's own rules
// (`pt-PT` served by `pt.lproj` → Portugal's rules).

extension LocalizationLookup {
    /// The language a localization's text is written in: the folder or catalog name read
    /// as a locale (`pt-BR`, `zh_TW`), Apple's legacy English names read as their
    /// language (`English.lproj` → `en`, `German.lproj` → `de`), and `Base` — Xcode's base
    /// internationalization, whose text is the development language's — as `development`.
    /// Nil for a name that is no locale (and `Base` when the development language is
    /// unknown or `Base` itself).
    public static func textLanguage(of localization: String, development: String?) -> LocaleID? {
        let name = lowercased(localization)
        if name == "base" {
            guard let development, lowercased(development) != "base" else { return nil }
            return textLanguage(of: development, development: nil)
        }
        return try? LocaleID(legacyNames[name] ?? localization)
    }

    /// The locale whose plural rules choose the forms of a text written in `textLanguage`
    /// for a request for `requested`: the requested locale when the text is in its
    /// language (or the text's language is unknown), else the text's language. Norwegian
    /// `no` and `nb` are one language, as for the look-up.
    public static func pluralLocale(requested: LocaleID, textLanguage: LocaleID?) -> LocaleID {
        guard let text = textLanguage else { return requested }
        func language(_ id: LocaleID) -> String {
            let l = id.language
            return l == "no" ? "nb" : l
        }
        return language(text) == language(requested) ? requested : text
    }

    /// The locale an ICU MessageFormat pattern is formatted in: `requested` when its
    /// plural rules are the text's, else the text's language with the requested locale's
    /// region and numbering system (an ICU message has one locale for its plural rules
    /// and its numbers, and the rules must be the text's): `ru` served by English text
    /// formats as `en_RU`, `ar-EG` served by English text as `en_EG@numbers=arab`.
    public static func messageLocale(requested: LocaleID, textLanguage: LocaleID?) -> LocaleID {
        let rules = pluralLocale(requested: requested, textLanguage: textLanguage)
        if rules == requested { return requested }
        var id = rules.language
        if let script = rules.script { id += "_" + script }
        if let region = requested.region ?? rules.region { id += "_" + region }
        if let numbers = requested.defaultNumberingSystem { id += "@numbers=" + numbers }
        return (try? LocaleID(id)) ?? rules
    }
}
