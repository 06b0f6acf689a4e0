#!/usr/bin/env bash
# Runs every Herald benchmark in one invocation: each builds in release mode
# and runs Herald next to its baseline (a C program calling ICU directly, or
# Foundation where it can do the job) in the same script, and prints ratios.
# The closing table collects each benchmark's summary lines; their figures
# replace the matching rows of BENCHMARKS.md's table.
#   Tools/bench/all.sh            # everything (10–20 minutes on 2 cores)
#   Tools/bench/all.sh icu lint   # a subset
set -uo pipefail
cd "$(dirname "$0")/../.."
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(icu tables render stage lint media)
out=.build/bench-all
mkdir -p "$out"
swift build -c release --product herald-bench >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
swift build -c release --product herald >>"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
bin="$(swift build -c release --show-bin-path)"
for b in "${benches[@]}"; do
    echo "== $b"
    case "$b" in
    tables) "$bin/herald-bench" tables 2>&1 | tee "$out/$b.txt" ;;
    *) bash "Tools/bench/$b.sh" 2>&1 | tee "$out/$b.txt" ;;
    esac
done
echo
echo "== summary ($(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1 /proc/loadavg))"
for b in "${benches[@]}"; do
    grep -hiE "ratio|goal|MB/s|payloads/s|peak|per core|→" "$out/$b.txt" | sed "s/^/$b: /"
done
