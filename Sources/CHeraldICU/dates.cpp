// Dates, time zones and relative time (herald_icu.h).

#include "shim.hpp"

using namespace hicu;

extern "C" {

// MARK: dates

int hicu_zone_is_known(const char *zone) {
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t n = toUTF16(zone, -1, z, &st);
    if (n <= 0) return 0;
    UChar canon[128];
    UBool isSystem = 0;
    UErrorCode ec = U_ZERO_ERROR;
    ucal_getCanonicalTimeZoneID(z.data(), n, canon, 128, &isSystem, &ec);
    return U_SUCCESS(ec) && isSystem ? 1 : 0;
}

int32_t hicu_zone_offset_ms(const char *zone, double epoch_ms, int32_t *status) {
    if (!hicu_zone_is_known(zone)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t n = toUTF16(zone, -1, z, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(z.data(), n, "en", UCAL_GREGORIAN, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    ucal_setMillis(cal, epoch_ms, &ec);
    int32_t off = ucal_get(cal, UCAL_ZONE_OFFSET, &ec) + ucal_get(cal, UCAL_DST_OFFSET, &ec);
    ucal_close(cal);
    if (U_FAILURE(ec)) *status = ec;
    return off;
}

HICUDateFormatter *hicu_date_open(const char *locale, const char *zone, const char *skeleton,
                                  HICUDateStyle date_style, HICUDateStyle time_style,
                                  int32_t *status) {
    if (!hicu_zone_is_known(zone)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t zn = toUTF16(zone, -1, z, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UDateFormat *f = nullptr;
    if (skeleton) {
        std::vector<UChar> sk;
        int32_t sn = toUTF16(skeleton, -1, sk, &st);
        if (sn < 0) {
            *status = st;
            return nullptr;
        }
        UDateTimePatternGenerator *g = udatpg_open(locale, &ec);
        if (U_FAILURE(ec)) {
            *status = ec;
            return nullptr;
        }
        UChar pattern[256];
        int32_t pn = udatpg_getBestPattern(g, sk.data(), sn, pattern, 256, &ec);
        udatpg_close(g);
        if (U_FAILURE(ec)) {
            *status = ec;
            return nullptr;
        }
        f = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, z.data(), zn, pattern, pn, &ec);
    } else {
        auto style = [](HICUDateStyle s) -> UDateFormatStyle {
            switch (s) {
                case HICUDateStyleFull: return UDAT_FULL;
                case HICUDateStyleLong: return UDAT_LONG;
                case HICUDateStyleMedium: return UDAT_MEDIUM;
                case HICUDateStyleShort: return UDAT_SHORT;
                case HICUDateStyleNone: break;
            }
            return UDAT_NONE;
        };
        f = udat_open(style(time_style), style(date_style), locale, z.data(), zn, nullptr, 0,
                      &ec);
    }
    return opened<HICUDateFormatter>(f, udat_close, ec, status);
}

void hicu_date_close(HICUDateFormatter *fmt) {
    closeHandle(fmt, &HICUDateFormatter::fmt, udat_close);
}

int32_t hicu_date_format(HICUDateFormatter *fmt, double epoch_ms, char *out, int32_t cap,
                         int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return udat_format(fmt->fmt, epoch_ms, b, c, nullptr, ec);
        },
        out, cap, status);
}

int32_t hicu_date_pattern(const HICUDateFormatter *fmt, char *out, int32_t cap,
                          int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return udat_toPattern(fmt->fmt, 0, b, c, ec);
        },
        out, cap, status);
}

// MARK: relative time

HICURelativeFormatter *hicu_relative_open(const char *locale, HICURelativeWidth width,
                                          int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UDateRelativeDateTimeFormatterStyle s =
        width == HICURelativeWidthNarrow ? UDAT_STYLE_NARROW
        : width == HICURelativeWidthShort ? UDAT_STYLE_SHORT : UDAT_STYLE_LONG;
    URelativeDateTimeFormatter *f =
        ureldatefmt_open(locale, nullptr, s, UDISPCTX_CAPITALIZATION_NONE, &ec);
    return opened<HICURelativeFormatter>(f, ureldatefmt_close, ec, status);
}

void hicu_relative_close(HICURelativeFormatter *fmt) {
    closeHandle(fmt, &HICURelativeFormatter::fmt, ureldatefmt_close);
}

int32_t hicu_relative_format(HICURelativeFormatter *fmt, double offset, HICURelativeUnit unit,
                             int numeric, char *out, int32_t cap, int32_t *status) {
    static const URelativeDateTimeUnit units[] = {
        UDAT_REL_UNIT_YEAR, UDAT_REL_UNIT_QUARTER, UDAT_REL_UNIT_MONTH, UDAT_REL_UNIT_WEEK,
        UDAT_REL_UNIT_DAY,  UDAT_REL_UNIT_HOUR,    UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_SECOND};
    if (unit < HICURelativeUnitYear || unit > HICURelativeUnitSecond) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return numeric ? ureldatefmt_formatNumeric(fmt->fmt, offset, units[unit], b, c, ec)
                           : ureldatefmt_format(fmt->fmt, offset, units[unit], b, c, ec);
        },
        out, cap, status);
}

}  // extern "C"
