// HarfBuzz and fontconfig behind herald_text.h, loaded with dlopen. Only the few
// functions Herald calls are declared here, from the libraries' public API (their
// signatures and the two glyph record layouts), so no header of theirs is needed.

#include "herald_text.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: the libraries' API, as declared in hb.h and fontconfig.h

typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef const struct hb_language_impl_t *hb_language_t;
typedef struct {
    uint32_t codepoint, mask, cluster, var1, var2;
} hb_glyph_info_t;
typedef struct {
    int32_t x_advance, y_advance, x_offset, y_offset;
    uint32_t var;
} hb_glyph_position_t;

typedef struct FcConfig FcConfig;
typedef struct FcPattern FcPattern;
typedef struct FcCharSet FcCharSet;
typedef struct {
    int nfont, sfont;
    FcPattern **fonts;
} FcFontSet;
enum { FcResultMatch = 0 };
enum { FcMatchPattern = 0 };

static struct {
    hb_blob_t *(*blob_create_from_file)(const char *);
    void (*blob_destroy)(hb_blob_t *);
    hb_face_t *(*face_create)(hb_blob_t *, unsigned);
    void (*face_destroy)(hb_face_t *);
    unsigned (*face_get_upem)(const hb_face_t *);
    unsigned (*face_get_glyph_count)(const hb_face_t *);
    hb_font_t *(*font_create)(hb_face_t *);
    void (*font_make_immutable)(hb_font_t *);
    void (*font_destroy)(hb_font_t *);
    int (*font_get_nominal_glyph)(hb_font_t *, uint32_t, uint32_t *);
    hb_buffer_t *(*buffer_create)(void);
    void (*buffer_destroy)(hb_buffer_t *);
    void (*buffer_add_utf16)(hb_buffer_t *, const uint16_t *, int, unsigned, int);
    void (*buffer_set_language)(hb_buffer_t *, hb_language_t);
    void (*buffer_guess_segment_properties)(hb_buffer_t *);
    hb_language_t (*language_from_string)(const char *, int);
    void (*shape)(hb_font_t *, hb_buffer_t *, const void *, unsigned);
    hb_glyph_info_t *(*buffer_get_glyph_infos)(hb_buffer_t *, unsigned *);
    hb_glyph_position_t *(*buffer_get_glyph_positions)(hb_buffer_t *, unsigned *);

