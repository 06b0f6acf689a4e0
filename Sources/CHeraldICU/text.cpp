// MessageFormat, text direction and the bidi algorithm (herald_icu.h).

#include "shim.hpp"

using namespace hicu;

extern "C" {

// MARK: message format

HICUMessageFormat *hicu_message_open(const char *pattern, const char *locale,
                                     int32_t *error_line, int32_t *error_offset,
                                     int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UParseError pe;
    pe.line = 0;
    pe.offset = -1;
    icu::UnicodeString p = icu::UnicodeString::fromUTF8(pattern);
    auto *f = new icu::MessageFormat(p, icu::Locale(locale), pe, ec);
    if (U_FAILURE(ec)) {
        delete f;
        if (error_line) *error_line = pe.line;
        if (error_offset) *error_offset = pe.offset;
        *status = ec;
        return nullptr;
    }
    return new HICUMessageFormat{f};
}

void hicu_message_close(HICUMessageFormat *fmt) {
    if (!fmt) return;
    delete fmt->fmt;
    delete fmt;
}

int hicu_message_uses_names(const HICUMessageFormat *fmt) {
    return fmt->fmt->usesNamedArguments() ? 1 : 0;
}

int32_t hicu_message_format(HICUMessageFormat *fmt, int32_t count, const char *const *names,
                            const HICUMessageArgumentKind *kinds, const char *const *values,
                            const int32_t *valueLengths, const double *numbers, char *out,
                            int32_t cap, int32_t *status) {
    std::vector<icu::UnicodeString> argNames((size_t)(count > 0 ? count : 0));
    std::vector<icu::Formattable> args((size_t)(count > 0 ? count : 0));
    UErrorCode ec = U_ZERO_ERROR;
    for (int32_t i = 0; i < count; i++) {
        argNames[(size_t)i] = icu::UnicodeString::fromUTF8(names[i]);
        switch (kinds[i]) {
            case HICUMessageArgumentKindDecimal: {
                icu::Formattable f(icu::StringPiece(values[i], valueLengths[i]), ec);
                if (U_FAILURE(ec)) {
                    *status = ec;
                    return 0;
                }
                args[(size_t)i] = f;
                break;
            }
            case HICUMessageArgumentKindDate:
                args[(size_t)i] = icu::Formattable(numbers[i], icu::Formattable::kIsDate);
                break;
            case HICUMessageArgumentKindString:
                // By length: a string argument may hold NUL characters.
                args[(size_t)i] = icu::Formattable(
                    icu::UnicodeString::fromUTF8(icu::StringPiece(values[i], valueLengths[i])));
                break;
        }
    }
    icu::UnicodeString result;
    fmt->fmt->format(argNames.data(), args.data(), count, result, ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return toUTF8(result.getBuffer(), result.length(), out, cap, status);
}

// MARK: text

HICUDirection hicu_text_base_direction(const char *text, int32_t len) {
    int32_t st = 0;
    int32_t n = toUTF16(text, len, scratch.a, &st);
    if (n <= 0) return HICUDirectionNeutral;
    UBiDiDirection d = ubidi_getBaseDirection(scratch.a.data(), n);
    return d == UBIDI_LTR ? HICUDirectionLeftToRight
           : d == UBIDI_RTL ? HICUDirectionRightToLeft : HICUDirectionNeutral;
}

int32_t hicu_bidi_visual_map(const uint16_t *text, int32_t len, HICUBidiParagraph paragraph,
                             int32_t *map, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(len, 0, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    UBiDiLevel para = paragraph == HICUBidiParagraphFirstStrong ? UBIDI_DEFAULT_LTR
                      : paragraph == HICUBidiParagraphRightToLeft ? 1 : 0;
    ubidi_setPara(bidi, reinterpret_cast<const UChar *>(text), len, para, nullptr, &ec);
    int32_t n = U_SUCCESS(ec) ? ubidi_getResultLength(bidi) : 0;
    if (U_SUCCESS(ec) && n <= cap) ubidi_getVisualMap(bidi, map, &ec);
    ubidi_close(bidi);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return n;
}

}  // extern "C"
