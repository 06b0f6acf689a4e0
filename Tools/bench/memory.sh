#!/usr/bin/env bash
# Where the memory of one `herald` process goes: resident memory at exit split by
# mapping (the binary, each shared library, heap, stacks) for `herald --version`,
# a one-shot `herald format`, a sealed `herald render` and a plain loc-key `herald render`
# (tables read from Localizations/'s files), for the shipping build
# (Tools/scripts/build-release.sh) and the plain `swift build -c release` binary.
#
#   Tools/bench/memory.sh [N]        (N largest mappings per run, default 12)
set -euo pipefail
cd "$(dirname "$0")/../.."
TOP=${1:-12}
SHIP=$(Tools/scripts/build-release.sh)
swift build -c release --product herald >&2
DYN="$(swift build -c release --show-bin-path)/herald"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cc -shared -fPIC -O2 -o "$WORK/smaps_at_exit.so" Tools/bench/memory/smaps_at_exit.c
export HERALD_STORE="$WORK/store"
T="$PWD/Localizations"
"$SHIP" keygen --id memory >/dev/null 2>&1
"$SHIP" store add-ticket --game powerball --draw 2026-11-18 --numbers 4,11,23,50,60 --bonus 1 >/dev/null
printf '{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9],"multiplier":2}}' > "$WORK/p.json"
"$SHIP" seal --payload "$WORK/p.json" --key-id memory > "$WORK/sealed.json"
# A plain loc-key push (issue #21's cold one-shot render): its key read from the
# .strings/.stringsdict files of Localizations/, not from the embedded tables.
printf '{"aps":{"alert":{"title-loc-key":"lottery.title","title-loc-args":["Powerball"],"loc-key":"lottery.win.body","loc-args":["$50","1","3"]},"mutable-content":1}}' > "$WORK/lockey.json"
for build in ship dynamic; do
  H=$SHIP
  [ "$build" = dynamic ] && H=$DYN
  for run in version format render lockey; do
    case $run in
      version) args=(--version) ;;
      format) args=(format --key lottery.loss.body --locale ru --arg 3 --tables "$T") ;;
      render) args=(render --payload "$WORK/sealed.json" --locale ar --tables "$T") ;;
      lockey) args=(render --payload "$WORK/lockey.json" --locale ru --tables "$T" --allow-unsealed) ;;
    esac
    peak=$( { /usr/bin/time -f "%M" env SMAPS_OUT="$WORK/smaps" LD_PRELOAD="$WORK/smaps_at_exit.so" "$H" "${args[@]}" > /dev/null; } 2>&1 | tail -1)
    echo "$build build, herald ${args[0]}: peak RSS $(awk -v k="$peak" 'BEGIN{ printf "%.1f", k/1024 }') MB"
    python3 Tools/bench/memory/rss_by_mapping.py "$WORK/smaps" "$TOP"
  done
done
