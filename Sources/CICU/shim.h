// Only the C++ shim (CHeraldICU) depends on this module; it exists so that
// SwiftPM finds ICU through pkg-config (icu-i18n) for include and link flags.
#include <unicode/utypes.h>
