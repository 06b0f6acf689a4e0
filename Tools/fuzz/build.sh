#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Tools/fuzz/harnesses/fuzz-*.swift) into
# .build-fuzz/fuzzers/. See Tools/fuzz/README.md.
#
#   Tools/fuzz/build.sh [HARNESS...]     default: every harness
#
# 1. The dependencies (the ICU shim, swift-crypto/BoringSSL, GRDB) come from the
#    ordinary debug build in .build (`swift build`, or the build `swift test`
#    just made): they are not Herald's code, so they need neither coverage nor
#    AddressSanitizer, and building them again with sanitizers took 15–25 minutes.
# 2. Herald's own library modules — the closure of what the harnesses import,
#    read from `swift package describe` — are compiled here with swiftc,
#    `-sanitize=fuzzer,address`, one whole-module job each (independent modules
#    side by side), into .build-fuzz/fuzz-modules. (SwiftPM's own
#    `--sanitize=fuzzer` left incremental rebuilds without libFuzzer's coverage
#    counters, so the fuzzers ran half blind; this script checks for them.)
# 3. Each harness is compiled and linked with `swiftc -sanitize=fuzzer,address`
#    against those objects and the dependencies': libFuzzer supplies `main`,
#    which is why the harnesses are not targets in Package.swift.
#    Harness sources are named by absolute path, so a harness's #filePath finds
#    the repository (fuzz-xliff copies its tables folder from it).
#
# HERALD_FUZZ_SCRATCH  where fuzz modules, fuzzers, corpora and logs go (.build-fuzz)
# HERALD_FUZZ_DEPS     the SwiftPM scratch path holding the dependencies (.build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scratch=${HERALD_FUZZ_SCRATCH:-$root/.build-fuzz}
deps=${HERALD_FUZZ_DEPS:-$root/.build}
out=$scratch/fuzzers
mkdir -p "$out"

harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
    harnesses=()
    for f in Tools/fuzz/harnesses/fuzz-*.swift; do harnesses+=("$(basename "$f" .swift)"); done
fi
sources=(Tools/fuzz/harnesses/FuzzSupport.swift)
for h in "${harnesses[@]}"; do
    [ -f "Tools/fuzz/harnesses/$h.swift" ] || { echo "fuzz: no harness Tools/fuzz/harnesses/$h.swift" >&2; exit 2; }
    sources+=("Tools/fuzz/harnesses/$h.swift")
done

# Herald's library modules the harnesses need, in build levels (a level only
# imports modules of earlier levels): one line per level.
levels=$(swift package describe --type json | python3 -c '
import json, re, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
wanted = set()
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r"\s*(?:@testable\s+)?(?:\w+\s+)?import\s+(\w+)", line)
        if m and m.group(1) in targets:
            wanted.add(m.group(1))
def herald(name):
    t = targets.get(name)
    return t is not None and t["type"] == "library" and t.get("module_type") == "SwiftTarget"
todo = [n for n in wanted if herald(n)]
closure = set()
while todo:
    n = todo.pop()
    if n in closure:
        continue
    closure.add(n)
    todo += [d for d in targets[n].get("target_dependencies") or [] if herald(d)]
level = {}
def depth(n):
    if n not in level:
        level[n] = 1 + max([depth(d) for d in targets[n].get("target_dependencies") or [] if d in closure], default=-1)
    return level[n]
for n in closure:
    depth(n)
for l in range(max(level.values()) + 1):
    print(" ".join(sorted(n for n in closure if level[n] == l)))
' "${sources[@]}")
modules=$(echo "$levels" | tr '\n' ' ')
echo "fuzz: Herald modules for ${harnesses[*]}: $modules"

# 1. The dependencies, plain debug build.
log=$scratch/build-deps.log
echo "fuzz: building the dependencies in $deps (log: $log)"
for target in $modules; do
    if ! swift build --scratch-path "$deps" --target "$target" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz: building $target's dependencies failed" >&2
        exit 1
    fi
done
bin=$(swift build --scratch-path "$deps" --show-bin-path)

