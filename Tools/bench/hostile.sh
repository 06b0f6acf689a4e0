#!/usr/bin/env bash
# Hostile-input benchmark: the worst shapes found for each reader, about 4 MiB each
# (Tools/bench/hostile/make_inputs.py: one line of many keys, one huge string, many
# numbered specifiers, deep nesting, a binary plist string referenced by every key, a
# plural nest for the linter, an XLIFF of many units / one huge target / deep groups, a
# one-line payload of many keys, batch lines of many keys),
# fed to the release `herald`:
#
#   .strings / .stringsdict (XML and binary) / .xcstrings   herald export DIR --format json
#   the linter                                             herald validate DIR
#   XLIFF                                                  herald import F --tables DIR --dry-run
#   payload JSON                                           herald render --payload F
#   batch lines                                            herald render --batch F, herald format --batch F
#
#   Tools/bench/hostile.sh [SIZE_BYTES]     (default 4194304)
#
# For each: CPU time (user + sys), wall time and peak RSS (/usr/bin/time), next to two
# baselines on the same bytes in the same run: `cat` and Python's json.load (JSON inputs).
# The fixed base is the same command's own peak RSS on the smallest input: an empty tables
# folder for the table readers and the linter, a one-alert payload for render (which loads
# the stage: store, sealing, ICU), one such batch line for the batch commands. Goal per
# input: under 1 s of CPU and peak RSS under base + 4 × the input.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZE=${1:-4194304}

# HERALD_BENCH_SCRATCH: a build folder of its own (SwiftPM's --scratch-path), so the
# release build does not wait for the debug one's lock.
SCRATCH=()
[ -z "${HERALD_BENCH_SCRATCH:-}" ] || SCRATCH=(--scratch-path "$HERALD_BENCH_SCRATCH")
echo "building release…" >&2
swift build -c release --product herald "${SCRATCH[@]}" >&2
BIN=$(swift build -c release "${SCRATCH[@]}" --show-bin-path)/herald
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 Tools/bench/hostile/make_inputs.py "$WORK/in" "$SIZE"

# measure NAME CMD… → prints "cpu wall rss_kb" (the command's exit status is ignored:
# refusing an input with an error is a correct answer).
measure() {
  /usr/bin/time -f "%U %S %e %M" -o "$WORK/time" "$@" > /dev/null 2> "$WORK/stderr" || true
  # The last line: /usr/bin/time puts "Command exited with non-zero status N" before it.
  tail -1 "$WORK/time" | awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }'
}

mkdir -p "$WORK/empty"
read -r _ _ BASE < <(measure "$BIN" validate "$WORK/empty")
echo "fixed base: herald's peak RSS on an empty folder: $((BASE / 1024)) MiB"
ROW_BASE=$BASE
printf "%-31s %-9s %8s %7s %8s %9s %8s %9s  %s\n" input command bytes cpu_s wall_s rss_MiB cat_s json_s verdict
fails=0
row() {  # row INPUT LABEL FILE CMD…
  local input=$1 label=$2 file=$3; shift 3
  local bytes cpu wall rss cat_t json_t
  bytes=$(stat -c %s "$file")
  read -r cpu wall rss < <(measure "$@")
  read -r cat_t _ _ < <(measure cat "$file")
  json_t="-"
  case "$file" in
    *.json|*.xcstrings) read -r json_t _ _ < <(measure python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$file") ;;
    *.jsonl) read -r json_t _ _ < <(measure python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$file") ;;
  esac
  local limit=$(( ROW_BASE + 4 * bytes / 1024 ))
  local verdict=ok
  if ! awk -v c="$cpu" 'BEGIN { exit !(c < 1.0) }'; then verdict="SLOW"; fi
  if [ "$rss" -ge "$limit" ]; then verdict="$verdict BIG"; fi
  [ "$verdict" = ok ] || fails=$((fails + 1))
  printf "%-31s %-9s %8d %7.3f %8.3f %9.1f %8.3f %9s  %s\n" "$input" "$label" "$bytes" "$cpu" "$wall" "$(awk -v r="$rss" 'BEGIN{print r/1024}')" "$cat_t" "$json_t" "$verdict"
}

tree() {  # tree NAME PATH-IN-TREE FILE → a tables folder holding FILE at PATH
  rm -rf "$WORK/t-$1"; mkdir -p "$(dirname "$WORK/t-$1/$2")"; cp "$3" "$WORK/t-$1/$2"; echo "$WORK/t-$1"
}

