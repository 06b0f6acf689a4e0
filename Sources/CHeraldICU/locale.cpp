// Locale ids: BCP 47 tags, canonical forms, CLDR parents, likely subtags (herald_icu.h).

#include "shim.hpp"

using namespace hicu;

extern "C" {

// MARK: locale

int32_t hicu_locale_from_tag(const char *tag, char *out, int32_t cap, int32_t *parsed,
                             int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_forLanguageTag(tag, b, c, parsed, ec); },
        out, cap, status);
}

int32_t hicu_locale_to_tag(const char *locale, int strict, char *out, int32_t cap,
                           int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_toLanguageTag(locale, b, c, strict ? 1 : 0, ec); },
        out, cap, status);
}

int32_t hicu_locale_canonicalize(const char *locale, char *out, int32_t cap,
                                 int32_t *status) {
    // Locale::createCanonical applies CLDR's aliases (iw -> he, in -> id,
    // sh -> sr_Latn, tl -> fil), which uloc_canonicalize in ICU 72 does not.
    icu::Locale l = icu::Locale::createCanonical(locale);
    if (l.isBogus()) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    return copyOut(l.getName(), -1, out, cap, status);
}

int32_t hicu_locale_cldr_parent(const char *locale, char *out, int32_t cap, int32_t *status) {
    // The locale's own "%%Parent" (nb -> no, en_AU -> en_001), read through
    // ures_open, the same cached open every formatter uses. ures_openDirect
    // must not be used here: ICU 72 caches the direct open's entry without
    // its parent link, and every later formatter for that locale (nb, nn,
    // nb_NO) would then fall through to root data.
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *rb = ures_open(nullptr, locale, &ec);
    // U_ZERO_ERROR: the locale has its own resource file (a fallback or
    // default warning means ICU opened an ancestor instead).
    if (ec == U_ZERO_ERROR) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(rb, "%%Parent", &l, &e2);
        // Only the locale's own entry: a value found in an ancestor comes
        // with U_USING_FALLBACK_WARNING (nb_NO must not inherit nb's "no").
        if (e2 == U_ZERO_ERROR && l > 0 && l < ULOC_FULLNAME_CAPACITY) {
            char b[ULOC_FULLNAME_CAPACITY];
            u_UCharsToChars(s, b, l);
            b[l] = 0;
            ures_close(rb);
            return copyOut(b, l, out, cap, status);
        }
    }
    if (rb) ures_close(rb);
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_getParent(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_add_likely(const char *locale, char *out, int32_t cap, int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_addLikelySubtags(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_minimize(const char *locale, char *out, int32_t cap, int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_minimizeSubtags(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_part(const char *locale, HICULocalePart part, char *out, int32_t cap,
                         int32_t *status) {
    int32_t (*get)(const char *, char *, int32_t, UErrorCode *) = uloc_getVariant;
    switch (part) {
        case HICULocalePartLanguage: get = uloc_getLanguage; break;
        case HICULocalePartScript: get = uloc_getScript; break;
        case HICULocalePartRegion: get = uloc_getCountry; break;
        case HICULocalePartVariant: get = uloc_getVariant; break;
    }
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return get(locale, b, c, ec); },
        out, cap, status);
}

int hicu_locale_is_rtl(const char *locale) { return uloc_isRightToLeft(locale) ? 1 : 0; }

int hicu_locale_numbers_known(const char *locale) {
    char name[64];
    UErrorCode st = U_ZERO_ERROR;
    int32_t n = uloc_getKeywordValue(locale, "numbers", name, (int32_t)sizeof name, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) return n > 0 ? 0 : 1;
    if (n <= 0) return 1;
    st = U_ZERO_ERROR;
    UNumberingSystem *ns = unumsys_openByName(name, &st);
    if (ns) unumsys_close(ns);
    return U_SUCCESS(st) && ns ? 1 : 0;
}

int32_t hicu_locale_numbering_system(const char *locale, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UNumberingSystem *ns = unumsys_open(locale, &ec);
    if (U_FAILURE(ec) || !ns) {
        *status = U_FAILURE(ec) ? ec : U_ILLEGAL_ARGUMENT_ERROR;
        if (ns) unumsys_close(ns);
        return 0;
    }
    const char *name = unumsys_getName(ns);
    int32_t n = copyOut(name, (int32_t)strlen(name), out, cap, status);
    unumsys_close(ns);
    return n;
}

int hicu_locale_has_data(const char *locale) {
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *rb = ures_open(nullptr, locale, &ec);
    if (U_FAILURE(ec)) return 0;
    int result = 1;
    if (ec == U_USING_DEFAULT_WARNING) result = 0;
    const char *valid = ures_getLocaleByType(rb, ULOC_VALID_LOCALE, &ec);
    if (U_FAILURE(ec) || !valid || !*valid || strcmp(valid, "root") == 0) result = 0;
    ures_close(rb);
    return result;
}

}  // extern "C"
