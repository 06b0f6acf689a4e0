#!/bin/sh
# MessageFormat 2 against ICU MessageFormat v1: one notification message (a plural and
# a name) rendered both ways in one process, 8 locales, release build in its own
# scratch folder (.build-release). Prints ns/message for each and the ratio mf2/v1
# (goal <= 1.3); fails when the texts differ.
# Usage: Tools/bench/mf2.sh [iterations] [rounds]   (default 2000 × 8 locales, 5 rounds)
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --scratch-path .build-release --product herald-bench-mf2 >/tmp/herald-bench-mf2.log 2>&1 \
    || { cat /tmp/herald-bench-mf2.log; exit 1; }
"$(swift build -c release --scratch-path .build-release --show-bin-path)/herald-bench-mf2" "${1:-2000}" "${2:-5}"
