#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Tools/fuzz/harnesses/fuzz-*.swift) into
# .build-fuzz/fuzzers/. See Tools/fuzz/README.md.
#
#   Tools/fuzz/build.sh [HARNESS...]     default: every harness
#
# 1. `swift build --sanitize=fuzzer --sanitize=address` builds the library
#    modules the harnesses use (coverage-instrumented, with AddressSanitizer)
#    into their own scratch path, .build-fuzz, so the normal .build is untouched.
# 2. Each harness is compiled and linked with `swiftc -sanitize=fuzzer,address`
#    against those modules' object files: libFuzzer supplies `main`, which is why
#    the harnesses are not targets in Package.swift (they cannot link without it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scratch=${HERALD_FUZZ_SCRATCH:-$root/.build-fuzz}
out=$scratch/fuzzers
mkdir -p "$out"

harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
    harnesses=()
    for f in Tools/fuzz/harnesses/fuzz-*.swift; do harnesses+=("$(basename "$f" .swift)"); done
fi

bin=$(swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address --show-bin-path)
# `--sanitize=fuzzer` alone left the Swift objects without libFuzzer's
# coverage counters (no __sancov_cntrs section; only the C/C++ code and the
# harness were instrumented), so the fuzzer ran half blind: the coverage flags
# are passed to swiftc explicitly, and checked below. SwiftPM does not always
# recompile when only flags change, so Herald's own modules are compiled
# afresh every time (a few minutes).
rm -rf "$bin"/Herald*.build "$bin"/CHeraldICU.build

# The library targets that hold every module a harness imports (HeraldStage
# brings the store, GRDB and the media module, for fuzz-stage).
for target in HeraldRender HeraldPayload HeraldSealing HeraldStage; do
    echo "fuzz: building $target (log: $scratch/build-$target.log)"
    if ! swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address --target "$target" \
        -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
        >"$scratch/build-$target.log" 2>&1; then
        tail -n 40 "$scratch/build-$target.log" >&2
        echo "fuzz: building $target failed" >&2
        exit 1
    fi
done

for module in HeraldJSON HeraldICU HeraldTables HeraldRender HeraldPayload HeraldSealing HeraldStage; do
    o=$(find "$bin/$module.build" -name '*.swift.o' | head -n 1)
    if [ -z "$o" ] || ! readelf -S "$o" | grep -q __sancov_cntrs; then
        echo "fuzz: $module was built without coverage counters ($o); delete $scratch and build again" >&2
        exit 1
    fi
done

# Object files of the library modules (not tests, executables or unused packages).
objects=()
modulemaps=()
for dir in "$bin"/*.build; do
    name=$(basename "$dir" .build)
    case "$name" in
        *Tests | HeraldPackage* | herald | herald_bench | ArgumentParser* | generate_* | HeraldLint | HeraldPreview) continue ;;
    esac
    while IFS= read -r -d '' o; do objects+=("$o"); done < <(find "$dir" -name '*.o' -print0)
    [ -f "$dir/module.modulemap" ] && modulemaps+=(-Xcc "-fmodule-map-file=$dir/module.modulemap")
done
[ ${#objects[@]} -gt 0 ] || { echo "fuzz: no object files under $bin" >&2; exit 1; }

icu_libs="$(pkg-config --libs icu-i18n icu-uc) -lsqlite3"
for h in "${harnesses[@]}"; do
    src=Tools/fuzz/harnesses/$h.swift
    [ -f "$src" ] || { echo "fuzz: no harness $src" >&2; exit 1; }
    echo "fuzz: linking $h"
    swiftc -sanitize=fuzzer,address -parse-as-library -g -Onone -use-ld=lld \
        -module-name "$(echo "$h" | tr '-' '_')" \
        -I "$bin/Modules" "${modulemaps[@]}" \
        -Xcc "-fmodule-map-file=$root/Sources/CICU/module.modulemap" \
        Tools/fuzz/harnesses/FuzzSupport.swift "$src" "${objects[@]}" \
        $icu_libs -lstdc++ -o "$out/$h"
done
echo "fuzz: built ${harnesses[*]} in $out"
