#!/usr/bin/env bash
# Rewrites the committed preview snapshot after an intended change to a
# translation or to rendering; review `git diff` before committing it.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product herald
.build/debug/herald preview --format json > Tests/HeraldCLITests/Snapshots/preview.json
git --no-pager diff --stat -- Tests/HeraldCLITests/Snapshots/preview.json
