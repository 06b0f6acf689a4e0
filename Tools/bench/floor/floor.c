/* The floor for `herald format --batch` (Tools/bench/floor.sh): the fastest plain C
 * program on ICU 72 we know how to write that prints the same texts.
 *
 *   floor TABLES TABLE LOCALE=FOLDER… < requests.tsv > texts.txt
 *
 * Before the first request: reads TABLES/FOLDER.lproj/TABLE.stringsdict for each
 * requested locale and compiles every key into a template of literal pieces (UTF-8),
 * argument slots (%d %ld %.Nf %@) and plural variables (%#@name@, each form a
 * template); opens, per locale, its plural rules (the folder's language) and one
 * number formatter per skeleton the templates use (precision-integer, .00…, grouped
 * from the first group on as the device's localized %d/%.Nf are: group-on-aligned, in
 * the requested locale). Then, per request line (key TAB locale TAB arg…): looks the
 * template up in an open-addressing table, formats each number once with ICU
 * (unumf_formatInt, or unumf_formatDouble for %.Nf, ICU rounding the shortest decimal
 * half-even as the device does), selects plural forms on the formatted number
 * (uplrules_selectFormatted; Apple's `zero` form for an integer 0), wraps inserted
 * values in FSI/PDI for right-to-left locales, and writes one line of UTF-8 into a
 * buffered standard output. Whole-process CPU time is what floor.sh compares.
 *
 * Only what the floor's tables use is supported; anything else stops with a message
 * naming the file and key. On stderr at exit: floor: requests=N.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#define MAX_LOCALES 64
#define MAX_ARGS 8
#define NCATS 6
static const char *categories[NCATS] = {"zero", "one", "two", "few", "many", "other"};

static void die(const char *what, const char *detail) {
    fprintf(stderr, "floor: %s: %s\n", what, detail);
    exit(1);
}

/* ---- a plist reader for the <dict>/<key>/<string> shape of a .stringsdict ---- */

typedef struct Node {
    char *string;             /* a <string>, or NULL for a <dict> */
    int count;                /* a dict's members */
    char **keys;
    struct Node **values;
} Node;

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    return p;
}