    FcConfig *(*init_load)(void);
    FcPattern *(*name_parse)(const unsigned char *);
    int (*pattern_add_string)(FcPattern *, const char *, const unsigned char *);
    int (*pattern_add_integer)(FcPattern *, const char *, int);
    int (*pattern_add_charset)(FcPattern *, const char *, const FcCharSet *);
    int (*pattern_get_string)(const FcPattern *, const char *, int, unsigned char **);
    int (*pattern_get_integer)(const FcPattern *, const char *, int, int *);
    int (*pattern_get_charset)(const FcPattern *, const char *, int, FcCharSet **);
    void (*pattern_destroy)(FcPattern *);
    FcCharSet *(*charset_create)(void);
    int (*charset_add_char)(FcCharSet *, uint32_t);
    int (*charset_has_char)(const FcCharSet *, uint32_t);
    void (*charset_destroy)(FcCharSet *);
    int (*config_substitute)(FcConfig *, FcPattern *, int);
    void (*default_substitute)(FcPattern *);
    FcFontSet *(*font_sort)(FcConfig *, FcPattern *, int, FcCharSet **, int *);
    void (*fontset_destroy)(FcFontSet *);
    int (*weight_from_opentype)(int);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int opened = 0;
static char failure[256];
static FcConfig *config = NULL;
// fontconfig's matching is not documented as thread-safe on one configuration.
static pthread_mutex_t fc_lock = PTHREAD_MUTEX_INITIALIZER;

#define LOAD(lib, field, name)                                                              \
    do {                                                                                    \
        *(void **)&api.field = dlsym(lib, name);                                            \
        if (!api.field) {                                                                   \
            snprintf(failure, sizeof failure, "%s lacks %s (too old a version)", #lib, name); \
            return;                                                                         \
        }                                                                                   \
    } while (0)

static void load(void) {
    void *harfbuzz = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!harfbuzz) {
        snprintf(failure, sizeof failure, "libharfbuzz.so.0 is not installed (Debian: libharfbuzz0b)");
        return;
    }
    void *fontconfig = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!fontconfig) {
        snprintf(failure, sizeof failure, "libfontconfig.so.1 is not installed (Debian: libfontconfig1)");
        return;
    }
    LOAD(harfbuzz, blob_create_from_file, "hb_blob_create_from_file");
    LOAD(harfbuzz, blob_destroy, "hb_blob_destroy");
    LOAD(harfbuzz, face_create, "hb_face_create");
    LOAD(harfbuzz, face_destroy, "hb_face_destroy");
    LOAD(harfbuzz, face_get_upem, "hb_face_get_upem");
    LOAD(harfbuzz, face_get_glyph_count, "hb_face_get_glyph_count");
    LOAD(harfbuzz, font_create, "hb_font_create");
    LOAD(harfbuzz, font_make_immutable, "hb_font_make_immutable");
    LOAD(harfbuzz, font_destroy, "hb_font_destroy");
    LOAD(harfbuzz, font_get_nominal_glyph, "hb_font_get_nominal_glyph");
    LOAD(harfbuzz, buffer_create, "hb_buffer_create");
    LOAD(harfbuzz, buffer_destroy, "hb_buffer_destroy");
    LOAD(harfbuzz, buffer_add_utf16, "hb_buffer_add_utf16");
    LOAD(harfbuzz, buffer_set_language, "hb_buffer_set_language");
    LOAD(harfbuzz, buffer_guess_segment_properties, "hb_buffer_guess_segment_properties");
    LOAD(harfbuzz, language_from_string, "hb_language_from_string");
    LOAD(harfbuzz, shape, "hb_shape");
    LOAD(harfbuzz, buffer_get_glyph_infos, "hb_buffer_get_glyph_infos");
    LOAD(harfbuzz, buffer_get_glyph_positions, "hb_buffer_get_glyph_positions");
    LOAD(fontconfig, init_load, "FcInitLoadConfigAndFonts");
    LOAD(fontconfig, name_parse, "FcNameParse");
    LOAD(fontconfig, pattern_add_string, "FcPatternAddString");
    LOAD(fontconfig, pattern_add_integer, "FcPatternAddInteger");
    LOAD(fontconfig, pattern_add_charset, "FcPatternAddCharSet");
    LOAD(fontconfig, pattern_get_string, "FcPatternGetString");
    LOAD(fontconfig, pattern_get_integer, "FcPatternGetInteger");
    LOAD(fontconfig, pattern_get_charset, "FcPatternGetCharSet");
    LOAD(fontconfig, pattern_destroy, "FcPatternDestroy");
    LOAD(fontconfig, charset_create, "FcCharSetCreate");
    LOAD(fontconfig, charset_add_char, "FcCharSetAddChar");
    LOAD(fontconfig, charset_has_char, "FcCharSetHasChar");
    LOAD(fontconfig, charset_destroy, "FcCharSetDestroy");
    LOAD(fontconfig, config_substitute, "FcConfigSubstitute");
    LOAD(fontconfig, default_substitute, "FcDefaultSubstitute");
    LOAD(fontconfig, font_sort, "FcFontSort");
    LOAD(fontconfig, fontset_destroy, "FcFontSetDestroy");
    LOAD(fontconfig, weight_from_opentype, "FcWeightFromOpenType");
    config = api.init_load();
    if (!config) {
        snprintf(failure, sizeof failure, "fontconfig found no configuration (Debian: fontconfig)");
        return;
    }
    opened = 1;
}

int htext_open(char *why, int32_t cap) {
    pthread_once(&once, load);
    if (!opened && why && cap > 0) {
        strncpy(why, failure, (size_t)cap - 1);
        why[cap - 1] = 0;
    }
    return opened;
}

// MARK: fonts

struct HTextFont {
    hb_font_t *font;
    int32_t upem;
};

HTextFont *htext_font_open(const char *path, int32_t index) {
    if (!htext_open(NULL, 0) || !path || index < 0) return NULL;
    hb_blob_t *blob = api.blob_create_from_file(path);
    hb_face_t *face = api.face_create(blob, (unsigned)index);
    api.blob_destroy(blob);
    if (api.face_get_glyph_count(face) == 0) {
        api.face_destroy(face);
        return NULL;
    }
    HTextFont *f = malloc(sizeof *f);
    if (!f) {
        api.face_destroy(face);
        return NULL;
    }
    f->upem = (int32_t)api.face_get_upem(face);
    f->font = api.font_create(face);
    api.face_destroy(face);
    api.font_make_immutable(f->font);
    return f;
}

