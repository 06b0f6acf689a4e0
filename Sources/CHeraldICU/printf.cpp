// Localized printf numbers as Apple's CoreFoundation prints them (herald_icu.h,
// "Localized printf numbers"). What CoreFoundation does, in Herald's words:
//
// `String(format:locale:)`, `localizedStringWithFormat` and the `.stringsdict` path hand
// every `%d %i %u %D %U %f %F %e %E %g %G` to an ICU DecimalFormat (unum_open), never to
// printf. One formatter per style: UNUM_DECIMAL for d/i/u/f, UNUM_SCIENTIFIC with the
// pattern "#E+00" and significant digits for e, UNUM_DECIMAL with a significant-digits
// pattern for g. Each use then sets, in this order:
//   - (g) the pattern: '@' and precision−1 '#' (precision 0 counts as 1), plus "E+00" when
//     the value is not in [0.0001, 10^precision] in magnitude, otherwise the locale's
//     grouping separators inserted as its grouping sizes say;
//   - format width 0; maximum fraction digits = the precision (integers: 0, else 6 when
//     none is written); minimum fraction digits the same for doubles, 0 for integers;
//   - '+' flag on a value that is not negative: '+' put before the pattern (the locale's
//     plus sign);
//   - format width = the precision for an integer with a precision, else the width;
//     zero padding for the '0' flag, or an integer with a precision;
//   - pad position: after the suffix for '-', after the prefix when zero padding, else
//     before the prefix; when zero padding an integer, minimum integer digits = that
//     width (so "%05d" of -42 is "-00,042": grouped, and the sign never counts);
//   - padding character ' ' unless zero padding ("%08.2f" pads with ICU's default pad,
//     a space, after the sign); '0' for a zero-padded g;
//   - (e) minimum and maximum significant digits = precision + 1.
// The number is formatted from its value: an integer as the 64-bit signed integer the
// specifier read (so an unsigned one above the signed maximum shows negative), a double
// through ICU's shortest decimal, rounded half-even ("%.2f" of 2.675 is 2.68). Last, an
// integer with a precision shorter than the width is padded with spaces to the width
// (counted in UTF-16 units), after it for '-', else before it. The ' ' and '#' flags are
// not used. CoreFoundation keeps one formatter per process and some settings carry over
// from one specifier to the next; Herald formats each as a fresh formatter does.

#include "shim.hpp"

#include <unicode/unum.h>

#include <cmath>

using namespace hicu;

struct HICUPrintfNumber {
    // [plus variant][scientific variant]: the '+' pattern only for values that are not
    // negative, the "E+00" pattern only for g outside its fixed range.
    UNumberFormat *variants[2][2] = {{nullptr, nullptr}, {nullptr, nullptr}};
    HICUPrintfConversion conversion;
    int32_t width;
    int32_t precision;
    int32_t flags;
};

