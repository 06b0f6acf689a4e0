// hicu_number_format_decimal_fields: a formatted number's field spans (see
// include/herald_icu_fields.h).
#include "shim.hpp"
#include "herald_icu_fields.h"

#include <unicode/uformattedvalue.h>

using namespace hicu;

extern "C" int32_t hicu_number_format_decimal_fields(const HICUNumberFormatter *fmt,
                                                     const char *decimal, int32_t decimal_len,
                                                     uint16_t *out, int32_t cap, int32_t *spans,
                                                     int32_t span_cap, int32_t *span_count,
                                                     int32_t *status) {
    *span_count = 0;
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    unumf_formatDecimal(fmt->fmt, decimal, decimal_len, r, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    const UFormattedValue *value = unumf_resultAsValue(r, &ec);
    int32_t length = 0;
    const UChar *text = ufmtval_getString(value, &length, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    if (length <= cap) memcpy(out, text, sizeof(UChar) * (size_t)length);
    UConstrainedFieldPosition *pos = ucfpos_open(&ec);
    ucfpos_constrainCategory(pos, UFIELD_CATEGORY_NUMBER, &ec);
    int32_t n = 0;
    while (U_SUCCESS(ec) && ufmtval_nextPosition(value, pos, &ec)) {
        int32_t start = 0, limit = 0;
        int32_t field = ucfpos_getField(pos, &ec);
        ucfpos_getIndexes(pos, &start, &limit, &ec);
        if (n < span_cap) {
            spans[3 * n] = field >= 0 && field <= 12 ? field : (int32_t)HICUNumberFieldOther;
            spans[3 * n + 1] = start;
            spans[3 * n + 2] = limit;
        }
        n++;
    }
    ucfpos_close(pos);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    *span_count = n;
    return length;
}
