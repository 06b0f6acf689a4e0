// Plural rules, number formatting (skeletons) and currencies (herald_icu.h).

#include "shim.hpp"

#include <cmath>
#include <cstdio>

using namespace hicu;

namespace {

int32_t resultOut(UFormattedNumber *r, char *out, int32_t cap, int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) { return unumf_resultToString(r, b, c, ec); },
        out, cap, status);
}

// Formats into the thread's result with `f(result, &ec)` and writes its text out.
template <typename F>
int32_t formatNumber(F &&f, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    f(r, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return resultOut(r, out, cap, status);
}

}  // namespace

extern "C" {

// MARK: plural rules

static UPluralType pluralType(HICUPluralType type) {
    return type == HICUPluralTypeOrdinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL;
}

HICUPluralRules *hicu_plural_open(const char *locale, HICUPluralType type, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UPluralRules *r = uplrules_openForType(locale, pluralType(type), &ec);
    return opened<HICUPluralRules>(r, uplrules_close, ec, status);
}

void hicu_plural_close(HICUPluralRules *rules) {
    closeHandle(rules, &HICUPluralRules::rules, uplrules_close);
}

int32_t hicu_plural_keywords(const HICUPluralRules *rules, char *out, int32_t cap,
                             int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UEnumeration *e = uplrules_getKeywords(rules->rules, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    static const char *order[] = {"zero", "one", "two", "few", "many", "other"};
    std::vector<std::string> found;
    const char *kw;
    int32_t len;
    while ((kw = uenum_next(e, &len, &ec)) != nullptr && U_SUCCESS(ec)) found.emplace_back(kw, len);
    uenum_close(e);
    std::string joined;
    for (const char *o : order) {
        for (auto &f : found)
            if (f == o) {
                if (!joined.empty()) joined += ' ';
                joined += f;
            }
    }
    return copyOut(joined.c_str(), (int32_t)joined.size(), out, cap, status);
}

int32_t hicu_plural_select_double(const HICUPluralRules *rules, double value, char *out,
                                  int32_t cap, int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return uplrules_select(rules->rules, value, b, c, ec);
        },
        out, cap, status);
}

int32_t hicu_plural_rule_with_samples(const char *locale, HICUPluralType type, const char *keyword,
                                      char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *root = ures_openDirect(nullptr, "plurals", &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    UResourceBundle *locs =
        ures_getByKey(root, type == HICUPluralTypeOrdinal ? "locales_ordinals" : "locales", nullptr, &ec);
    // Walk the locale's parents (sr_Latn_RS -> sr_Latn -> sr) until a rule set is named.
    char cur[ULOC_FULLNAME_CAPACITY];
    strncpy(cur, locale, sizeof cur - 1);
    cur[sizeof cur - 1] = 0;
    std::string set;
    while (U_SUCCESS(ec) && cur[0]) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(locs, cur, &l, &e2);
        if (U_SUCCESS(e2)) {
            char b[64];
            u_UCharsToChars(s, b, l < 63 ? l : 63);
            b[l < 63 ? l : 63] = 0;
            set = b;
            break;
        }
        UErrorCode e3 = U_ZERO_ERROR;
        char parent[ULOC_FULLNAME_CAPACITY];
        int32_t pl = uloc_getParent(cur, parent, (int32_t)sizeof parent, &e3);
        if (U_FAILURE(e3) || pl <= 0) break;
        memcpy(cur, parent, (size_t)pl + 1);
    }
    if (set.empty()) {
        // root: everything is "other"
        ures_close(locs);
        ures_close(root);
        if (strcmp(keyword, "other") == 0) return copyOut("", 0, out, cap, status);
        *status = U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    UResourceBundle *rules = ures_getByKey(root, "rules", nullptr, &ec);
    UResourceBundle *setb = ures_getByKey(rules, set.c_str(), nullptr, &ec);
    int32_t n = 0;
    if (U_SUCCESS(ec)) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(setb, keyword, &l, &e2);
        if (U_SUCCESS(e2)) {
            n = toUTF8(s, l, out, cap, status);
        } else {
            *status = e2;
        }
    } else {
        *status = ec;
    }
    ures_close(setb);
    ures_close(rules);
    ures_close(locs);
    ures_close(root);
    return n;
}

// MARK: numbers

HICUNumberFormatter *hicu_number_open(const char *skeleton, const char *locale,
                                      int32_t *error_offset, int32_t *status) {
    int32_t st = 0;
    int32_t n = toUTF16(skeleton, -1, scratch.a, &st);
    if (n < 0) {
        *status = st;
        return nullptr;
    }
    UErrorCode ec = U_ZERO_ERROR;
    UParseError pe;
    pe.offset = -1;
    UNumberFormatter *f =
        unumf_openForSkeletonAndLocaleWithError(scratch.a.data(), n, locale, &pe, &ec);
    if (U_FAILURE(ec)) {
        if (error_offset) *error_offset = pe.offset;
        *status = ec;
        if (f) unumf_close(f);
        return nullptr;
    }
    if (error_offset) *error_offset = -1;
    // Grouping changes no operand: the device's grouped integers are exact integers too.
    return new HICUNumberFormatter{f, strcmp(skeleton, "precision-integer") == 0 ||
                                          strcmp(skeleton, "precision-integer group-on-aligned") == 0};
}

void hicu_number_close(HICUNumberFormatter *fmt) {
    closeHandle(fmt, &HICUNumberFormatter::fmt, unumf_close);
}

