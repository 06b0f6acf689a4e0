#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer.
#
#   Tools/sanitize.sh [address|thread]... [-- swift-test-flag...]
#
# Default: both, one after the other. Each sanitizer builds into its own
# scratch path (.build-asan, .build-tsan) so the normal .build is untouched.
# Flags after `--` go to `swift test` (for example `--filter HeraldTablesTests`
# or `--skip HeraldCLITests`). Logs: .build-asan/test.log, .build-tsan/test.log.
# Exit 1 when a sanitizer reports a problem or a test fails.
#
# The tests run with HERALD_SANITIZER=<address|thread>: the two that time the real
# thing against a bound (a run ending at its deadline under a held lock, a 30 MB
# body paced against the streaming limit) give the instrumented code, which runs
# several times slower, a wider bound.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
sanitizers=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do sanitizers+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
extra=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# Findings stop the run with a report; Swift's runtime caches are not leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
failed=0
for s in "${sanitizers[@]}"; do
    case "$s" in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "sanitize: unknown sanitizer $s (address or thread)" >&2; exit 2 ;;
    esac
    mkdir -p "$scratch"
    log=$scratch/test.log
    echo "sanitize: swift test --sanitize=$s ${extra[*]} (log: $log)"
    start=$(date +%s)
    if HERALD_SANITIZER=$s swift test --scratch-path "$scratch" --sanitize="$s" "${extra[@]}" >"$log" 2>&1 \
        && ! grep -q -E 'ERROR: (AddressSanitizer|ThreadSanitizer)|WARNING: ThreadSanitizer' "$log"; then
        echo "sanitize: $s: clean ($(( $(date +%s) - start ))s)"
    else
        failed=1
        grep -n -E -A 30 'ERROR: (AddressSanitizer|ThreadSanitizer)|WARNING: ThreadSanitizer' "$log" | head -n 80 >&2 || true
        grep -E '✘|error:' "$log" | head -n 40 >&2 || true
        echo "sanitize: $s: FAILED (see $log)" >&2
    fi
done
exit $failed
