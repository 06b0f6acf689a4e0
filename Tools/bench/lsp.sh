#!/usr/bin/env bash
# `herald lsp` benchmark (issue #36, Tools/bench/lsp.py): diagnostics for an edit in a
# 2,000-key table with 40 languages on disk (server CPU per edit; goal 100 ms), and the RSS
# growth of a scripted editing session (goal under 10 %).
#
#   Tools/bench/lsp.sh [SECONDS]        SECONDS of editing session (default 300)
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_SESSION=${1:-300}
echo "building release…" >&2
swift build -c release --scratch-path .build-release --product herald >&2
python3 Tools/bench/lsp.py --herald "$(swift build -c release --scratch-path .build-release --show-bin-path)/herald" \
  --locales 40 --keys 2000 --edits 20 --seconds "$SECONDS_SESSION"
