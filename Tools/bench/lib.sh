# Shared by the C-against-Swift benchmarks (icu.sh, shorten.sh); sourced, not run.
# Sourcing it moves to the repository root.
cd "$(dirname "$0")/../.."

# bench_build BENCH C_NAME C_SOURCE: OUT=.build/bench-BENCH; compiles the C side to
# $OUT/C_NAME (-O2, against ICU) and builds herald-bench in release mode; BIN is herald-bench.
bench_build() {
  OUT=".build/bench-$1"
  mkdir -p "$OUT"
  cc -O2 -Wall -o "$OUT/$2" "$3" $(pkg-config --cflags --libs icu-i18n icu-uc 2>/dev/null || echo -licui18n -licuuc)
  swift build -c release --product herald-bench >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
  BIN="$(swift build -c release --show-bin-path)/herald-bench"
}

# bench_rounds COMMAND…: runs COMMAND ROUNDS times (default 5), its output in $OUT/runs.txt.
# The callers alternate the sides inside COMMAND and keep each side's best time, so one-off
# stalls on a busy machine do not count.
bench_rounds() {
  i=0
  : >"$OUT/runs.txt"
  while [ "$i" -lt "${ROUNDS:-5}" ]; do
    "$@" >>"$OUT/runs.txt"
    i=$((i + 1))
  done
}