/* The text up to `</tag>`, XML entities decoded. */
static char *read_text(const char **pp, const char *close, const char *file) {
    const char *p = *pp, *end = strstr(p, close);
    if (!end) die(file, "unterminated element");
    char *out = malloc(end - p + 1), *o = out;
    while (p < end) {
        if (*p == '&') {
            static const struct { const char *name; char c; } entities[] = {
                {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
            int found = 0;
            for (int i = 0; i < 5 && !found; i++) {
                size_t n = strlen(entities[i].name);
                if (strncmp(p, entities[i].name, n) == 0) { *o++ = entities[i].c; p += n; found = 1; }
            }
            if (!found) die(file, "unsupported XML entity");
        } else {
            *o++ = *p++;
        }
    }
    *o = 0;
    *pp = end + strlen(close);
    return out;
}

static Node *read_dict(const char **pp, const char *file) {
    Node *d = calloc(1, sizeof *d);
    const char *p = *pp;
    for (;;) {
        p = skip_space(p);
        if (strncmp(p, "</dict>", 7) == 0) { *pp = p + 7; return d; }
        if (strncmp(p, "<key>", 5) != 0) die(file, "expected <key> in <dict>");
        p += 5;
        char *key = read_text(&p, "</key>", file);
        p = skip_space(p);
        Node *value;
        if (strncmp(p, "<string>", 8) == 0) {
            p += 8;
            value = calloc(1, sizeof *value);
            value->string = read_text(&p, "</string>", file);
        } else if (strncmp(p, "<dict>", 6) == 0) {
            p += 6;
            value = read_dict(&p, file);
        } else {
            die(file, "expected <string> or <dict>");
        }
        d->keys = realloc(d->keys, (d->count + 1) * sizeof *d->keys);
        d->values = realloc(d->values, (d->count + 1) * sizeof *d->values);
        d->keys[d->count] = key;
        d->values[d->count++] = value;
    }
}

static Node *member(const Node *d, const char *key) {
    for (int i = 0; i < d->count; i++) if (strcmp(d->keys[i], key) == 0) return d->values[i];
    return NULL;
}

/* ---- templates ---- */

enum { P_LITERAL, P_INTEGER, P_FIXED, P_OBJECT, P_VARIABLE };

struct Template;
typedef struct {
    int kind, arg, digits;    /* digits: %.Nf's N */
    const char *text;         /* P_LITERAL: UTF-8 bytes */
    int length;
    struct Variable *variable;
} Piece;

typedef struct Template { int count; Piece *pieces; } Template;

typedef struct Variable {
    int arg, fixed, digits;   /* fixed: value type f with the forms' %.Nf (digits) */
    Template *forms[NCATS];
} Variable;

typedef struct {
    UNumberFormatter *integer;          /* precision-integer */
    UNumberFormatter *fixed[8];         /* .0 … .0000000 */
    UPluralRules *rules;
    int rtl;
} LocaleFormat;

static Template *compile(const char *text, int first, const Node *message, const char *file, const char *key);

static Variable *compile_variable(const char *name, int arg, const Node *message, const char *file, const char *key) {
    const Node *v = member(message, name);
    if (!v || v->string) die(key, "a %#@variable@ without its dict");
    const Node *type = member(v, "NSStringFormatValueTypeKey");
    Variable *var = calloc(1, sizeof *var);
    var->arg = arg;
    if (!type || !type->string) die(key, "a variable without NSStringFormatValueTypeKey");
    if (strcmp(type->string, "f") == 0) var->fixed = 1;
    else if (strcmp(type->string, "d") != 0 && strcmp(type->string, "ld") != 0) die(key, "value type other than d, ld, f");
    for (int c = 0; c < NCATS; c++) {
        const Node *form = member(v, categories[c]);
        if (form && form->string) var->forms[c] = compile(form->string, arg, message, file, key);
    }
    if (!var->forms[NCATS - 1]) die(key, "a variable without an `other` form");
    if (var->fixed) {  /* the digits every form's %.Nf agrees on (as Herald chooses them) */
        var->digits = -1;
        for (int c = 0; c < NCATS; c++) {
            Template *t = var->forms[c];
            for (int i = 0; t && i < t->count; i++) {
                if (t->pieces[i].kind != P_FIXED) continue;
                if (var->digits >= 0 && var->digits != t->pieces[i].digits) die(key, "forms disagree on %.Nf");
                var->digits = t->pieces[i].digits;
            }
        }
        if (var->digits < 0) die(key, "value type f without a %.Nf in its forms");
    }
    return var;
}

static Template *compile(const char *text, int first, const Node *message, const char *file, const char *key) {
    Template *t = calloc(1, sizeof *t);
    t->pieces = calloc(strlen(text) + 1, sizeof *t->pieces);
    int next = first;
    const char *p = text, *literal = text;
    while (*p) {
        if (*p != '%') { p++; continue; }
        if (p > literal) t->pieces[t->count++] = (Piece){.kind = P_LITERAL, .text = literal, .length = (int)(p - literal)};
        Piece piece = {0};
        const char *s = p + 1;
        if (*s == '%') {
            t->pieces[t->count++] = (Piece){.kind = P_LITERAL, .text = "%", .length = 1};
            literal = p = s + 1;
            continue;
        } else if (*s == '@') {
            piece.kind = P_OBJECT; s++;
        } else if (*s == 'd') {
            piece.kind = P_INTEGER; s++;
        } else if (s[0] == 'l' && s[1] == 'd') {
            piece.kind = P_INTEGER; s += 2;
        } else if (s[0] == '.' && s[1] >= '0' && s[1] <= '7' && s[2] == 'f') {
            piece.kind = P_FIXED; piece.digits = s[1] - '0'; s += 3;
        } else if (s[0] == '#' && s[1] == '@') {
            const char *end = strchr(s + 2, '@');
            if (!end) die(key, "unterminated %#@");
            char name[128];
            snprintf(name, sizeof name, "%.*s", (int)(end - s - 2), s + 2);
            piece.kind = P_VARIABLE;
            piece.variable = compile_variable(name, next, message, file, key);
            s = end + 1;
        } else {
            die(key, "a specifier other than %d %ld %.Nf %@ %#@name@");
        }
        piece.arg = next++;
        if (piece.arg >= MAX_ARGS) die(key, "too many arguments");
        t->pieces[t->count++] = piece;
        literal = p = s;
    }
    if (p > literal) t->pieces[t->count++] = (Piece){.kind = P_LITERAL, .text = literal, .length = (int)(p - literal)};
    return t;
}

/* ---- the (key, locale) table ---- */

typedef struct { const char *key, *locale; int keylen, localelen, index; Template *t; } Slot;
#define SLOTS 4096
static Slot slots[SLOTS];

static uint64_t hash2(const char *a, int na, const char *b, int nb) {
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < na; i++) h = (h ^ (uint8_t)a[i]) * 1099511628211ULL;
    h = (h ^ 0xff) * 1099511628211ULL;
    for (int i = 0; i < nb; i++) h = (h ^ (uint8_t)b[i]) * 1099511628211ULL;
    return h;
}

static Slot *find(const char *key, int nk, const char *locale, int nl, int insert) {
    for (uint64_t i = hash2(key, nk, locale, nl);; i++) {
        Slot *s = &slots[i % SLOTS];
        if (!s->key) return insert ? s : NULL;
        if (s->keylen == nk && s->localelen == nl && memcmp(s->key, key, nk) == 0 && memcmp(s->locale, locale, nl) == 0) return s;
    }
}

/* ---- rendering ---- */

static char *out;
static size_t out_len, out_cap;

static void emit(const char *bytes, size_t n) {
    if (out_len + n > out_cap) {
        fwrite(out, 1, out_len, stdout);
        out_len = 0;
        if (n > out_cap) { fwrite(bytes, 1, n, stdout); return; }
    }
    memcpy(out + out_len, bytes, n);
    out_len += n;
}

static const char fsi[] = "\xE2\x81\xA8", pdi[] = "\xE2\x81\xA9";

typedef struct {
    const char *arg[MAX_ARGS];
    int arglen[MAX_ARGS], nargs;
    /* the digits a plural variable formatted for its argument (the form's own %d or %.Nf shows them) */
    char shown[MAX_ARGS][96];
    int shownlen[MAX_ARGS], showndigits[MAX_ARGS];
    LocaleFormat *format;
    UFormattedNumber *result;
} Request;

/* Formats argument `arg` (integer, or %.Nf when digits >= 0) as UTF-8 into r->shown[arg]. */
static void format_number(Request *r, int arg, int digits, UNumberFormatter *f) {
    UErrorCode ec = U_ZERO_ERROR;
    char number[64];
    int n = r->arglen[arg] < 63 ? r->arglen[arg] : 63;
    memcpy(number, r->arg[arg], n);
    number[n] = 0;
    if (digits < 0) {
        unumf_formatInt(f, strtoll(number, NULL, 10), r->result, &ec);
    } else {
        unumf_formatDouble(f, strtod(number, NULL), r->result, &ec);
    }
    UChar text[64];
    int32_t ulen = unumf_resultToString(r->result, text, 64, &ec);
    int32_t len8 = 0;
    u_strToUTF8(r->shown[arg], sizeof r->shown[arg], &len8, text, ulen, &ec);
    if (U_FAILURE(ec)) die("format", u_errorName(ec));
    r->shownlen[arg] = len8;
    r->showndigits[arg] = digits;
}

static void render(const Template *t, Request *r) {
    for (int i = 0; i < t->count; i++) {
        const Piece *p = &t->pieces[i];
        if (p->kind == P_LITERAL) { emit(p->text, p->length); continue; }
        if (p->arg >= r->nargs) die("request", "fewer arguments than the message needs");
        if (p->kind == P_VARIABLE) {
            Variable *v = p->variable;
            UNumberFormatter *f = v->fixed ? r->format->fixed[v->digits] : r->format->integer;
            format_number(r, v->arg, v->fixed ? v->digits : -1, f);
            UChar kw[16];
            char kw8[16];
            UErrorCode ec = U_ZERO_ERROR;
            int32_t n = uplrules_selectFormatted(r->format->rules, r->result, kw, 16, &ec);
            if (U_FAILURE(ec)) die("select", u_errorName(ec));
            u_UCharsToChars(kw, kw8, n);
            kw8[n] = 0;
            int c = NCATS - 1;
            for (int k = 0; k < NCATS; k++) if (strcmp(kw8, categories[k]) == 0) c = k;
            if (!v->fixed && v->forms[0] && strtoll(r->arg[v->arg], NULL, 10) == 0) c = 0;  /* Apple's zero form for 0 */
            render(v->forms[c] ? v->forms[c] : v->forms[NCATS - 1], r);
            continue;
        }
        if (r->format->rtl) emit(fsi, 3);
        if (p->kind == P_OBJECT) {
            emit(r->arg[p->arg], r->arglen[p->arg]);
        } else {
            int digits = p->kind == P_FIXED ? p->digits : -1;
            if (r->shownlen[p->arg] < 0 || r->showndigits[p->arg] != digits) {  /* not shown by a variable: format it here */
                format_number(r, p->arg, digits, digits < 0 ? r->format->integer : r->format->fixed[digits]);
            }
            emit(r->shown[p->arg], r->shownlen[p->arg]);
        }
        if (r->format->rtl) emit(pdi, 3);
    }
}

static char *read_all(FILE *f, size_t *length) {
    size_t cap = 1 << 20, n = 0, got;
    char *buf = malloc(cap + 1);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    buf[n] = 0;
    *length = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc < 4) die("usage", "floor TABLES TABLE LOCALE=FOLDER… < requests.tsv");
    static LocaleFormat formats[MAX_LOCALES];
    int nlocales = 0;
    for (int a = 3; a < argc && nlocales < MAX_LOCALES; a++, nlocales++) {
        char *eq = strchr(argv[a], '=');
        if (!eq) die(argv[a], "expected LOCALE=FOLDER");
        *eq = 0;
        const char *locale = argv[a], *folder = eq + 1;
        char path[4096], language[64];
        snprintf(path, sizeof path, "%s/%s.lproj/%s.stringsdict", argv[1], folder, argv[2]);
        FILE *f = fopen(path, "rb");
        if (!f) die(path, "cannot open");
        size_t n;
        const char *p = read_all(f, &n);
        fclose(f);
        p = strstr(p, "<dict>");
        if (!p) die(path, "no <dict>");
        p += 6;
        Node *root = read_dict(&p, path);
        /* the served folder's language chooses plural forms; the requested locale formats numbers */
        snprintf(language, sizeof language, "%s", folder);
        for (char *c = language; *c; c++) if (*c == '-') *c = '_';
        LocaleFormat *lf = &formats[nlocales];
        UErrorCode ec = U_ZERO_ERROR;
        lf->rules = uplrules_open(language, &ec);
        lf->integer = unumf_openForSkeletonAndLocale(u"precision-integer group-on-aligned", -1, locale, &ec);
        static const UChar *fixed[8] = {u"precision-integer group-on-aligned", u".0 group-on-aligned", u".00 group-on-aligned",
            u".000 group-on-aligned", u".0000 group-on-aligned", u".00000 group-on-aligned", u".000000 group-on-aligned",
            u".0000000 group-on-aligned"};
        for (int d = 0; d < 8; d++) lf->fixed[d] = unumf_openForSkeletonAndLocale(fixed[d], -1, locale, &ec);
        if (U_FAILURE(ec)) die(locale, u_errorName(ec));
        lf->rtl = uloc_isRightToLeft(language);
        for (int k = 0; k < root->count; k++) {
            const Node *message = root->values[k];
            const Node *format = message->string ? message : member(message, "NSStringLocalizedFormatKey");
            if (!format || !format->string) die(root->keys[k], "no NSStringLocalizedFormatKey");
            Slot *s = find(root->keys[k], (int)strlen(root->keys[k]), locale, (int)strlen(locale), 1);
            *s = (Slot){root->keys[k], locale, (int)strlen(root->keys[k]), (int)strlen(locale), nlocales,
                        compile(format->string, 0, message, path, root->keys[k])};
        }
    }

    out_cap = 1 << 16;
    out = malloc(out_cap);
    size_t length;
    char *input = read_all(stdin, &length), *line = input, *end = input + length;
    Request r = {0};
    UErrorCode ec = U_ZERO_ERROR;
    r.result = unumf_openResult(&ec);
    long requests = 0;
    while (line < end) {
        char *nl = memchr(line, '\n', end - line);
        if (!nl) nl = end;
        const char *field[MAX_ARGS + 2];
        int flen[MAX_ARGS + 2], nf = 0;
        for (char *q = line; nf < MAX_ARGS + 2;) {
            char *tab = memchr(q, '\t', nl - q);
            field[nf] = q;
            flen[nf++] = (int)((tab ? tab : nl) - q);
            if (!tab) break;
            q = tab + 1;
        }
        if (nf < 2) die("request", "expected key TAB locale");
        Slot *s = find(field[0], flen[0], field[1], flen[1], 0);
        if (!s) die("request", "no such key in that locale");
        r.nargs = nf - 2;
        for (int i = 0; i < r.nargs; i++) { r.arg[i] = field[i + 2]; r.arglen[i] = flen[i + 2]; r.shownlen[i] = -1; }
        r.format = &formats[s->index];
        render(s->t, &r);
        emit("\n", 1);
        requests++;
        line = nl + 1;
    }
    fwrite(out, 1, out_len, stdout);
    fprintf(stderr, "floor: requests=%ld\n", requests);
    return 0;
}
