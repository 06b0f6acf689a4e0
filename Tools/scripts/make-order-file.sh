#!/usr/bin/env bash
# Remakes Tools/scripts/herald.order, the link order of the shipping build
# (Tools/scripts/build-release.sh): every function the shipped `herald` runs for a
# sealed lottery render (en, ar, ja; tables from a folder and embedded), a decrypted
# message, a one-shot and a batch `herald format` and `--version`, as recorded by
# valgrind's callgrind (needs valgrind). Run it after large changes to the render path.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The functions a binary runs do not depend on its layout: profile the current shipping build.
H=$(Tools/scripts/build-release.sh)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information: profile a copy without it.
strip --strip-debug -o "$WORK/herald" "$H"
H="$WORK/herald"
T="$PWD/Localizations"
export HERALD_STORE="$WORK/store"
"$H" keygen --id order >/dev/null 2>&1
"$H" store add-ticket --game powerball --draw 2026-11-18 --numbers 4,11,23,50,60 --bonus 1 >/dev/null
printf '{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9],"multiplier":2}}' > "$WORK/p.json"
printf '{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look","from":"Ops"}}' > "$WORK/m.json"
"$H" seal --payload "$WORK/p.json" --key-id order > "$WORK/ps.json"
"$H" seal --payload "$WORK/m.json" --key-id order > "$WORK/ms.json"
echo '{"key":"lottery.loss.body","locale":"de","args":[2]}' > "$WORK/b.jsonl"
n=0
profile() { n=$((n + 1)); valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/cg.$n" "$H" "$@" >/dev/null 2>>"$WORK/valgrind.log"; }
profile render --payload "$WORK/ps.json" --locale en --tables "$T"
profile render --payload "$WORK/ps.json" --locale ar --tables "$T"
profile render --payload "$WORK/ps.json" --locale ja
profile render --payload "$WORK/ms.json" --locale de --tables "$T"
profile format --key lottery.loss.body --locale ru --arg 3 --tables "$T"
profile format --key lottery.loss.body --locale ru --arg 3
profile format --batch "$WORK/b.jsonl" --tables "$T"
profile --version
# Every function named in the profiles (definitions and callees): those every run needs
# (start-up) first, then by how many runs need them, first seen first within a count, so
# the code one command runs sits in as few pages as possible.
for f in "$WORK"/cg.*; do sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$f" | grep -v '^0x' | awk '!seen[$0]++'; done |
  awk '{ if (!($0 in count)) order[n++] = $0; count[$0]++ } END { for (i = 0; i < n; i++) printf "%d\t%d\t%s\n", count[order[i]], i, order[i] }' |
  sort -t "$(printf '\t')" -k1,1nr -k2,2n | cut -f3- > Tools/scripts/herald.order
echo "$(wc -l < Tools/scripts/herald.order) functions in Tools/scripts/herald.order" >&2
