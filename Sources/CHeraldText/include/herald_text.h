// Text layout engines, loaded at run time: HarfBuzz (shaping) and fontconfig (which font
// file draws a script or a character). The one place in Herald that calls them. They are
// opened with dlopen (libharfbuzz.so.0, libfontconfig.so.1), so building Herald needs no
// -dev package; where they are missing, htext_open says why and the caller reports the
// layout engine unavailable. Plain C types only.
#ifndef HERALD_TEXT_H
#define HERALD_TEXT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the libraries (once; thread-safe). Returns 1 when both are usable, else 0 and
/// writes the reason (NUL-terminated, at most cap bytes) to `why`.
int htext_open(char *why, int32_t cap);

/// A font file opened for shaping (a HarfBuzz font at its units per em). Immutable, so
/// it may be shaped with from any thread.
typedef struct HTextFont HTextFont;

/// Opens face `index` of the font file at `path`; NULL when it cannot be read as a font.
HTextFont *htext_font_open(const char *path, int32_t index);
void htext_font_close(HTextFont *font);
/// Units per em of the font.
int32_t htext_font_upem(const HTextFont *font);
/// 1 when the font maps the code point to a glyph.
int htext_font_has(const HTextFont *font, uint32_t codepoint);

/// Shapes text[start ..< end] (UTF-16, the whole text given as context) with `font` in the
/// language `lang` (BCP 47, may be ""), direction and script guessed from the text.
/// For each glyph writes the UTF-16 index of its cluster and its x advance in font units.
/// Returns the glyph count; when it is more than cap, nothing is written and the count
/// is returned (call again with room). -1 when the engine is not open.
int32_t htext_shape(const HTextFont *font, const uint16_t *text, int32_t len, int32_t start, int32_t end,
                    const char *lang, uint32_t *clusters, int32_t *advances, int32_t cap);

/// The font file fontconfig chooses for `family` (may be "": the default sans-serif) at
/// OpenType `weight` (400 regular, 600 semibold, 700 bold) for language `lang` (may be ""),
/// which must draw `codepoint` when it is not 0. Writes the path and the font's family
/// name (each NUL-terminated, in `cap` bytes) and the face index. Returns the path's
/// length, 0 when no font qualifies, -1 when the engine is not open, or the length needed
/// when a name does not fit (nothing written).
int32_t htext_match(const char *family, int32_t weight, const char *lang, uint32_t codepoint,
                    char *path, char *family_out, int32_t cap, int32_t *index);

#ifdef __cplusplus
}
#endif

#endif