void htext_font_close(HTextFont *font) {
    if (!font) return;
    api.font_destroy(font->font);
    free(font);
}

int32_t htext_font_upem(const HTextFont *font) { return font ? font->upem : 0; }

int htext_font_has(const HTextFont *font, uint32_t codepoint) {
    uint32_t glyph = 0;
    return font && api.font_get_nominal_glyph(font->font, codepoint, &glyph) && glyph != 0;
}

int32_t htext_shape(const HTextFont *font, const uint16_t *text, int32_t len, int32_t start, int32_t end,
                    const char *lang, uint32_t *clusters, int32_t *advances, int32_t cap) {
    if (!opened || !font || start < 0 || end > len || start > end) return -1;
    hb_buffer_t *buffer = api.buffer_create();
    api.buffer_add_utf16(buffer, text, len, (unsigned)start, end - start);
    if (lang && *lang) api.buffer_set_language(buffer, api.language_from_string(lang, -1));
    api.buffer_guess_segment_properties(buffer);
    api.shape(font->font, buffer, NULL, 0);
    unsigned n = 0, m = 0;
    hb_glyph_info_t *info = api.buffer_get_glyph_infos(buffer, &n);
    hb_glyph_position_t *pos = api.buffer_get_glyph_positions(buffer, &m);
    if ((int32_t)n <= cap && m == n) {
        for (unsigned i = 0; i < n; i++) {
            clusters[i] = info[i].cluster;
            advances[i] = pos[i].x_advance;
        }
    }
    api.buffer_destroy(buffer);
    return (int32_t)n;
}

// MARK: fontconfig

int32_t htext_match(const char *family, int32_t weight, const char *lang, uint32_t codepoint,
                    char *path, char *family_out, int32_t cap, int32_t *index) {
    if (!htext_open(NULL, 0)) return -1;
    // The language goes through fontconfig's own name syntax (a language set); it is
    // reduced to letters, digits and '-' first, so it cannot add other properties.
    char spec[48] = ":lang=";
    size_t k = strlen(spec);
    for (const char *c = lang ? lang : ""; *c && k < sizeof spec - 1; c++) {
        char ch = *c == '_' ? '-' : *c;
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-') spec[k++] = ch;
    }
    spec[k] = 0;
    int32_t result = 0;
    pthread_mutex_lock(&fc_lock);
    FcPattern *pattern = api.name_parse((const unsigned char *)(k > 6 ? spec : ""));
    if (!pattern) {
        pthread_mutex_unlock(&fc_lock);
        return 0;
    }
    api.pattern_add_string(pattern, "family", (const unsigned char *)(family && *family ? family : "sans-serif"));
    api.pattern_add_integer(pattern, "weight", api.weight_from_opentype(weight));
    if (codepoint) {
        FcCharSet *set = api.charset_create();
        api.charset_add_char(set, codepoint);
        api.pattern_add_charset(pattern, "charset", set);
        api.charset_destroy(set);
    }
    api.config_substitute(config, pattern, FcMatchPattern);
    api.default_substitute(pattern);
    int r = 0;
    FcFontSet *fonts = api.font_sort(config, pattern, 1, NULL, &r);
    if (fonts) {
        for (int i = 0; i < fonts->nfont; i++) {
            FcPattern *font = fonts->fonts[i];
            FcCharSet *has = NULL;
            if (codepoint && (api.pattern_get_charset(font, "charset", 0, &has) != FcResultMatch || !api.charset_has_char(has, codepoint)))
                continue;
            unsigned char *file = NULL;
            if (api.pattern_get_string(font, "file", 0, &file) != FcResultMatch || !file) continue;
            int face = 0;
            if (api.pattern_get_integer(font, "index", 0, &face) != FcResultMatch) face = 0;
            unsigned char *name = NULL;
            if (api.pattern_get_string(font, "family", 0, &name) != FcResultMatch || !name) name = (unsigned char *)"";
            int32_t n = (int32_t)strlen((const char *)file);
            int32_t m = (int32_t)strlen((const char *)name);
            if (n < cap && m < cap) {
                memcpy(path, file, (size_t)n + 1);
                memcpy(family_out, name, (size_t)m + 1);
                *index = face;
                result = n;
            } else {
                result = n > m ? n + 1 : m + 1;
            }
            break;
        }
        api.fontset_destroy(fonts);
    }
    api.pattern_destroy(pattern);
    pthread_mutex_unlock(&fc_lock);
    return result;
}
