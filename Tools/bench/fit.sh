#!/usr/bin/env bash
# The fit rule's cost (issue #33): `herald validate` with every key a notification text
# ("notifications": ["*:*"]), so every key × locale × sample is laid out on every surface,
# against the same run with the rule off ("rules": {"fit": "off"}): the built-in tables
# (Localizations/) and, given the corpus folder, DuckDuckGo's iOS tables in it.
# Goal: the rule adds at most half of the run without it.
#
#   Tools/bench/fit.sh [CORPUS]      RUNS=3 (best of; the sides alternate), HERALD=binary (no build)
#
# Release build in its own scratch folder (.build-release). Times are the herald process's
# user + system CPU time (the machine may be shared); wall time is printed for reference.
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS=${1:-}
RUNS=${RUNS:-3}
SCRATCH=.build-release

if [ -n "${HERALD:-}" ]; then
  BIN=$HERALD  # a herald already built (HERALD=.build/debug/herald for a quick look)
else
  echo "building release…" >&2
  swift build -c release --scratch-path "$SCRATCH" --product herald >&2
  BIN="$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/herald"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The built-in tables keep their own settings (locales, the game names lottery.title takes).
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
base = json.load(open("Localizations/.herald-validate.json"))
for name, fit in (("on", "warning"), ("off", "off")):
    c = dict(base); c["notifications"] = ["*:*"]; c["strict"] = False
    c.setdefault("rules", {})["fit"] = fit
    json.dump(c, open(f"{work}/builtin-{name}.json", "w"))
    json.dump({"notifications": ["*:*"], "rules": {"fit": fit}}, open(f"{work}/corpus-{name}.json", "w"))
PY

# best CPU seconds of RUNS runs of `herald validate --config CONFIG PATH`, alternating on/off.
measure() {
  local label=$1 path=$2
  local best_on="" best_off="" wall_on="" wall_off="" findings=""
  for _ in $(seq "$RUNS"); do
    for side in off on; do
      TIMEFORMAT="%U %S %R"
      t=$( { time "$BIN" validate --config "$WORK/$label-$side.json" --format json "$path" > "$WORK/$label-$side.out"; } 2>&1 || true)
      cpu=$(echo "$t" | tail -1 | awk '{ printf "%.3f", $1 + $2 }')
      wall=$(echo "$t" | tail -1 | awk '{ print $3 }')
      if [ "$side" = on ]; then
        if [ -z "$best_on" ] || awk -v a="$cpu" -v b="$best_on" 'BEGIN{ exit !(a < b) }'; then best_on=$cpu; wall_on=$wall; fi
      else
        if [ -z "$best_off" ] || awk -v a="$cpu" -v b="$best_off" 'BEGIN{ exit !(a < b) }'; then best_off=$cpu; wall_off=$wall; fi
      fi
    done
  done
  findings=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(1 for x in d["diagnostics"] if x["rule"]=="fit"))' "$WORK/$label-on.out")
  awk -v on="$best_on" -v off="$best_off" -v l="$label" -v f="$findings" -v won="$wall_on" -v woff="$wall_off" 'BEGIN{
    printf "%-8s without fit %.3f s (wall %s), with fit %.3f s (wall %s): +%.0f %% (%d fit findings) — goal <= +50 %%: %s\n",
      l, off, woff, on, won, (on - off) / off * 100, f, ((on - off) <= off / 2) ? "met" : "NOT met" }'
}

measure builtin Localizations
if [ -n "$CORPUS" ] && [ -d "$CORPUS/duckduckgo__iOS" ]; then
  measure corpus "$CORPUS/duckduckgo__iOS"
else
  echo "corpus: no CORPUS folder with duckduckgo__iOS given, skipped"
fi
