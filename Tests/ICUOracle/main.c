// herald-icu-oracle: ICU 72's C API called directly, with no Herald code in
// between, for tests that compare Herald's output with ICU's own.
//
//   herald-icu-oracle available      every locale ICU knows (uloc_countAvailable), one per line
//   herald-icu-oracle sweep          reads ICU locale ids on stdin; for each, in a child process
//                                    forked from a parent that never touched ICU (so a fresh
//                                    ICU state every time), prints one line:
//                                    id TAB number TAB currency TAB date TAB relative
//   herald-icu-oracle digits         reads ICU locale ids on stdin; prints for each
//                                    id TAB the numbers 0 to 9 each formatted by the locale's
//                                    default number formatter (its default numbering system)
//   herald-icu-oracle fixed          reads lines "id TAB digits TAB value" (value a C double
//                                    literal, digits 0...20); prints one line for each: the value
//                                    as CoreFoundation's localized "%.*f" writes it (an ICU
//                                    decimal formatter, unum_open, with that many minimum and
//                                    maximum fraction digits, formatting the double), TAB the
//                                    cardinal plural keyword uplrules_selectFormatted chooses on
//                                    the double formatted with the skeleton "precision-integer" /
//                                    ".0…0" (the digits shown)
//   herald-icu-oracle cfnumber       a localized printf number as CoreFoundation prints it
//                                    (cfnumber.c says the input and how)
//   herald-icu-oracle message        reads lines "id TAB zone TAB epoch-ms TAB pattern"; prints
//                                    for each the pattern formatted by ICU's own MessageFormat
//                                    (umsg_open/umsg_format) with the instant as its one
//                                    argument {0}, after ucal_setDefaultTimeZone(zone) (ICU's
//                                    MessageFormat shows dates in the default zone)
//
// The sweep's values (kept in step with LocaleOrderIndependenceTests):
//   number   1234567.891 with the locale's default formatter (skeleton "")
//   currency 214 with skeleton "currency/USD"
//   date     1795032000000 ms (2026-11-18T20:00:00Z) in UTC with the best pattern for "yMMMdjmm"
//   relative +15 minutes, long width, numeric
#include <unicode/udat.h>
#include <unicode/upluralrules.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>
#include <unicode/umsg.h>
#include <unicode/ucal.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int cfnumber_main(void);

static void put(const UChar *s, int32_t n, UErrorCode ec) {
    if (U_FAILURE(ec)) {
        printf("!%s", u_errorName(ec));
        return;
    }
    char out[1024];
    UErrorCode e2 = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8(out, (int32_t)sizeof out, &len, s, n, &e2);
    if (U_FAILURE(e2) || len >= (int32_t)sizeof out) {
        printf("!%s", u_errorName(e2));
        return;
    }
    fwrite(out, 1, (size_t)len, stdout);
}

static void number(const char *locale, const char *skeleton, double value, const char *decimal) {
    // decimal: a decimal string to format instead of value (NULL: value).
    UErrorCode ec = U_ZERO_ERROR;
    UChar sk[64];
    u_uastrcpy(sk, skeleton);
    UNumberFormatter *f = unumf_openForSkeletonAndLocale(sk, -1, locale, &ec);
    UFormattedNumber *r = unumf_openResult(&ec);
    if (decimal) {
        unumf_formatDecimal(f, decimal, -1, r, &ec);
    } else {
        unumf_formatDouble(f, value, r, &ec);
    }
    UChar b[256];
    int32_t n = unumf_resultToString(r, b, 256, &ec);
    put(b, n, ec);
    unumf_closeResult(r);
    unumf_close(f);
}

static void date(const char *locale) {
    UErrorCode ec = U_ZERO_ERROR;
    UChar sk[16], zone[8], pattern[256], b[256];
    u_uastrcpy(sk, "yMMMdjmm");
    u_uastrcpy(zone, "UTC");
    UDateTimePatternGenerator *g = udatpg_open(locale, &ec);
    int32_t pn = udatpg_getBestPattern(g, sk, -1, pattern, 256, &ec);
    udatpg_close(g);
    UDateFormat *f = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, -1, pattern, pn, &ec);
    int32_t n = udat_format(f, 1795032000000.0, b, 256, NULL, &ec);
    put(b, n, ec);
    if (f) udat_close(f);
}

