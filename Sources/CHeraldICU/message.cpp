// MessageFormat (herald_icu.h): the pattern as the table wrote it, rewritten once so that
// - every argument that is shown ({x}, {x, number}, {x, date}, the # of a plural) can be
//   wrapped in FSI U+2068 … PDI U+2069 in the pattern itself, while the value still
//   reaches ICU raw (a select compares the string as given, a plural the number);
// - every {x, date…} / {x, time…} is formatted by a DateFormat of its own (made by ICU
//   from the same argument text, so styles and skeletons mean what they mean to ICU),
//   set to the time zone of each call: ICU's MessageFormat formats dates in the
//   process's default zone and gives no access to the formats of nested arguments.
//   The rewritten pattern reads a string argument with a name of its own instead.

#include "shim.hpp"

#include <unicode/datefmt.h>
#include <unicode/messagepattern.h>
#include <unicode/timezone.h>

#include <memory>

using namespace hicu;

namespace {

bool isDateType(const icu::UnicodeString &type) {
    return type.caseCompare(u"date", 0) == 0 || type.caseCompare(u"time", 0) == 0;
}

// What the rewrite found: the new pattern and the date arguments it replaced.
struct Rewrite {
    icu::UnicodeString pattern;
    std::vector<HICUMessageDate> dates;
};

// A name no argument of `mp` has, for the i-th date argument.
icu::UnicodeString syntheticName(const icu::MessagePattern &mp, int32_t i) {
    icu::UnicodeString base(u"herald_date_");
    for (;;) {
        icu::UnicodeString name(base);
        name.append(icu::UnicodeString::fromUTF8(std::to_string(i)));
        bool clash = false;
        for (int32_t p = 0; p < mp.countParts() && !clash; p++) {
            const auto &part = mp.getPart(p);
            if (part.getType() == UMSGPAT_PART_TYPE_ARG_NAME && mp.getSubstring(part) == name) clash = true;
        }
        if (!clash) return name;
        base.append(u'_');
    }
}

// The DateFormat ICU's MessageFormat makes for the argument text `{name, date, style}`
// (taken from a MessageFormat of that one argument), or for a plain `{name}` that a
// date is given to (short date and time, as MessageFormat does).
icu::DateFormat *dateFormatFor(const icu::UnicodeString &rest, const icu::Locale &locale, UErrorCode &ec) {
    if (rest.isEmpty()) return icu::DateFormat::createDateTimeInstance(icu::DateFormat::kShort, icu::DateFormat::kShort, locale);
    icu::UnicodeString one(u"{0");
    one.append(rest);
    UParseError pe;
    icu::MessageFormat single(one, locale, pe, ec);
    if (U_FAILURE(ec)) return nullptr;
    int32_t count = 0;
    const icu::Format **formats = single.getFormats(count);
    if (count < 1 || !formats || !formats[0]) {
        ec = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    auto *date = dynamic_cast<const icu::DateFormat *>(formats[0]);
    if (!date) {
        ec = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    return date->clone();
}

Rewrite rewrite(const icu::UnicodeString &pattern, const icu::Locale &locale, bool isolate, UErrorCode &ec) {
    Rewrite out;
    UParseError pe;
    icu::MessagePattern mp(pattern, &pe, ec);
    if (U_FAILURE(ec)) return out;
    int32_t n = mp.countParts();
    // The names of arguments formatted as dates somewhere: a plain {x} of one shows a date too.
    std::vector<icu::UnicodeString> dateNames;
    for (int32_t i = 0; i < n; i++) {
        const auto &part = mp.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START || part.getArgType() != UMSGPAT_ARG_TYPE_SIMPLE) continue;
        if (isDateType(mp.getSubstring(mp.getPart(i + 2)))) dateNames.push_back(mp.getSubstring(mp.getPart(i + 1)));
    }
    auto isDateName = [&](const icu::UnicodeString &name) {
        for (const auto &d : dateNames)
            if (d == name) return true;
        return false;
    };
    static const UChar fsi = 0x2068, pdi = 0x2069;
    int32_t copied = 0;
    for (int32_t i = 0; i < n; i++) {
        const auto &part = mp.getPart(i);
        if (part.getType() == UMSGPAT_PART_TYPE_REPLACE_NUMBER) {
            if (!isolate) continue;
            out.pattern.append(pattern, copied, part.getIndex() - copied);
            out.pattern.append(fsi).append(pattern, part.getIndex(), part.getLength()).append(pdi);
            copied = part.getLimit();
            continue;
        }
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        UMessagePatternArgType type = part.getArgType();
        if (type != UMSGPAT_ARG_TYPE_NONE && type != UMSGPAT_ARG_TYPE_SIMPLE) continue;
        int32_t limitIndex = mp.getLimitPartIndex(i);
        const auto &limit = mp.getPart(limitIndex);
        const auto &namePart = mp.getPart(i + 1);
        icu::UnicodeString name = mp.getSubstring(namePart);
        bool date = type == UMSGPAT_ARG_TYPE_SIMPLE ? isDateType(mp.getSubstring(mp.getPart(i + 2))) : isDateName(name);
        out.pattern.append(pattern, copied, part.getIndex() - copied);
        if (isolate) out.pattern.append(fsi);
        if (date) {
            icu::UnicodeString rest;
            if (type == UMSGPAT_ARG_TYPE_SIMPLE) rest.setTo(pattern, namePart.getLimit(), limit.getIndex() + 1 - namePart.getLimit());
            icu::DateFormat *f = dateFormatFor(rest, locale, ec);
            if (U_FAILURE(ec) || !f) {
                delete f;
                for (auto &d : out.dates) delete d.format;
                out.dates.clear();
                if (U_SUCCESS(ec)) ec = U_MEMORY_ALLOCATION_ERROR;
                return out;
            }
            icu::UnicodeString synthetic = syntheticName(mp, (int32_t)out.dates.size());
            out.pattern.append(u'{').append(synthetic).append(u'}');
            out.dates.push_back(HICUMessageDate{name, synthetic, f});
        } else {
            out.pattern.append(pattern, part.getIndex(), limit.getLimit() - part.getIndex());
        }
        if (isolate) out.pattern.append(pdi);
        copied = limit.getLimit();
        i = limitIndex;
    }
    out.pattern.append(pattern, copied, pattern.length() - copied);
    return out;
}

}  // namespace

extern "C" {

HICUMessageFormat *hicu_message_open(const char *pattern, const char *locale, int isolate,
                                     int32_t *error_line, int32_t *error_offset,
                                     int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UParseError pe;
    pe.line = 0;
    pe.offset = -1;
    icu::UnicodeString p = icu::UnicodeString::fromUTF8(pattern);
    icu::Locale loc(locale);
    // The pattern as written, first: its errors are reported at its own offsets.
    std::unique_ptr<icu::MessageFormat> original(new icu::MessageFormat(p, loc, pe, ec));
    if (U_FAILURE(ec)) {
        if (error_line) *error_line = pe.line;
        if (error_offset) *error_offset = pe.offset;
        *status = ec;
        return nullptr;
    }
    bool names = original->usesNamedArguments();
    Rewrite r = rewrite(p, loc, isolate != 0, ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return nullptr;
    }
    if (r.dates.empty() && !isolate) return new HICUMessageFormat{original.release(), {}, {}, names};
    auto *f = new icu::MessageFormat(r.pattern, loc, pe, ec);
    if (U_FAILURE(ec)) {
        delete f;
        for (auto &d : r.dates) delete d.format;
        *status = ec;
        return nullptr;
    }
    return new HICUMessageFormat{f, std::move(r.dates), {}, names};
}

void hicu_message_close(HICUMessageFormat *fmt) {
    if (!fmt) return;
    for (auto &d : fmt->dates) delete d.format;
    delete fmt->fmt;
    delete fmt;
}

int hicu_message_uses_names(const HICUMessageFormat *fmt) { return fmt->namesUsed ? 1 : 0; }

int hicu_message_has_dates(const HICUMessageFormat *fmt) { return fmt->dates.empty() ? 0 : 1; }

int32_t hicu_message_format(HICUMessageFormat *fmt, const char *zone, int32_t count, const char *const *names,
                            const HICUMessageArgumentKind *kinds, const char *const *values,
                            const int32_t *valueLengths, const double *numbers, char *out,
                            int32_t cap, int32_t *failed_argument, int32_t *status) {
    *failed_argument = -1;
    size_t total = (size_t)(count > 0 ? count : 0) + fmt->dates.size();
    std::vector<icu::UnicodeString> argNames(total);
    std::vector<icu::Formattable> args(total);
    UErrorCode ec = U_ZERO_ERROR;
    for (int32_t i = 0; i < count; i++) {
        argNames[(size_t)i] = icu::UnicodeString::fromUTF8(names[i]);
        switch (kinds[i]) {
            case HICUMessageArgumentKindDecimal: {
                icu::Formattable f(icu::StringPiece(values[i], valueLengths[i]), ec);
                if (U_FAILURE(ec)) {
                    *failed_argument = i;
                    *status = ec;
                    return 0;
                }
                args[(size_t)i] = f;
                break;
            }
            case HICUMessageArgumentKindDate:
                args[(size_t)i] = icu::Formattable(numbers[i], icu::Formattable::kIsDate);
                break;
            case HICUMessageArgumentKindString:
                // By length: a string argument may hold NUL characters.
                args[(size_t)i] = icu::Formattable(
                    icu::UnicodeString::fromUTF8(icu::StringPiece(values[i], valueLengths[i])));
                break;
        }
    }
    if (!fmt->dates.empty()) {
        if (!zone || fmt->zone != zone) {
            std::unique_ptr<icu::TimeZone> tz(
                icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(zone ? zone : "UTC")));
            if (!tz || *tz == icu::TimeZone::getUnknown()) {
                *status = U_ILLEGAL_ARGUMENT_ERROR;
                return 0;
            }
            for (auto &d : fmt->dates) d.format->setTimeZone(*tz);
            fmt->zone = zone ? zone : "UTC";
        }
        size_t k = (size_t)count;
        for (const auto &d : fmt->dates) {
            int32_t given = -1;
            for (int32_t i = 0; i < count; i++)
                if (argNames[(size_t)i] == d.argument) given = i;
            if (given < 0 || args[(size_t)given].getType() != icu::Formattable::kDate) {
                *failed_argument = given;
                *status = U_ILLEGAL_ARGUMENT_ERROR;
                return 0;
            }
            icu::UnicodeString text;
            d.format->format(args[(size_t)given].getDate(), text);
            argNames[k] = d.synthetic;
            args[k] = icu::Formattable(text);
            k++;
        }
    }
    icu::UnicodeString result;
    fmt->fmt->format(argNames.data(), args.data(), (int32_t)total, result, ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return toUTF8(result.getBuffer(), result.length(), out, cap, status);
}

}  // extern "C"
