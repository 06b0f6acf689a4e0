#!/usr/bin/env bash
# Media fetch benchmark (HeraldMedia): the extra time MediaFetcher takes over a
# bare socket download of the same file from a loopback server in the same
# process, and the peak-RSS growth of a 1 MB vs a 9 MB fetch (streamed: the
# two must be about equal).
#
#   Tools/bench/media.sh [--iterations N] [--size BYTES]   (default 30, 1000000)
#
# The benchmark is its own executable, herald-bench-media (Tools/bench/HeraldMediaBench).
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "building release…" >&2
swift build -c release --product herald-bench-media >&2
BIN=$(swift build -c release --show-bin-path)
"$BIN/herald-bench-media" "$@"
