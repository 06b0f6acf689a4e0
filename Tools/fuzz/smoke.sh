#!/usr/bin/env bash
# CI smoke: builds every harness (Tools/fuzz/build.sh: about a minute on top of
# an ordinary debug build), runs each over its seed corpus once (libFuzzer
# -runs=0: every seed executed, nothing mutated), then fuzzes each for
# HERALD_FUZZ_SMOKE_SECONDS (default 10, all harnesses side by side).
# Exit 1 when any seed or any mutated input crashes or trips AddressSanitizer;
# the input is kept in .build-fuzz/crashes/<harness>/ (see Tools/fuzz/README.md).
# HERALD_FUZZ_NO_BUILD=1 skips the build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scratch=${HERALD_FUZZ_SCRATCH:-$root/.build-fuzz}
seconds=${HERALD_FUZZ_SMOKE_SECONDS:-10}
[ "${HERALD_FUZZ_NO_BUILD:-0}" = 1 ] || Tools/fuzz/build.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
# Swift's own crash backtracer reads raw stack memory, which AddressSanitizer
# reports on top of the real failure: leave crash reports to the sanitizer.
export SWIFT_BACKTRACE=enable=no
failed=0
for f in Tools/fuzz/harnesses/fuzz-*.swift; do
    h=$(basename "$f" .swift)
    if "$scratch/fuzzers/$h" -runs=0 -timeout=20 -rss_limit_mb=4096 Tools/fuzz/corpus/"$h" >"$scratch/smoke-$h.log" 2>&1; then
        echo "fuzz smoke: $h: $(ls Tools/fuzz/corpus/"$h" | wc -l) seeds ok"
    else
        failed=1
        tail -n 30 "$scratch/smoke-$h.log" >&2
        echo "fuzz smoke: $h: FAILED on a seed" >&2
    fi
done
[ "$seconds" -gt 0 ] || exit $failed
HERALD_FUZZ_NO_BUILD=1 Tools/fuzz/run.sh "$seconds" || failed=1
exit $failed
