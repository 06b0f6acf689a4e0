// What the ICU shim's source files share: ICU's headers, the per-thread scratch
// buffers, the output helpers that implement include/herald_icu.h's string contract,
// and the handle types. Internal to CHeraldICU (not under include/): like the .cpp
// files, the only code in Herald that includes ICU headers.
#ifndef HERALD_ICU_SHIM_HPP
#define HERALD_ICU_SHIM_HPP

#include "herald_icu.h"

#include <unicode/ubidi.h>
#include <unicode/ucal.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>
#include <unicode/datefmt.h>
#include <unicode/unistr.h>
#include <unicode/locid.h>

#include <cstring>
#include <string>
#include <vector>

namespace hicu {

// A per-thread UTF-16 scratch buffer, so the hot paths allocate nothing.
struct Scratch {
    std::vector<UChar> a;
    std::vector<UChar> b;
    UFormattedNumber *result = nullptr;
    Scratch() : a(512), b(512) {}
    ~Scratch() {
        if (result) unumf_closeResult(result);
    }
};

extern thread_local Scratch scratch;

/// The thread's reusable formatted-number result.
UFormattedNumber *threadResult(UErrorCode *ec);
/// Copies a NUL-free UTF-8 string into (out, cap) with the header's contract.
int32_t copyOut(const char *src, int32_t len, char *out, int32_t cap, int32_t *status);
/// UTF-16 -> UTF-8 into the caller's buffer.
int32_t toUTF8(const UChar *src, int32_t len, char *out, int32_t cap, int32_t *status);
/// UTF-8 -> UTF-16 into a reusable vector. Returns the length or -1.
int32_t toUTF16(const char *src, int32_t len, std::vector<UChar> &buf, int32_t *status);

// Calls an ICU UTF-16 producer, growing the scratch buffer once if needed,
// then converts to UTF-8.
template <typename F>
int32_t produce(F &&f, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    std::vector<UChar> &buf = scratch.b;
    int32_t n = f(buf.data(), (int32_t)buf.size(), &ec);
    if (ec == U_BUFFER_OVERFLOW_ERROR || n >= (int32_t)buf.size()) {
        buf.resize((size_t)n + 1);
        ec = U_ZERO_ERROR;
        n = f(buf.data(), (int32_t)buf.size(), &ec);
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    if (ec > U_ZERO_ERROR && ec != U_STRING_NOT_TERMINATED_WARNING) *status = ec;
    return toUTF8(buf.data(), n, out, cap, status);
}

// Runs one of ICU's uloc_* calls that writes a locale id (or a part of one) to a
// buffer, `f(buffer, capacity, &ec)`, and copies the result out.
template <typename F>
int32_t localeOut(F &&f, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    char buf[ULOC_FULLNAME_CAPACITY * 2];
    int32_t n = f(buf, (int32_t)sizeof buf, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return copyOut(buf, n, out, cap, status);
}

// The handle for an ICU object just opened, or nullptr (the object closed and the
// failure in *status) when `ec` is a failure.
template <typename Handle, typename Object>
Handle *opened(Object *object, void (*close)(Object *), UErrorCode ec, int32_t *status) {
    if (U_FAILURE(ec)) {
        *status = ec;
        if (object) close(object);
        return nullptr;
    }
    return new Handle{object};
}

// Closes a handle made by `opened` (NULL does nothing).
template <typename Handle, typename Object>
void closeHandle(Handle *handle, Object *Handle::*object, void (*close)(Object *)) {
    if (!handle) return;
    close(handle->*object);
    delete handle;
}

}  // namespace hicu

struct HICUPluralRules {
    UPluralRules *rules;
};
struct HICUNumberFormatter {
    UNumberFormatter *fmt;
    // True for the bare "precision-integer" skeleton (or with "group-on-aligned",
    // the device's grouping): an int64 is shown as
    // exactly that integer (no rounding, scale or compact notation), so its
    // plural operands are the integer's own (i = n, v = f = t = e = 0).
    bool exactInteger;
};
struct HICUDateFormatter {
    UDateFormat *fmt;
};
struct HICURelativeFormatter {
    URelativeDateTimeFormatter *fmt;
};
// A date argument of a message: formatted by `format` (in the zone of the call) and
// handed to the rewritten pattern as the string argument `synthetic` (message.cpp).
struct HICUMessageDate {
    icu::UnicodeString argument;
    icu::UnicodeString synthetic;
    icu::DateFormat *format;
};
struct HICUMessageFormat {
    icu::MessageFormat *fmt;
    std::vector<HICUMessageDate> dates;
    // The zone the date formats are set to ("" before the first call).
    std::string zone;
    // The pattern as written uses {name} arguments (not {0}).
    bool namesUsed;
};

#endif
