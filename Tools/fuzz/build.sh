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
# SwiftPM builds the dependencies (the ICU shim, swift-crypto, GRDB) with
# `--sanitize=fuzzer --sanitize=address`. Herald's own Swift modules are then
# compiled here with swiftc directly, one whole-module job each: SwiftPM's
# `--sanitize=fuzzer` left their objects without libFuzzer's coverage counters
# (no __sancov_cntrs section), and the fuzzers ran half blind.
for target in HeraldRender HeraldPayload HeraldSealing HeraldStage; do
    echo "fuzz: building $target and its dependencies (log: $scratch/build-$target.log)"
    if ! swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address --target "$target" \
        >"$scratch/build-$target.log" 2>&1; then
        tail -n 40 "$scratch/build-$target.log" >&2
        echo "fuzz: building $target failed" >&2
        exit 1
    fi
done

modules=$scratch/fuzz-modules
rm -rf "$modules"
mkdir -p "$modules"
cmaps=(-Xcc "-fmodule-map-file=$root/Sources/CICU/module.modulemap"
    -Xcc "-fmodule-map-file=$bin/CHeraldICU.build/module.modulemap" -Xcc "-I$root/Sources/CHeraldICU/include")
for m in "$scratch"/checkouts/swift-crypto/Sources/*/include/module.modulemap \
    "$scratch"/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap; do
    [ -f "$m" ] && cmaps+=(-Xcc "-fmodule-map-file=$m" -Xcc "-I$(dirname "$m")")
done
for f in $(pkg-config --cflags-only-I icu-i18n); do cmaps+=(-Xcc "$f"); done
# Dependency order.
for module in HeraldJSON HeraldICU HeraldLottery HeraldExamples HeraldTables HeraldRender HeraldPayload HeraldSealing \
    HeraldStore HeraldMedia HeraldStage; do
    echo "fuzz: compiling $module with coverage"
    swiftc -parse-as-library -module-name "$module" -wmo -Onone -enable-testing -swift-version 6 \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -sanitize=fuzzer,address -I "$modules" -I "$bin/Modules" "${cmaps[@]}" \
        -emit-module -emit-module-path "$modules/$module.swiftmodule" \
        -c Sources/"$module"/*.swift -o "$modules/$module.o"
    counters=$(readelf -SW "$modules/$module.o" | grep -c __sancov_cntrs || true)
    if [ "$counters" -eq 0 ]; then
        echo "fuzz: $module was compiled without coverage counters" >&2
        exit 1
    fi
done

# Object files of the library modules (not tests, executables or unused packages).
objects=()
modulemaps=()
for dir in "$bin"/*.build; do
    name=$(basename "$dir" .build)
    case "$name" in
        *Tests | HeraldPackage* | herald | herald_bench | ArgumentParser* | generate_* | Herald*) continue ;;
    esac
    while IFS= read -r -d '' o; do objects+=("$o"); done < <(find "$dir" -name '*.o' -print0)
    [ -f "$dir/module.modulemap" ] && modulemaps+=(-Xcc "-fmodule-map-file=$dir/module.modulemap")
done
[ ${#objects[@]} -gt 0 ] || { echo "fuzz: no object files under $bin" >&2; exit 1; }
objects+=("$modules"/*.o)

icu_libs="$(pkg-config --libs icu-i18n icu-uc) -lsqlite3"
for h in "${harnesses[@]}"; do
    src=Tools/fuzz/harnesses/$h.swift
    [ -f "$src" ] || { echo "fuzz: no harness $src" >&2; exit 1; }
    echo "fuzz: linking $h"
    swiftc -sanitize=fuzzer,address -parse-as-library -g -Onone -use-ld=lld \
        -module-name "$(echo "$h" | tr '-' '_')" \
        -I "$modules" -I "$bin/Modules" "${modulemaps[@]}" "${cmaps[@]}" \
        Tools/fuzz/harnesses/FuzzSupport.swift "$src" "${objects[@]}" \
        $icu_libs -lstdc++ -o "$out/$h"
done
echo "fuzz: built ${harnesses[*]} in $out"