int32_t hicu_number_format_int(const HICUNumberFormatter *fmt, int64_t value, char *out,
                               int32_t cap, int32_t *status) {
    return formatNumber(
        [&](UFormattedNumber *r, UErrorCode *ec) { unumf_formatInt(fmt->fmt, value, r, ec); }, out,
        cap, status);
}

int32_t hicu_number_format_double(const HICUNumberFormatter *fmt, double value, char *out,
                                  int32_t cap, int32_t *status) {
    return formatNumber(
        [&](UFormattedNumber *r, UErrorCode *ec) { unumf_formatDouble(fmt->fmt, value, r, ec); },
        out, cap, status);
}

int32_t hicu_number_format_decimal(const HICUNumberFormatter *fmt, const char *decimal,
                                   int32_t decimal_len, char *out, int32_t cap,
                                   int32_t *status) {
    return formatNumber(
        [&](UFormattedNumber *r, UErrorCode *ec) {
            unumf_formatDecimal(fmt->fmt, decimal, decimal_len, r, ec);
        },
        out, cap, status);
}

// "123450", 2 -> "1234.50"; "-5", 2 -> "-0.05". Returns the length.
static int32_t minorUnitsDecimal(int64_t minor, int32_t digits, char *out) {
    char rev[24];
    int32_t n = 0;
    uint64_t mag = minor < 0 ? (uint64_t)0 - (uint64_t)minor : (uint64_t)minor;
    do {
        rev[n++] = (char)('0' + mag % 10);
        mag /= 10;
    } while (mag);
    while (n <= digits) rev[n++] = '0';  // at least one integer digit
    int32_t len = 0;
    if (minor < 0) out[len++] = '-';
    for (int32_t i = n - 1; i >= 0; i--) {
        out[len++] = rev[i];
        if (i == digits && digits > 0) out[len++] = '.';
    }
    out[len] = 0;
    return len;
}

static HICUPluralCategory keywordCategory(const UChar *kw, int32_t len) {
    if (len < 3) return HICUPluralCategoryOther;
    switch (kw[0]) {
        case u'z': return HICUPluralCategoryZero;
        case u'o': return kw[1] == u'n' ? HICUPluralCategoryOne : HICUPluralCategoryOther;
        case u't': return HICUPluralCategoryTwo;
        case u'f': return HICUPluralCategoryFew;
        case u'm': return HICUPluralCategoryMany;
        default: return HICUPluralCategoryOther;
    }
}

int32_t hicu_number_format_select_index(const HICUNumberFormatter *fmt,
                                        const HICUPluralRules *rules, HICUNumberKind kind,
                                        int64_t int_value, double double_value,
                                        const char *decimal, int32_t decimal_len,
                                        int32_t digits, char *out, int32_t cap,
                                        HICUPluralCategory *category, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    switch (kind) {
        case HICUNumberKindInt64: unumf_formatInt(fmt->fmt, int_value, r, &ec); break;
        case HICUNumberKindDouble: unumf_formatDouble(fmt->fmt, double_value, r, &ec); break;
        case HICUNumberKindMinorUnits: {
            if (digits < 0 || digits > 18) {
                *status = U_ILLEGAL_ARGUMENT_ERROR;
                return 0;
            }
            char buf[48];
            int32_t n = minorUnitsDecimal(int_value, digits, buf);
            unumf_formatDecimal(fmt->fmt, buf, n, r, &ec);
            break;
        }
        case HICUNumberKindDecimal:
            unumf_formatDecimal(fmt->fmt, decimal, decimal_len, r, &ec);
            break;
        case HICUNumberKindFixed: {
            // The double itself: ICU rounds its shortest decimal half-even (2.675 with
            // two digits is 2.68), as CoreFoundation's localized %.Nf does.
            if (digits < 0 || digits > 20 || !std::isfinite(double_value) || std::fabs(double_value) >= 1e100) {
                *status = U_ILLEGAL_ARGUMENT_ERROR;
                return 0;
            }
            unumf_formatDouble(fmt->fmt, double_value, r, &ec);
            break;
        }
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    if (category) *category = HICUPluralCategoryNotSelected;
    if (rules && category) {
        UChar kw[16];
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t kl;
        // An integer shown by a bare precision-integer formatter has the
        // operands of the integer itself: select on it directly (exact up to
        // 2^53), which gives the same category as uplrules_selectFormatted
        // without ICU rebuilding a double from the formatted digits' text.
        if (kind == HICUNumberKindInt64 && fmt->exactInteger && int_value >= -(INT64_C(1) << 53) &&
            int_value <= (INT64_C(1) << 53)) {
            kl = uplrules_select(rules->rules, (double)int_value, kw, 16, &e2);
        } else {
            kl = uplrules_selectFormatted(rules->rules, r, kw, 16, &e2);
        }
        if (U_FAILURE(e2)) {
            *status = e2;
            return 0;
        }
        *category = keywordCategory(kw, kl);
    }
    return resultOut(r, out, cap, status);
}

int32_t hicu_currency_fraction_digits(const char *iso_code, HICUCurrencyUsage usage,
                                      int32_t *status) {
    UChar code[4];
    if (strlen(iso_code) != 3) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    u_charsToUChars(iso_code, code, 3);
    code[3] = 0;
    UErrorCode ec = U_ZERO_ERROR;
    int32_t d = ucurr_getDefaultFractionDigitsForUsage(
        code, usage == HICUCurrencyUsageCash ? UCURR_USAGE_CASH : UCURR_USAGE_STANDARD, &ec);
    if (U_FAILURE(ec)) *status = ec;
    return d;
}

}  // extern "C"
