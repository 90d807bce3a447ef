#!/bin/sh
# Runs the benchmark suite: every query of bench/bench.sql, at 1K, 64K and 1M
# rows, without and with NULLs, through exprc's generated code, its hand-written
# limit (bench/hand_*.go), exprc without CSE, the interpreter, and the peer
# engines of module bench/peers (arrow-go compute, DuckDB on one thread and on
# all cores, expr, cel-go), side by side in one test binary; then writes the
# report and its chart.
#
#   bench/run.sh                                   # make bench: COUNT=5 passes
#   COUNT=3 BENCHTIME=200ms bench/run.sh           # quicker
#   BENCH='query=Q1Projection/rows=64K' bench/run.sh
#   OUT=bench/out/quick bench/run.sh               # write elsewhere (make bench-quick)
#   ROUNDS=40 bench/run.sh                         # more paired rounds per pass
#
# Each pass also runs BenchmarkRatio: ROUNDS (default 20) interleaved rounds
# of exprc's generated code and the hand-written loop per query, size and
# NULL variant, each round timing one side then the other on the same batch
# over about a millisecond each. The report's gen/hand column and its 1.3x
# target are the median of those paired ratios: the separate BenchmarkQueries
# timings of the two sides swing by tens of percent on this shared machine.
#
# The COUNT passes are interleaved (each pass runs every benchmark once) and
# within a pass the implementations of one query, size and NULL variant run one
# after the other on the same batch, so that a burst of load on this shared
# machine hits them alike. The report takes the median over the passes.
#
# Outputs in OUT (default bench): results.txt (raw go test output),
# benchstat.txt, REPORT.md, REPORT.svg; with OUT=bench, the headline table in
# docs/speed.md is replaced too.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)

COUNT=${COUNT:-5}
BENCH=${BENCH:-.}
BENCHTIME=${BENCHTIME:-300ms}
ROUNDS=${ROUNDS:-20}
OUT=${OUT:-bench}
mkdir -p "$OUT"
out=$(cd "$OUT" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One test binary for every pass: DuckDB's cgo bindings take a while to build,
# and every pass then measures the same code.
echo "+ building the benchmark binary (module bench/peers)" >&2
(cd bench/peers && go test -c -tags duckdb_arrow -o "$tmp/peers.test" .)

pass="peers.test -test.run '^\$' -test.bench 'Queries/$BENCH' -test.benchtime $BENCHTIME -test.count 1 -test.benchmem -test.timeout 3h"
ratio="peers.test -test.run '^\$' -test.bench 'Ratio/$BENCH' -test.benchtime ${ROUNDS}x -test.count 1 -test.timeout 3h"
cmd="cd bench/peers && go test -c -tags duckdb_arrow -o peers.test . && for i in \$(seq $COUNT); do ./$pass; ./$ratio; done"
started=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
: > "$tmp/results.txt"
for i in $(seq "$COUNT"); do
	echo "+ pass $i/$COUNT: $pass" >&2
	(cd bench/peers && "$tmp/peers.test" -test.run '^$' -test.bench "Queries/$BENCH" -test.benchtime "$BENCHTIME" \
		-test.count 1 -test.benchmem -test.timeout 3h) >> "$tmp/results.txt"
	echo "+ pass $i/$COUNT: $ratio" >&2
	(cd bench/peers && "$tmp/peers.test" -test.run '^$' -test.bench "Ratio/$BENCH" -test.benchtime "${ROUNDS}x" \
		-test.count 1 -test.timeout 3h) >> "$tmp/results.txt"
done
loadend=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
cp "$tmp/results.txt" "$out/results.txt"
go tool benchstat -filter '.name:Queries' -col /impl "$out/results.txt" > "$out/benchstat.txt"

readme=
if [ "$out" = "$root/bench" ]; then
	readme=$root/docs/speed.md
fi
(cd bench/peers && go run -tags duckdb_arrow ./report \
	-results "$out/results.txt" \
	-md "$out/REPORT.md" \
	-svg "$out/REPORT.svg" \
	-scale "$root/bench/SCALE.md" \
	-readme "$readme" \
	-command "$cmd" \
	-date "$started" \
	-goarch "$(go env GOARCH)" \
	-goamd64 "$(go env GOAMD64)" \
	-goversion "$(go env GOVERSION)" \
	-nproc "$(nproc)" \
	-rounds "$ROUNDS" \
	-load "$load" \
	-load-end "$loadend")
echo "wrote $OUT/REPORT.md and $OUT/REPORT.svg" >&2
