// A number's formatted text with the span of each of its fields (MessageFormat 2's
// formatToParts). Plain C, the conventions of herald_icu.h.
#ifndef HERALD_ICU_FIELDS_H
#define HERALD_ICU_FIELDS_H

#include "herald_icu.h"

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's number fields (UNumberFormatFields), as hicu_number_format_decimal_fields reports them.
typedef HICU_ENUM(HICUNumberField) {
    HICUNumberFieldInteger = 0, HICUNumberFieldFraction = 1, HICUNumberFieldDecimalSeparator = 2,
    HICUNumberFieldExponentSymbol = 3, HICUNumberFieldExponentSign = 4, HICUNumberFieldExponent = 5,
    HICUNumberFieldGroupingSeparator = 6, HICUNumberFieldCurrency = 7, HICUNumberFieldPercent = 8,
    HICUNumberFieldPermill = 9, HICUNumberFieldSign = 10, HICUNumberFieldMeasureUnit = 11,
    HICUNumberFieldCompact = 12, HICUNumberFieldOther = 99,
} HICUNumberField;

/// Formats the decimal string like hicu_number_format_decimal, writing the text as
/// UTF-16 to (out, cap) (returns its length; more than cap: nothing usable written)
/// and up to `span_cap` spans to `spans`, three int32 each: field, start, limit
/// (UTF-16 offsets). Spans nest (the integer holds its grouping separators).
/// *span_count receives how many there are (which may exceed span_cap).
int32_t hicu_number_format_decimal_fields(const HICUNumberFormatter *fmt, const char *decimal,
                                          int32_t decimal_len, uint16_t *out, int32_t cap,
                                          int32_t *spans, int32_t span_cap, int32_t *span_count,
                                          int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
