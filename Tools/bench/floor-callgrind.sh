#!/usr/bin/env bash
# Where `herald format --batch` spends its instructions against the floor
# (Tools/bench/floor/floor.c), by phase and by kind of request, with callgrind:
# each function's own instructions per request (a run of 2N requests less a run of
# N, divided by N: start-up cancels out), summed by phase from the function's name
# and library:
#   JSON in      reading the line and its members (TSV fields for the floor)
#   lookup       finding the compiled template for (key, table, locale)
#   plural       ICU choosing the plural category (PluralRules and its operands)
#   number       formatting numbers: ICU's number formatting, printf's digits, UTF-16 → UTF-8
#   render       walking the template, appending pieces
#   JSON out     writing the answer (the text line for the floor)
#   runtime      allocation and reference counting (malloc/free, swift_retain/release)
#   other        the rest (libc copies, the loop)
#
#   Tools/bench/floor-callgrind.sh [N]      (default N = 10000)
#   HERALD=path   a herald binary (default: the shipping build, Tools/scripts/build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-10000}
command -v valgrind >/dev/null || { echo "floor-callgrind: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
HERALD=${HERALD:-$(Tools/scripts/build-release.sh)}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cc -O2 -g -o "$WORK/floor" Tools/bench/floor/floor.c $(pkg-config --cflags --libs icu-i18n icu-uc)
# valgrind 3.19 cannot read the DWARF 5 Swift emits: profile a copy without debug info.
objcopy --strip-debug "$HERALD" "$WORK/herald"
TABLES=$PWD/Tools/bench/floor/Localizations
LOCALES=(en_US=en de_DE=de fr_FR=fr es_ES=es it_IT=it pt_BR=pt-BR ru_RU=ru pl_PL=pl cs_CZ=cs
  ar_EG=ar he_IL=he ja_JP=ja zh_Hans_CN=zh-Hans cy_GB=cy ga_IE=ga lt_LT=lt)
KINDS=(decimal single two named mixed)

for kind in "${KINDS[@]}"; do
  for n in "$N" $((2 * N)); do
    if [ "$kind" = mixed ]; then python3 Tools/bench/floor/workload.py mixed "$n" "$WORK/$kind.$n"
    else python3 Tools/bench/floor/workload.py kind "$kind" "$n" "$WORK/$kind.$n"; fi
    valgrind --tool=callgrind --callgrind-out-file="$WORK/herald.$kind.$n.cg" "$WORK/herald" format --batch \
      "$WORK/$kind.$n.jsonl" --tables "$TABLES" >/dev/null 2>"$WORK/vg.log" || { tail -5 "$WORK/vg.log" >&2; exit 1; }
    valgrind --tool=callgrind --callgrind-out-file="$WORK/floor.$kind.$n.cg" "$WORK/floor" "$TABLES" Floor "${LOCALES[@]}" \
      < "$WORK/$kind.$n.tsv" >/dev/null 2>"$WORK/vg.log" || { tail -5 "$WORK/vg.log" >&2; exit 1; }
    for side in herald floor; do
      callgrind_annotate --auto=no --threshold=100 "$WORK/$side.$kind.$n.cg" 2>/dev/null | swift demangle --simplified \
        > "$WORK/$side.$kind.$n.txt"
    done
  done
done

python3 - "$WORK" "$N" "${KINDS[@]}" <<'PY'
import re, sys
work, n, kinds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
PHASES = [
    ("runtime", r"swift_retain|swift_release|swift_allocObject|swift_deallocObject|swift_bridgeObject|"
                r"swift_slowAlloc|swift_slowDealloc|_int_malloc|_int_free|\bmalloc\b|\bfree\b|cfree|realloc|"
                r"swift_isUniquelyReferenced|swift_beginAccess|swift_endAccess|malloc_consolidate|tcache"),
    ("plural", r"PluralRule|plrules|PluralOperand|FixedDecimal|AndConstraint|OrConstraint|RuleChain|"
               r"keywordCategory|uplrules"),
    ("JSON in", r"FormatBatchFastPath\.(decode|readArguments|number)|JSONReader|LineReader|NumericValue|"
                r"isDecimalLiteral|FormatBatch\.answer|strtoll|strtod|____strtod|__strtol|str_to_mpn|round_and_return|floor\.c:main\b"),
    ("lookup", r"TemplateSlots|TemplateCache|withCompiled|FormatBatchFastPath\.locale|RecentText|"
               r"batchLocale|\bfind\b|hash2"),
    ("JSON out", r"FormatJSON|JSONWriter|BufferedOutput|\bemit\b|fwrite|_IO_|__write|\bwrite\b"),
    ("number", r"libicu|icu_72|NumberFormat|hicu_|snprintf|vfprintf|printf_fp|__mpn|hack_digit|__printf|"
               r"format_number|u_strToUTF8|toUTF8|produce|resultOut|DigitScratch|SpecifierFormatting\.(numeric|cFormat|appendPlain)|"
               r"_itoa|outstring|withVaList|CVaListPointer|__vsnprintf"),
    ("render", r"Renderer|SpecifierFormatting|RenderBuffer|RenderState|Template|CompiledVariable|\brender\b"),
]
ORDER = [p for p, _ in PHASES] + ["other"]
LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$")

def costs(path):
    d = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = LINE.match(line)
        if m:
            d[m.group(2)] = d.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return d

def phase(name):
    for p, rx in PHASES:
        if re.search(rx, name):
            return p
    return "other"

def per_request(side, kind):
    a, b = costs(f"{work}/{side}.{kind}.{n}.txt"), costs(f"{work}/{side}.{kind}.{2 * n}.txt")
    total = (b.get("PROGRAM TOTALS", 0) - a.get("PROGRAM TOTALS", 0)) / n
    by, top = {p: 0.0 for p in ORDER}, []
    for name in set(a) | set(b):
        if name == "PROGRAM TOTALS":
            continue
        v = (b.get(name, 0) - a.get(name, 0)) / n
        by[phase(name)] += v
        top.append((v, name))
    return total, by, sorted(top, reverse=True)[:10]

print(f"instructions per request (callgrind, {2 * n:,} less {n:,} requests)")
print(f"{'kind':8} {'side':6} {'total':>7} " + " ".join(f"{p:>9}" for p in ORDER))
tops = {}
for kind in kinds:
    for side in ("herald", "floor"):
        total, by, top = per_request(side, kind)
        tops[(kind, side)] = top
        print(f"{kind:8} {side:6} {total:7,.0f} " + " ".join(f"{by[p]:9,.0f}" for p in ORDER))
for kind in kinds:
    print(f"\n{kind}: herald's ten costliest functions per request")
    for v, name in tops[(kind, "herald")]:
        print(f"  {v:7,.0f}  {phase(name):8}  {name[:150]}")
PY