IN=$WORK/in
for shape in strings-many-keys strings-huge-string strings-specifiers strings-objects; do
  d=$(tree "$shape" en.lproj/Localizable.strings "$IN/$shape.strings")
  row "$shape.strings" export "$IN/$shape.strings" "$BIN" export "$d" --format json
  row "$shape.strings" validate "$IN/$shape.strings" "$BIN" validate "$d"
done
for shape in stringsdict-huge-string stringsdict-deep stringsdict-plural-nest stringsdict-specifiers stringsdict-specifiers-d; do
  d=$(tree "$shape" en.lproj/Localizable.stringsdict "$IN/$shape.xml")
  row "$shape.xml" export "$IN/$shape.xml" "$BIN" export "$d" --format json
  row "$shape.xml" validate "$IN/$shape.xml" "$BIN" validate "$d"
done
d=$(tree shared en.lproj/Localizable.stringsdict "$IN/stringsdict-shared.bplist")
row stringsdict-shared.bplist export "$IN/stringsdict-shared.bplist" "$BIN" export "$d" --format json
d=$(tree shared-strings en.lproj/Localizable.strings "$IN/stringsdict-shared.bplist")
row "stringsdict-shared (.strings)" validate "$IN/stringsdict-shared.bplist" "$BIN" validate "$d"
for shape in xcstrings-many-keys xcstrings-deep; do
  d=$(tree "$shape" Localizable.xcstrings "$IN/$shape.xcstrings")
  row "$shape.xcstrings" export "$IN/$shape.xcstrings" "$BIN" export "$d" --format json
  row "$shape.xcstrings" validate "$IN/$shape.xcstrings" "$BIN" validate "$d"
done
# herald import reads an XLIFF against a tables folder (a small .strings the units refer to).
mkdir -p "$WORK/xliff-tables/en.lproj"
printf '"k" = "s";\n"k0" = "s";\n' > "$WORK/xliff-tables/en.lproj/Localizable.strings"
for shape in xliff-many-units xliff-huge-string xliff-deep; do
  row "$shape.xliff" import "$IN/$shape.xliff" "$BIN" import "$IN/$shape.xliff" --tables "$WORK/xliff-tables" --dry-run
done
# A payload file over 1 MiB is refused unread; one just under the limit is read whole.
python3 -c "import sys; sys.path.insert(0, 'Tools/bench/hostile'); import make_inputs as m; open(sys.argv[1], 'wb').write(m.payload_many_keys(1000 * 1000))" "$IN/payload-1MB.json"
# render's base: a payload of one alert (the stage's store, keys and ICU are loaded).
printf '{"aps":{"alert":{"title":"t","body":"b"},"mutable-content":1}}' > "$WORK/small.json"
read -r _ _ ROW_BASE < <(measure "$BIN" render --payload "$WORK/small.json" --locale en --store "$WORK/store")
echo "render's base: one small payload: $((ROW_BASE / 1024)) MiB"
row payload-many-keys.json render "$IN/payload-many-keys.json" "$BIN" render --payload "$IN/payload-many-keys.json" --locale en --store "$WORK/store"
row payload-1MB.json render "$IN/payload-1MB.json" "$BIN" render --payload "$IN/payload-1MB.json" --locale en --store "$WORK/store"
printf '{"id":0,"locale":"en","payload":%s}\n' "$(cat "$WORK/small.json")" > "$WORK/small.jsonl"
read -r _ _ ROW_BASE < <(measure "$BIN" render --batch "$WORK/small.jsonl" --store "$WORK/store")
echo "render --batch's base: one small line: $((ROW_BASE / 1024)) MiB"
row batch-many-keys.jsonl render "$IN/batch-many-keys.jsonl" "$BIN" render --batch "$IN/batch-many-keys.jsonl" --store "$WORK/store"
head -1 "$IN/format-batch-many-keys.jsonl" | python3 -c 'import json,sys; r=json.loads(sys.stdin.readline()); print(json.dumps({k: v for k, v in r.items() if not k.startswith("x")}))' > "$WORK/small-format.jsonl"
read -r _ _ ROW_BASE < <(measure "$BIN" format --batch "$WORK/small-format.jsonl")
echo "format --batch's base: one small line: $((ROW_BASE / 1024)) MiB"
row format-batch-many-keys.jsonl format "$IN/format-batch-many-keys.jsonl" "$BIN" format --batch "$IN/format-batch-many-keys.jsonl"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$fails" -eq 0 ]; then echo "goal (each < 1 s of CPU, peak RSS < base + 4 × input): met"; else echo "goal NOT met for $fails input(s)"; exit 1; fi
