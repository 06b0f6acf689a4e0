/* Cold-start baseline for `herald render`: a C program that opens one ICU
 * currency formatter, formats one amount and prints it — the least a native
 * extension must do before it can show "You won $14.00". Tools/bench/stage.sh
 * times process start to exit of this against one `herald render`. */
#include <stdio.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

int main(void) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *f = unum_open(UNUM_CURRENCY, NULL, 0, "en_US", NULL, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "unum_open: %s\n", u_errorName(status)); return 1; }
    UChar usd[] = {'U', 'S', 'D', 0};
    UChar out[64];
    int32_t n = unum_formatDoubleCurrency(f, 14.0, usd, out, 64, NULL, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "format: %s\n", u_errorName(status)); return 1; }
    char utf8[256];
    int32_t len = 0;
    u_strToUTF8(utf8, sizeof utf8, &len, out, n, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "utf8: %s\n", u_errorName(status)); return 1; }
    printf("{\"aps\":{\"alert\":{\"body\":\"You won %.*s on 2 tickets out of 3.\"}}}\n", (int)len, utf8);
    unum_close(f);
    return 0;
}
