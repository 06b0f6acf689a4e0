// herald-icu-oracle cfnumber: a localized printf number as CoreFoundation's
// __CFStringFormatLocalizedNumber (CFString.c) prints it, written here from that public
// code's steps with ICU 72's C API called directly (CFNumberFormatter is a thin layer
// over unum_*: each property it sets is one unum_setAttribute or unum_applyPattern).
// A fresh formatter per line: CoreFoundation keeps one per process, whose settings can
// carry over from one specifier to the next; Herald formats each as a fresh one does.
//
// Input lines: locale TAB conversion (d f e g) TAB width (-1: none) TAB precision (-1:
// none) TAB flags (any of "-+0", or "." for none) TAB value (a 64-bit signed integer for
// d, a C double literal for the others). Output: the field, one line each.
#include <unicode/unum.h>
#include <unicode/ustring.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// CFNumberFormatterCreate: unum_open for the style, lenient parsing off.
static UNumberFormat *cf_create(const char *locale, UNumberFormatStyle style, UErrorCode *ec) {
    UNumberFormat *f = unum_open(style, NULL, 0, locale, NULL, ec);
    if (U_SUCCESS(*ec)) unum_setAttribute(f, UNUM_LENIENT_PARSE, 0);
    return f;
}

static void cf_set_format(UNumberFormat *f, const UChar *pattern, int32_t n, UErrorCode *ec) {
    unum_applyPattern(f, 0, pattern, n, NULL, ec);
}

static int32_t cf_get_format(UNumberFormat *f, UChar *out, int32_t cap, UErrorCode *ec) {
    return unum_toPattern(f, 0, out, cap, ec);
}

