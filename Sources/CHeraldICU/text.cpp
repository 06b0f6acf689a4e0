// Text direction and the bidi algorithm (herald_icu.h).

#include "shim.hpp"

using namespace hicu;

extern "C" {

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
