// The C side of Tools/bench/shorten.sh: the cut PayloadWriter.shorten makes, found with
// ICU's character break iterator straight over UTF-8 (utext_openUTF8 + ubrk_following
// until the budget), on the same texts as ShortenBench.swift. Prints
// "c-shorten <case> <calls> <seconds> <kept bytes>" per case.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

enum { BUDGET = 3800, ELLIPSIS = 3 };

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *repeat(const char *unit, int count, int *len) {
    size_t n = strlen(unit);
    char *s = malloc(n * (size_t)count + 1);
    for (int i = 0; i < count; i++) memcpy(s + n * (size_t)i, unit, n);
    s[n * (size_t)count] = 0;
    *len = (int)(n * (size_t)count);
    return s;
}

// The longest grapheme-boundary prefix that fits BUDGET bytes with the ellipsis.
static int cut(UBreakIterator *bi, const char *text, int len) {
    UErrorCode status = U_ZERO_ERROR;
    UText *ut = utext_openUTF8(NULL, text, len, &status);
    ubrk_setUText(bi, ut, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "ICU: %s\n", u_errorName(status)); exit(1); }
    int kept = 0;
    for (int b = ubrk_following(bi, 0); b != UBRK_DONE && b + ELLIPSIS <= BUDGET; b = ubrk_next(bi)) kept = b;
    utext_close(ut);
    return kept;
}

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 2000;
    char marks[128] = "e";
    for (int i = 0; i < 30; i++) strcat(marks, "\xCC\x81");  // U+0301
    struct { const char *name, *unit; int count; } cases[] = {
        {"ascii", "abcdefghij", 400000 / 10},
        {"zwj", "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7\xE2\x80\x8D\xF0\x9F\x91\xA6", 16000},
        {"flags", "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7", 50000},
        {"marks", marks, 6000},
        {"jamo", "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8", 45000},
    };
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "ICU: %s\n", u_errorName(status)); return 1; }
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int len;
        char *text = repeat(cases[c].unit, cases[c].count, &len);
        int kept = cut(bi, text, len);
        long checksum = 0;
        double start = cpu_seconds();
        for (int i = 0; i < iterations; i++) checksum += cut(bi, text, len);
        double elapsed = cpu_seconds() - start;
        if (checksum != (long)kept * iterations) { fprintf(stderr, "results differ\n"); return 1; }
        printf("c-shorten %s %d %.6f %d\n", cases[c].name, iterations, elapsed, kept);
        free(text);
    }
    ubrk_close(bi);
    return 0;
}