// Returns the UTF-16 length of the field written to out.
static int32_t cf_localized_number(const char *locale, char conv, int32_t width, int32_t precision,
                                   int minus, int plus, int zero, long long ivalue, double dvalue,
                                   UChar *out, int32_t cap, UErrorCode *ec) {
    int isLong = conv == 'd';
    int hasPrecision = precision >= 0;
    if (width < 0) width = 0;
    if (!hasPrecision) precision = 0;
    if (minus) zero = 0;  // the parser drops '0' once it has seen '-' (and ignores a later one)
    UNumberFormat *formatter;
    int32_t groupingSize = 0, secondaryGroupingSize = 0;
    if (conv == 'e') {
        formatter = cf_create(locale, UNUM_SCIENTIFIC, ec);
        if (U_FAILURE(*ec)) return 0;
        UChar sci[8];
        u_uastrcpy(sci, "#E+00");
        cf_set_format(formatter, sci, -1, ec);
        unum_setAttribute(formatter, UNUM_SIGNIFICANT_DIGITS_USED, 1);
    } else {
        formatter = cf_create(locale, UNUM_DECIMAL, ec);
        if (U_FAILURE(*ec)) return 0;
        if (conv == 'g') {
            groupingSize = unum_getAttribute(formatter, UNUM_GROUPING_SIZE);
            secondaryGroupingSize = unum_getAttribute(formatter, UNUM_SECONDARY_GROUPING_SIZE);
        }
    }
    int32_t prec = hasPrecision ? precision : (isLong ? 0 : 6);
    if (conv == 'g') {
        if (prec == 0) prec = 1;
        char pattern[300];
        int n = 0;
        pattern[n++] = '@';
        while (n < prec && n < 200) pattern[n++] = '#';
        pattern[n] = 0;
        double max = 1.0, min = 0.0001, t = dvalue;  // max: 10 to the precision (no libm here)
        for (int32_t i = 0; i < prec; i++) max *= 10.0;
        if ((t > 0 && (t > max || t < min)) || (t < 0 && (t < -max || t > -min))) {
            strcat(pattern, "E+00");
        } else if (prec > groupingSize && groupingSize != 0) {
            int at = prec - groupingSize;
            memmove(pattern + at + 1, pattern + at, strlen(pattern + at) + 1);
            pattern[at] = ',';
            if (secondaryGroupingSize != 0 && prec > groupingSize + secondaryGroupingSize) {
                at = prec - groupingSize - secondaryGroupingSize;
                memmove(pattern + at + 1, pattern + at, strlen(pattern + at) + 1);
                pattern[at] = ',';
            }
        }
        UChar up[300];
        u_uastrcpy(up, pattern);
        cf_set_format(formatter, up, -1, ec);
    }
    unum_setAttribute(formatter, UNUM_FORMAT_WIDTH, 0);
    unum_setAttribute(formatter, UNUM_MAX_FRACTION_DIGITS, prec);
    unum_setAttribute(formatter, UNUM_MIN_FRACTION_DIGITS, isLong ? 0 : prec);
    int isNegative = isLong ? ivalue < 0 : dvalue < 0;
    UChar current[600];
    int32_t cl = cf_get_format(formatter, current + 1, 599, ec);
    if (plus && !isNegative) {
        if (cl == 0 || current[1] != '+') {
            current[0] = '+';
            cf_set_format(formatter, current, cl + 1, ec);
        }
    } else if (cl > 0 && current[1] == '+') {
        cf_set_format(formatter, current + 2, cl - 1, ec);
    }
    int padZero = zero;
    int32_t fw = (hasPrecision && isLong) ? prec : width;
    unum_setAttribute(formatter, UNUM_FORMAT_WIDTH, fw);
    if (hasPrecision && isLong) padZero = 1;
    // CoreFoundation's pad positions: 0 before the prefix, 1 after it, 3 after the suffix.
    int p = minus ? 3 : (padZero ? 1 : 0);
    if (padZero && fw > 0 && p && !(conv == 'f' || conv == 'e' || conv == 'g')) {
        unum_setAttribute(formatter, UNUM_MIN_INTEGER_DIGITS, fw);
    }
    static const UNumberFormatPadPosition positions[4] = {
        UNUM_PAD_BEFORE_PREFIX, UNUM_PAD_AFTER_PREFIX, UNUM_PAD_BEFORE_SUFFIX, UNUM_PAD_AFTER_SUFFIX};
    unum_setAttribute(formatter, UNUM_PADDING_POSITION, positions[(hasPrecision && isLong) ? 1 : p]);
    UChar space[1] = {' '}, zeroChar[1] = {'0'};
    if (!padZero) unum_setTextAttribute(formatter, UNUM_PADDING_CHARACTER, space, 1, ec);
    if (padZero && conv == 'g') unum_setTextAttribute(formatter, UNUM_PADDING_CHARACTER, zeroChar, 1, ec);
    if (conv == 'e') {
        unum_setAttribute(formatter, UNUM_MIN_SIGNIFICANT_DIGITS, prec + 1);
        unum_setAttribute(formatter, UNUM_MAX_SIGNIFICANT_DIGITS, prec + 1);
    }
    int32_t n;
    UChar body[1200];
    if (isLong) {
        // CFNumberFormatterCreateStringWithValue formats an int64 through its decimal text.
        char decimal[32];
        int dl = snprintf(decimal, sizeof decimal, "%lld", ivalue);
        n = unum_formatDecimal(formatter, decimal, dl, body, 1200, NULL, ec);
    } else {
        n = unum_formatDouble(formatter, dvalue, body, 1200, NULL, ec);
    }
    unum_close(formatter);
    if (U_FAILURE(*ec) || n > 1200) return 0;
    int32_t at = 0;
    if (isLong && hasPrecision && n < width) {
        if (p != 3) while (at < width - n && at < cap) out[at++] = ' ';
        for (int32_t i = 0; i < n && at < cap; i++) out[at++] = body[i];
        if (p == 3) while (at < width && at < cap) out[at++] = ' ';
        return at;
    }
    for (int32_t i = 0; i < n && at < cap; i++) out[at++] = body[i];
    return at;
}

int cfnumber_main(void) {
    char line[512], locale[128], conv[8], flags[8], value[128];
    int width, precision;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%127[^\t]\t%7[^\t]\t%d\t%d\t%7[^\t]\t%127[^\t\n]", locale, conv, &width, &precision, flags,
                   value) != 6)
            continue;
        UErrorCode ec = U_ZERO_ERROR;
        UChar out[1400];
        long long iv = conv[0] == 'd' ? strtoll(value, NULL, 10) : 0;
        double dv = conv[0] == 'd' ? 0 : strtod(value, NULL);
        int32_t n = cf_localized_number(locale, conv[0], width, precision, strchr(flags, '-') != NULL,
                                        strchr(flags, '+') != NULL, strchr(flags, '0') != NULL, iv, dv, out, 1400,
                                        &ec);
        if (U_FAILURE(ec)) {
            printf("!%s\n", u_errorName(ec));
            continue;
        }
        char utf8[4200];
        int32_t len = 0;
        UErrorCode e2 = U_ZERO_ERROR;
        u_strToUTF8(utf8, (int32_t)sizeof utf8, &len, out, n, &e2);
        if (U_FAILURE(e2)) {
            printf("!%s\n", u_errorName(e2));
            continue;
        }
        fwrite(utf8, 1, (size_t)len, stdout);
        putchar('\n');
    }
    return 0;
}
