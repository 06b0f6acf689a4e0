/* The C baseline for the renderer benchmark (Tools/bench/render.sh).
 *
 * Does the ICU work a notification render needs, with nothing else: for each
 * of N requests across 16 locales, format the count with the locale's
 * integer number formatter (grouped from the first group on, as the device's
 * localized %d is), select its plural category on the formatted
 * number (uplrules_selectFormatted), pick the form "[lang category] %d
 * messages", put the number in, append " from " and the sender's name
 * (both wrapped in FSI/PDI for right-to-left languages), and convert to
 * UTF-8. Formatters and rules are opened once per locale before timing, as
 * the Swift renderer caches them. Time is the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID) on both sides, so a busy machine skews neither.
 *
 * Prints: c_ms=<ms> requests=<N> bytes=<total UTF-8 bytes> hash=<FNV-1a of all output>
 * The Swift side (herald-bench render) prints the same bytes/hash when its
 * output is identical.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#define NLOCALES 16
static const char *locales[NLOCALES] = {
    "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ru_RU", "pl_PL",
    "cs_CZ", "ar_EG", "he_IL", "ja_JP", "zh_Hans_CN", "cy_GB", "ga_IE", "lt_LT"};
static const char *langs[NLOCALES] = {
    "en", "de", "fr", "es", "it", "pt", "ru", "pl", "cs", "ar", "he", "ja", "zh", "cy", "ga", "lt"};
static const int rtl[NLOCALES] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
static const char *names[4] = {"Ana", "Bartłomiej", "Zoë", "Nguyễn"};

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void check(UErrorCode ec, const char *what) {
    if (U_FAILURE(ec)) {
        fprintf(stderr, "render_baseline: %s: %s\n", what, u_errorName(ec));
        exit(1);
    }
}

/* Appends UTF-8 text to a UTF-16 buffer. */
static int32_t append8(UChar *dst, int32_t at, int32_t cap, const char *s) {
    int32_t len = 0;
    UErrorCode ec = U_ZERO_ERROR;
    u_strFromUTF8(dst + at, cap - at, &len, s, -1, &ec);
    check(ec, "u_strFromUTF8");
    return at + len;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    UNumberFormatter *fmt[NLOCALES];
    UPluralRules *rules[NLOCALES];
    UErrorCode ec = U_ZERO_ERROR;
    for (int i = 0; i < NLOCALES; i++) {
        fmt[i] = unumf_openForSkeletonAndLocale(u"precision-integer group-on-aligned", -1, locales[i], &ec);
        check(ec, "unumf_openForSkeletonAndLocale");
        rules[i] = uplrules_open(locales[i], &ec);
        check(ec, "uplrules_open");
    }
    UFormattedNumber *result = unumf_openResult(&ec);
    check(ec, "unumf_openResult");

    UChar out[512], num[64], kw[16];
    char utf8[1024], kw8[16];
    uint64_t bytes = 0, hash = 1469598103934665603ULL;
    double start = now_ms();
    for (long r = 0; r < n; r++) {
        int li = (int)(r % NLOCALES);
        int64_t value = (r * 7919) % 100000;
        const char *name = names[r % 4];
        ec = U_ZERO_ERROR;
        unumf_formatInt(fmt[li], value, result, &ec);
        int32_t nlen = unumf_resultToString(result, num, 64, &ec);
        uplrules_selectFormatted(rules[li], result, kw, 16, &ec);
        check(ec, "format/select");
        u_UCharsToChars(kw, kw8, u_strlen(kw) + 1);
        /* "[lang category] " NUMBER " messages from " NAME */
        char prefix[64];
        snprintf(prefix, sizeof prefix, "[%s %s] ", langs[li], kw8);
        int32_t at = append8(out, 0, 512, prefix);
        if (rtl[li]) out[at++] = 0x2068;
        memcpy(out + at, num, nlen * sizeof(UChar));
        at += nlen;
        if (rtl[li]) out[at++] = 0x2069;
        at = append8(out, at, 512, " messages from ");
        if (rtl[li]) out[at++] = 0x2068;
        at = append8(out, at, 512, name);
        if (rtl[li]) out[at++] = 0x2069;
        int32_t len8 = 0;
        u_strToUTF8(utf8, sizeof utf8, &len8, out, at, &ec);
        check(ec, "u_strToUTF8");
        bytes += (uint64_t)len8;
        for (int32_t k = 0; k < len8; k++) hash = (hash ^ (uint8_t)utf8[k]) * 1099511628211ULL;
    }
    double ms = now_ms() - start;
    printf("c_ms=%.1f requests=%ld bytes=%llu hash=%016llx\n", ms, n, (unsigned long long)bytes, (unsigned long long)hash);
    unumf_closeResult(result);
    for (int i = 0; i < NLOCALES; i++) { unumf_close(fmt[i]); uplrules_close(rules[i]); }
    return 0;
}