# 2. Herald's modules with coverage and AddressSanitizer.
fmods=$scratch/fuzz-modules
rm -rf "$fmods"
mkdir -p "$fmods"
cmaps=(-Xcc "-fmodule-map-file=$root/Sources/CICU/module.modulemap"
    -Xcc "-fmodule-map-file=$bin/CHeraldICU.build/module.modulemap" -Xcc "-I$root/Sources/CHeraldICU/include"
    -Xcc "-fmodule-map-file=$bin/CHeraldText.build/module.modulemap" -Xcc "-I$root/Sources/CHeraldText/include")
for m in "$deps"/checkouts/swift-crypto/Sources/*/include/module.modulemap \
    "$deps"/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap; do
    [ -f "$m" ] && cmaps+=(-Xcc "-fmodule-map-file=$m" -Xcc "-I$(dirname "$m")")
done
for f in $(pkg-config --cflags-only-I icu-i18n); do cmaps+=(-Xcc "$f"); done
compile() { # module
    local module=$1 files=()
    while IFS= read -r -d '' f; do files+=("$f"); done < <(find "Sources/$module" -name '*.swift' -print0 | sort -z)
    # Sources a build-tool plugin wrote for the module (the embedded tables), from the debug build.
    local generated=$deps/plugins/outputs/$(basename "$root" | tr '[:upper:]' '[:lower:]')/$module/destination
    if [ -d "$generated" ]; then
        while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$generated" -name '*.swift' -print0 | sort -z)
    fi
    # -package-name: one package, as SwiftPM builds it (modules share `package` declarations).
    swiftc -parse-as-library -module-name "$module" -package-name herald -wmo -Onone -enable-testing -swift-version 6 \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -sanitize=fuzzer,address -I "$fmods" -I "$bin/Modules" "${cmaps[@]}" \
        -emit-module -emit-module-path "$fmods/$module.swiftmodule" \
        -c "${files[@]}" -o "$fmods/$module.o" >"$scratch/compile-$module.log" 2>&1 || {
        cat "$scratch/compile-$module.log" >&2
        echo "fuzz: compiling $module failed" >&2
        return 1
    }
    if ! readelf -SW "$fmods/$module.o" | grep __sancov_cntrs >/dev/null; then
        echo "fuzz: $module was compiled without coverage counters" >&2
        return 1
    fi
}
while IFS= read -r level; do
    [ -n "$level" ] || continue
    echo "fuzz: compiling with coverage: $level"
    pids=()
    for module in $level; do compile "$module" & pids+=($!); done
    for p in "${pids[@]}"; do wait "$p" || exit 1; done
done <<<"$levels"

# 3. Link. Object files of the dependencies (not Herald's modules, tests or executables).
# The same folder may also hold plugin tools (`*-tool`) and other packages' programs
# built in it (CI builds Examples/ there): a folder with a main.swift.o is a program.
objects=()
modulemaps=()
for dir in "$bin"/*.build; do
    name=$(basename "$dir" .build)
    case "$name" in
        *Tests | Herald* | herald* | ArgumentParser* | generate_* | *-tool) continue ;;
    esac
    [ -f "$dir/main.swift.o" ] && continue
    while IFS= read -r -d '' o; do objects+=("$o"); done < <(find "$dir" -name '*.o' -print0)
    [ -f "$dir/module.modulemap" ] && modulemaps+=(-Xcc "-fmodule-map-file=$dir/module.modulemap")
done
[ ${#objects[@]} -gt 0 ] || { echo "fuzz: no object files under $bin" >&2; exit 1; }
objects+=("$fmods"/*.o)

libs="$(pkg-config --libs icu-i18n icu-uc) -lsqlite3 -ldl"
pids=()
for h in "${harnesses[@]}"; do
    echo "fuzz: linking $h"
    # shellcheck disable=SC2086
    swiftc -sanitize=fuzzer,address -parse-as-library -g -Onone -use-ld=lld \
        -module-name "$(echo "$h" | tr '-' '_')" \
        -I "$fmods" -I "$bin/Modules" "${modulemaps[@]}" "${cmaps[@]}" \
        "$root/Tools/fuzz/harnesses/FuzzSupport.swift" "$root/Tools/fuzz/harnesses/$h.swift" "${objects[@]}" \
        $libs -lstdc++ -o "$out/$h" &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || { echo "fuzz: linking failed" >&2; exit 1; }; done
echo "fuzz: built ${harnesses[*]} in $out"