static void relative(const char *locale) {
    UErrorCode ec = U_ZERO_ERROR;
    URelativeDateTimeFormatter *f =
        ureldatefmt_open(locale, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_NONE, &ec);
    UChar b[256];
    int32_t n = ureldatefmt_formatNumeric(f, 15, UDAT_REL_UNIT_MINUTE, b, 256, &ec);
    put(b, n, ec);
    if (f) ureldatefmt_close(f);
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "available") == 0) {
        int32_t count = uloc_countAvailable();
        for (int32_t i = 0; i < count; i++) printf("%s\n", uloc_getAvailable(i));
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "sweep") == 0) {
        char line[256];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\r\n")] = 0;
            if (!line[0]) continue;
            // Not u_cleanup() between locales: in ICU 72 the next
            // udatpg_open after it calls a freed hash function
            // (DateTimePatternGenerator::getAllowedHourFormats).
            fflush(stdout);
            pid_t child = fork();
            if (child < 0) return 1;
            if (child == 0) {
                printf("%s\t", line);
                number(line, "", 1234567.891, NULL);
                putchar('\t');
                number(line, "currency/USD", 214, NULL);
                putchar('\t');
                date(line);
                putchar('\t');
                relative(line);
                putchar('\n');
                fflush(stdout);
                _exit(0);
            }
            int status = 0;
            if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                fprintf(stderr, "oracle child for %s failed\n", line);
                return 1;
            }
        }
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "digits") == 0) {
        char line[256];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\r\n")] = 0;
            if (!line[0]) continue;
            printf("%s\t", line);
            for (int d = 0; d <= 9; d++) number(line, "", d, NULL);
            putchar('\n');
        }
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "fixed") == 0) {
        char line[256], id[128], keyword[32];
        int digits;
        double value;
        UChar skeleton[32], text[512], kw[32];
        while (fgets(line, sizeof line, stdin)) {
            if (sscanf(line, "%127[^\t]\t%d\t%lf", id, &digits, &value) != 3 || digits < 0 || digits > 20) continue;
            int n = 0;
            if (digits == 0) {
                u_uastrcpy(skeleton, "precision-integer");
            } else {
                skeleton[n++] = '.';
                for (int i = 0; i < digits; i++) skeleton[n++] = '0';
                skeleton[n] = 0;
            }
            UErrorCode ec = U_ZERO_ERROR;
            UNumberFormatter *f = unumf_openForSkeletonAndLocale(skeleton, -1, id, &ec);
            UFormattedNumber *r = unumf_openResult(&ec);
            UPluralRules *rules = uplrules_open(id, &ec);
            unumf_formatDouble(f, value, r, &ec);
            int32_t kl = uplrules_selectFormatted(rules, r, kw, 32, &ec);
            UNumberFormat *cf = unum_open(UNUM_DECIMAL, NULL, 0, id, NULL, &ec);
            unum_setAttribute(cf, UNUM_MAX_FRACTION_DIGITS, digits);
            unum_setAttribute(cf, UNUM_MIN_FRACTION_DIGITS, digits);
            int32_t tl = unum_formatDouble(cf, value, text, 512, NULL, &ec);
            if (cf) unum_close(cf);
            if (U_FAILURE(ec)) {
                printf("!%s\n", u_errorName(ec));
            } else {
                put(text, tl, ec);
                u_UCharsToChars(kw, keyword, kl);
                keyword[kl] = 0;
                printf("\t%s\n", keyword);
            }
            uplrules_close(rules);
            unumf_closeResult(r);
            unumf_close(f);
        }
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "message") == 0) {
        char line[2048], id[128], zone[128], pattern[1600];
        double ms;
        UChar uzone[128], upattern[1600], out[1024];
        while (fgets(line, sizeof line, stdin)) {
            if (sscanf(line, "%127[^\t]\t%127[^\t]\t%lf\t%1599[^\n]", id, zone, &ms, pattern) != 4) {
                printf("!bad request\n");
                continue;
            }
            UErrorCode ec = U_ZERO_ERROR;
            u_strFromUTF8(uzone, 128, NULL, zone, -1, &ec);
            ucal_setDefaultTimeZone(uzone, &ec);
            u_strFromUTF8(upattern, 1600, NULL, pattern, -1, &ec);
            UParseError pe;
            UMessageFormat *f = umsg_open(upattern, -1, id, &pe, &ec);
            int32_t n = U_SUCCESS(ec) ? umsg_format(f, out, 1024, &ec, (UDate)ms) : 0;
            put(out, n, ec);
            putchar('\n');
            if (f) umsg_close(f);
        }
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "cfnumber") == 0) return cfnumber_main();
    fprintf(stderr, "usage: herald-icu-oracle available | sweep | digits | fixed | cfnumber | message\n");
    return 2;
}
