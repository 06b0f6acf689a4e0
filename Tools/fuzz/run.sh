#!/usr/bin/env bash
# Fuzzes harnesses for a given time. See Tools/fuzz/README.md.
#
#   Tools/fuzz/run.sh SECONDS [HARNESS...] [-- LIBFUZZER-FLAG...]
#
# Each harness runs for SECONDS (in parallel, one process each) on a working
# corpus in .build-fuzz/corpus/<harness> that starts from the seed corpus
# Tools/fuzz/corpus/<harness> (the seeds in the repository are never
# modified). Crashes, timeouts and out-of-memory inputs land in
# .build-fuzz/crashes/<harness>/; the log is .build-fuzz/logs/<harness>.log.
# Set HERALD_FUZZ_NO_BUILD=1 to skip the build step. Exit 1 when any harness
# found something.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scratch=${HERALD_FUZZ_SCRATCH:-$root/.build-fuzz}
[ $# -ge 1 ] || { echo "usage: Tools/fuzz/run.sh SECONDS [HARNESS...] [-- LIBFUZZER-FLAG...]" >&2; exit 2; }
seconds=$1
shift
harnesses=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do harnesses+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
extra=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
    for f in Tools/fuzz/harnesses/fuzz-*.swift; do harnesses+=("$(basename "$f" .swift)"); done
fi
[ "${HERALD_FUZZ_NO_BUILD:-0}" = 1 ] || Tools/fuzz/build.sh "${harnesses[@]}"

# Swift's runtime keeps metadata caches alive for the process: not leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
# Swift's own crash backtracer reads raw stack memory, which AddressSanitizer
# reports on top of the real failure: leave crash reports to the sanitizer.
export SWIFT_BACKTRACE=enable=no
pids=()
for h in "${harnesses[@]}"; do
    corpus=$scratch/corpus/$h
    artifacts=$scratch/crashes/$h
    mkdir -p "$corpus" "$artifacts" "$scratch/logs"
    cp -n Tools/fuzz/corpus/"$h"/* "$corpus"/ 2>/dev/null || true
    dict=()
    [ -f "Tools/fuzz/dictionaries/$h.dict" ] && dict=(-dict="Tools/fuzz/dictionaries/$h.dict")
    echo "fuzz: $h for ${seconds}s (log: $scratch/logs/$h.log)"
    "$scratch/fuzzers/$h" "$corpus" Tools/fuzz/corpus/"$h" -max_total_time="$seconds" -timeout=20 \
        -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "${dict[@]}" "${extra[@]}" >"$scratch/logs/$h.log" 2>&1 &
    pids+=($!)
done
failed=0
for i in "${!harnesses[@]}"; do
    h=${harnesses[$i]}
    if wait "${pids[$i]}"; then
        echo "fuzz: $h: clean ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$scratch/logs/$h.log" | awk '{print $2}') runs)"
    else
        failed=1
        echo "fuzz: $h: FOUND A PROBLEM: see $scratch/logs/$h.log and $scratch/crashes/$h/" >&2
    fi
done
exit $failed
