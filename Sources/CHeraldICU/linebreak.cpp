// Line break opportunities (herald_icu.h), for HeraldFit's text layout.

#include "shim.hpp"

#include <unicode/ubrk.h>

namespace {
// The thread's line break iterator and the locale it was opened for.
struct LineBreaker {
    UBreakIterator *iterator = nullptr;
    std::string locale;
    ~LineBreaker() {
        if (iterator) ubrk_close(iterator);
    }
};
thread_local LineBreaker breaker;
}  // namespace

extern "C" {

int32_t hicu_line_breaks(const char *locale, const uint16_t *text, int32_t len,
                         int32_t *breaks, uint8_t *hard, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    if (!breaker.iterator || breaker.locale != locale) {
        if (breaker.iterator) ubrk_close(breaker.iterator);
        breaker.iterator = ubrk_open(UBRK_LINE, locale, nullptr, 0, &ec);
        breaker.locale = U_SUCCESS(ec) ? locale : "";
        if (U_FAILURE(ec)) {
            breaker.iterator = nullptr;
            *status = ec;
            return 0;
        }
    }
    UBreakIterator *it = breaker.iterator;
    ubrk_setText(it, reinterpret_cast<const UChar *>(text), len, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    int32_t n = 0;
    for (int32_t b = ubrk_following(it, 0); b != UBRK_DONE; b = ubrk_next(it)) {
        if (n < cap) {
            breaks[n] = b;
            hard[n] = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD ? 1 : 0;
        }
        n++;
    }
    // The iterator must not keep pointing at the caller's buffer.
    ubrk_setText(it, nullptr, 0, &ec);
    return n;
}

}  // extern "C"
