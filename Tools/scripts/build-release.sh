#!/usr/bin/env bash
# The shipping build of `herald` and its network helper `herald-net`, side by side in
# $SCRATCH/release (default .build/ship/release). Prints the path of `herald`.
#
#   Tools/scripts/build-release.sh          ORDER=0 links without the order file
#
# What makes it small and quick to start (BENCHMARKS.md's history, "Where the misses come from", at 35e448f):
# - --static-swift-stdlib: the Swift runtime, Foundation and Dispatch are linked in, so
#   only the code used is in the binary and no shared Swift library is loaded;
# - -no-pie: no 135,000 relative relocations to apply at every start (2 MB read, 0.7 MB
#   of pages dirtied);
# - --no-export-dynamic: the Swift static-stdlib link exports every symbol (14,700), and
#   the loader's lookups for ICU, SQLite and libstdc++ then touch those tables;
# - -disable-concrete-type-metadata-mangled-name-accessors: generic types are instantiated
#   by direct metadata calls instead of from mangled names, which the runtime demangles and
#   whose conformances it finds by scanning all 6,900 conformance records of the binary
#   (the first lookup of each pair costs ~300k instructions): −18 % of a render's
#   instructions (57M → 46.5M), `--version` 13.7M → 11.7M;
# - linked with lld and Tools/scripts/herald.order (the functions a render, a format and
#   --version run; Tools/scripts/make-order-file.sh remakes it) so that the code a push
#   needs sits together and fewer pages of the binary are read: −2.2 MB peak RSS for a render,
#   start-up unchanged (Tools/bench/order-file.sh measures both). A stale order file only
#   costs memory, never correctness.
# `herald` itself loads no HTTP stack (media and receipts go through herald-net), and
# herald-net speaks HTTP through AsyncHTTPClient (SwiftNIO, BoringSSL built in): neither
# links FoundationNetworking or libcurl.
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRATCH=${SCRATCH:-.build/ship}
flags=(-c release --static-swift-stdlib --scratch-path "$SCRATCH"
  -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
  -Xlinker -no-pie -Xlinker --no-export-dynamic)
if [ "${ORDER:-1}" = 1 ]; then
  flags+=(-Xlinker "--symbol-ordering-file=$PWD/Tools/scripts/herald.order" -Xlinker --no-warn-symbol-ordering)
fi
swift build "${flags[@]}" --product herald >&2
swift build "${flags[@]}" --product herald-net >&2
# `herald serve` runs herald-server (Hummingbird on SwiftNIO).
swift build "${flags[@]}" --product herald-server >&2
# herald db|enqueue|worker|campaign run herald-worker (PostgreSQL).
swift build "${flags[@]}" --product herald-worker >&2
# herald validate --sources runs herald-sourcekeys (swift-syntax).
swift build "${flags[@]}" --product herald-sourcekeys >&2
# herald mcp runs herald-mcp (the MCP SDK).
swift build "${flags[@]}" --product herald-mcp >&2
echo "$(cd "$SCRATCH/release" && pwd)/herald"
