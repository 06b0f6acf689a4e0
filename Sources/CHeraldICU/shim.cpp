// The ICU shim's shared helpers (shim.hpp) and its version and error-name calls.
// See include/herald_icu.h for the contract.

#include "shim.hpp"

namespace hicu {

thread_local Scratch scratch;

UFormattedNumber *threadResult(UErrorCode *ec) {
    if (!scratch.result) scratch.result = unumf_openResult(ec);
    return scratch.result;
}

// Copies a NUL-free UTF-8 string into (out, cap) with the header's contract.
int32_t copyOut(const char *src, int32_t len, char *out, int32_t cap, int32_t *status) {
    if (len < 0) len = (int32_t)strlen(src);
    if (len < cap) {
        if (len > 0) memcpy(out, src, (size_t)len);
        out[len] = 0;
    } else {
        if (cap > 0) {
            memcpy(out, src, (size_t)cap);
        }
        if (*status <= 0) *status = U_BUFFER_OVERFLOW_ERROR;
    }
    return len;
}

// UTF-16 -> UTF-8 into the caller's buffer.
int32_t toUTF8(const UChar *src, int32_t len, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(out, cap, &needed, src, len, 0xFFFD, nullptr, &ec);
    if (ec == U_BUFFER_OVERFLOW_ERROR || ec == U_STRING_NOT_TERMINATED_WARNING) {
        if (needed >= cap && *status <= 0) *status = U_BUFFER_OVERFLOW_ERROR;
        return needed;
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return needed;
}

// UTF-8 -> UTF-16 into a reusable vector. Returns the length or -1.
int32_t toUTF16(const char *src, int32_t len, std::vector<UChar> &buf, int32_t *status) {
    if (len < 0) len = (int32_t)strlen(src);
    if ((int32_t)buf.size() < len + 1) buf.resize((size_t)len + 1);
    UErrorCode ec = U_ZERO_ERROR;
    int32_t n = 0;
    u_strFromUTF8WithSub(buf.data(), (int32_t)buf.size(), &n, src, len, 0xFFFD, nullptr, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return -1;
    }
    return n;
}

}  // namespace hicu

using namespace hicu;

extern "C" {


const char *hicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

void hicu_versions(char *icu, int32_t icu_cap, char *cldr, int32_t cldr_cap) {
    UVersionInfo v;
    u_getVersion(v);
    char buf[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(v, buf);
    int32_t st = 0;
    copyOut(buf, -1, icu, icu_cap, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UVersionInfo c;
    ulocdata_getCLDRVersion(c, &ec);
    u_versionToString(c, buf);
    copyOut(U_SUCCESS(ec) ? buf : "", -1, cldr, cldr_cap, &st);
}

}  // extern "C"