namespace {

bool applyPattern(UNumberFormat *f, const std::u16string &pattern, UErrorCode *ec) {
    unum_applyPattern(f, false, (const UChar *)pattern.data(), (int32_t)pattern.size(), nullptr, ec);
    return U_SUCCESS(*ec);
}

std::u16string currentPattern(UNumberFormat *f, UErrorCode *ec) {
    UChar buf[512];
    int32_t n = unum_toPattern(f, false, buf, 512, ec);
    if (U_FAILURE(*ec) || n > 512) return std::u16string();
    return std::u16string((const char16_t *)buf, (size_t)n);
}

UNumberFormat *openVariant(const char *locale, const HICUPrintfNumber &p, bool plus, bool scientific,
                           UErrorCode *ec) {
    const bool isDouble = p.conversion != HICUPrintfConversionInteger;
    const bool hasPrecision = p.precision >= 0;
    const bool minus = p.flags & HICUPrintfFlagMinus;
    UNumberFormat *f = unum_open(p.conversion == HICUPrintfConversionExponent ? UNUM_SCIENTIFIC : UNUM_DECIMAL,
                                 nullptr, 0, locale, nullptr, ec);
    if (U_FAILURE(*ec)) return f;
    unum_setAttribute(f, UNUM_LENIENT_PARSE, 0);
    if (p.conversion == HICUPrintfConversionExponent) {
        if (!applyPattern(f, u"#E+00", ec)) return f;
        unum_setAttribute(f, UNUM_SIGNIFICANT_DIGITS_USED, 1);
    }
    int32_t precision = hasPrecision ? p.precision : (isDouble ? 6 : 0);
    if (p.conversion == HICUPrintfConversionGeneral) {
        if (precision == 0) precision = 1;
        const int32_t g1 = unum_getAttribute(f, UNUM_GROUPING_SIZE);
        const int32_t g2 = unum_getAttribute(f, UNUM_SECONDARY_GROUPING_SIZE);
        std::u16string pattern = u"@" + std::u16string((size_t)(precision - 1), u'#');
        if (scientific) {
            pattern += u"E+00";
        } else if (precision > g1 && g1 != 0) {
            pattern.insert((size_t)(precision - g1), u",");
            if (g2 != 0 && precision > g1 + g2) pattern.insert((size_t)(precision - g1 - g2), u",");
        }
        if (!applyPattern(f, pattern, ec)) return f;
    }
    unum_setAttribute(f, UNUM_FORMAT_WIDTH, 0);
    unum_setAttribute(f, UNUM_MAX_FRACTION_DIGITS, precision);
    unum_setAttribute(f, UNUM_MIN_FRACTION_DIGITS, isDouble ? precision : 0);
    if (plus) {
        std::u16string pattern = currentPattern(f, ec);
        if (U_FAILURE(*ec)) return f;
        if (pattern.empty() || pattern[0] != u'+') {
            if (!applyPattern(f, u"+" + pattern, ec)) return f;
        }
    }
    const bool integerPrecision = hasPrecision && !isDouble;
    const bool padZero = ((p.flags & HICUPrintfFlagZero) && !minus) || integerPrecision;
    const int32_t width = integerPrecision ? precision : (p.width > 0 ? p.width : 0);
    unum_setAttribute(f, UNUM_FORMAT_WIDTH, width);
    const UNumberFormatPadPosition position =
        minus ? UNUM_PAD_AFTER_SUFFIX : (padZero ? UNUM_PAD_AFTER_PREFIX : UNUM_PAD_BEFORE_PREFIX);
    if (padZero && width > 0 && position != UNUM_PAD_BEFORE_PREFIX && !isDouble) {
        unum_setAttribute(f, UNUM_MIN_INTEGER_DIGITS, width);
    }
    unum_setAttribute(f, UNUM_PADDING_POSITION, integerPrecision ? UNUM_PAD_AFTER_PREFIX : position);
    if (!padZero) unum_setTextAttribute(f, UNUM_PADDING_CHARACTER, u" ", 1, ec);
    if (padZero && p.conversion == HICUPrintfConversionGeneral) unum_setTextAttribute(f, UNUM_PADDING_CHARACTER, u"0", 1, ec);
    if (p.conversion == HICUPrintfConversionExponent) {
        unum_setAttribute(f, UNUM_MIN_SIGNIFICANT_DIGITS, precision + 1);
        unum_setAttribute(f, UNUM_MAX_SIGNIFICANT_DIGITS, precision + 1);
    }
    return f;
}

// Spaces to the width around an integer shown with a precision, then UTF-8 out.
int32_t finish(const HICUPrintfNumber *p, UChar *buf, int32_t n, char *out, int32_t cap, int32_t *status) {
    if (p->conversion == HICUPrintfConversionInteger && p->precision >= 0 && n < p->width) {
        std::u16string padded((const char16_t *)buf, (size_t)n);
        std::u16string spaces((size_t)(p->width - n), u' ');
        padded = (p->flags & HICUPrintfFlagMinus) ? padded + spaces : spaces + padded;
        return toUTF8((const UChar *)padded.data(), (int32_t)padded.size(), out, cap, status);
    }
    return toUTF8(buf, n, out, cap, status);
}

template <typename F>
int32_t formatWith(const HICUPrintfNumber *p, UNumberFormat *f, F &&format, char *out, int32_t cap,
                   int32_t *status) {
    if (!f) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    std::vector<UChar> &buf = scratch.b;
    UErrorCode ec = U_ZERO_ERROR;
    int32_t n = format(f, buf.data(), (int32_t)buf.size(), &ec);
    if (ec == U_BUFFER_OVERFLOW_ERROR || n >= (int32_t)buf.size()) {
        buf.resize((size_t)n + 1);
        ec = U_ZERO_ERROR;
        n = format(f, buf.data(), (int32_t)buf.size(), &ec);
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return finish(p, buf.data(), n, out, cap, status);
}

}  // namespace

extern "C" {

HICUPrintfNumber *hicu_printf_number_open(const char *locale, HICUPrintfConversion conversion,
                                          int32_t width, int32_t precision, int32_t flags,
                                          int32_t *status) {
    auto *p = new HICUPrintfNumber;
    p->conversion = conversion;
    p->width = width < 0 ? 0 : width;
    p->precision = precision;
    p->flags = flags;
    const int plusVariants = (flags & HICUPrintfFlagPlus) ? 2 : 1;
    const int scientificVariants = conversion == HICUPrintfConversionGeneral ? 2 : 1;
    for (int plus = 0; plus < plusVariants; plus++) {
        for (int sci = 0; sci < scientificVariants; sci++) {
            UErrorCode ec = U_ZERO_ERROR;
            UNumberFormat *f = openVariant(locale, *p, plus == 1, sci == 1, &ec);
            if (U_FAILURE(ec)) {
                if (f) unum_close(f);
                hicu_printf_number_close(p);
                *status = ec;
                return nullptr;
            }
            p->variants[plus][sci] = f;
        }
    }
    return p;
}

void hicu_printf_number_close(HICUPrintfNumber *p) {
    if (!p) return;
    for (auto &row : p->variants)
        for (UNumberFormat *f : row)
            if (f) unum_close(f);
    delete p;
}

int32_t hicu_printf_number_format_int(const HICUPrintfNumber *p, int64_t value, char *out,
                                      int32_t cap, int32_t *status) {
    UNumberFormat *f = p->variants[(p->flags & HICUPrintfFlagPlus) && value >= 0 ? 1 : 0][0];
    return formatWith(
        p, f,
        [&](UNumberFormat *fmt, UChar *b, int32_t c, UErrorCode *ec) {
            return unum_formatInt64(fmt, value, b, c, nullptr, ec);
        },
        out, cap, status);
}

int32_t hicu_printf_number_format_double(const HICUPrintfNumber *p, double value, char *out,
                                         int32_t cap, int32_t *status) {
    int sci = 0;
    if (p->conversion == HICUPrintfConversionGeneral) {
        int32_t precision = p->precision >= 0 ? p->precision : 6;
        if (precision == 0) precision = 1;
        const double max = std::pow(10.0, (double)precision), min = 0.0001;
        if ((value > 0 && (value > max || value < min)) || (value < 0 && (value < -max || value > -min))) sci = 1;
    }
    // Not negative: -0.0 and NaN take the '+' pattern too, as `value < 0` is false for them.
    UNumberFormat *f = p->variants[(p->flags & HICUPrintfFlagPlus) && !(value < 0) ? 1 : 0][sci];
    return formatWith(
        p, f,
        [&](UNumberFormat *fmt, UChar *b, int32_t c, UErrorCode *ec) {
            return unum_formatDouble(fmt, value, b, c, nullptr, ec);
        },
        out, cap, status);
}

}  // extern "C"
