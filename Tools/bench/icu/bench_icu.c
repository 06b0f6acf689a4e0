// Baseline for `herald-bench icu`: the same plural-select + currency-format
// work done directly against ICU4C, so Tools/bench/icu.sh can print the ratio
// of the Swift layer (HeraldICU) to plain C.
//
// Work per item (identical in Swift): build the decimal string of an amount in
// minor units, format it with the skeleton `currency/EUR` (unumf_formatDecimal),
// convert the text to UTF-8, and select the cardinal plural category of the
// formatted number (uplrules_selectFormatted). A checksum over the UTF-8 bytes
// and the category letters is printed so the two sides can be compared.
//
// Build: cc -O2 bench_icu.c -licui18n -licuuc -o bench_icu
// Usage: bench_icu [iterations] [format]   (prints "c <items> <cpu seconds> <checksum>";
// thread CPU time, so other processes on a busy machine matter less). With
// `format`, only the currency formatting (no plural select): the work
// Foundation's FormatStyle can also do, for the three-way comparison.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

static const char *const kLocales[] = {
    "en_US", "de_DE", "fr_FR", "es_ES", "pt_BR", "it_IT", "ja_JP", "zh_Hans_CN",
    "ru_RU", "pl_PL", "ar_EG", "he_IL", "hi_IN", "cs_CZ", "lv_LV", "de_CH",
};
enum { kLocaleCount = sizeof kLocales / sizeof kLocales[0] };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

// "123456" minor units, 2 digits -> "1234.56" (same rule as Currency.decimalString).
static int decimalString(int64_t minor, char *out) {
    char digits[32];
    int neg = minor < 0;
    uint64_t mag = neg ? (uint64_t)(-(minor + 1)) + 1 : (uint64_t)minor;
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)mag);
    int len = 0;
    if (neg) out[len++] = '-';
    if (n <= 2) {
        out[len++] = '0';
        out[len++] = '.';
        for (int i = n; i < 2; i++) out[len++] = '0';
        memcpy(out + len, digits, (size_t)n);
        len += n;
    } else {
        memcpy(out + len, digits, (size_t)(n - 2));
        len += n - 2;
        out[len++] = '.';
        memcpy(out + len, digits + n - 2, 2);
        len += 2;
    }
    out[len] = 0;
    return len;
}

int main(int argc, char **argv) {
    long iterations = argc > 1 ? atol(argv[1]) : 20000;
    int formatOnly = argc > 2 && strcmp(argv[2], "format") == 0;
    UNumberFormatter *fmts[kLocaleCount];
    UPluralRules *rules[kLocaleCount];
    UErrorCode ec = U_ZERO_ERROR;
    for (int l = 0; l < kLocaleCount; l++) {
        fmts[l] = unumf_openForSkeletonAndLocale(u"currency/EUR", -1, kLocales[l], &ec);
        rules[l] = uplrules_open(kLocales[l], &ec);
    }
    UFormattedNumber *result = unumf_openResult(&ec);
    if (U_FAILURE(ec)) {
        fprintf(stderr, "open failed: %s\n", u_errorName(ec));
        return 1;
    }
    UChar text16[256];
    char text8[512];
    UChar kw16[16];
    char kw8[16];
    char dec[40];
    uint64_t checksum = 0;
    long items = 0;
    double start = now();
    for (long i = 0; i < iterations; i++) {
        for (int l = 0; l < kLocaleCount; l++) {
            int64_t minor = (int64_t)(i * 37 + l * 1001) % 1000000 - 500;
            int dl = decimalString(minor, dec);
            unumf_formatDecimal(fmts[l], dec, dl, result, &ec);
            int32_t n16 = unumf_resultToString(result, text16, 256, &ec);
            int32_t n8 = 0;
            u_strToUTF8(text8, sizeof text8, &n8, text16, n16, &ec);
            int32_t k8 = 0;
            kw8[0] = kw8[1] = 0;
            if (!formatOnly) {
                int32_t k16 = uplrules_selectFormatted(rules[l], result, kw16, 16, &ec);
                u_strToUTF8(kw8, sizeof kw8, &k8, kw16, k16, &ec);
            }
            if (U_FAILURE(ec)) {
                fprintf(stderr, "format failed: %s\n", u_errorName(ec));
                return 1;
            }
            for (int32_t b = 0; b < n8; b++) checksum = checksum * 31 + (unsigned char)text8[b];
            if (!formatOnly) checksum = checksum * 31 + (unsigned char)kw8[0] + (unsigned char)kw8[1];
            items++;
        }
    }
    double elapsed = now() - start;
    printf("%s %ld %.6f %llu\n", formatOnly ? "c-format" : "c", items, elapsed, (unsigned long long)checksum);
    unumf_closeResult(result);
    for (int l = 0; l < kLocaleCount; l++) {
        unumf_close(fmts[l]);
        uplrules_close(rules[l]);
    }
    return 0;
}
