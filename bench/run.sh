#!/bin/sh
# Runs the benchmarks of package bench (generated evaluator vs hand-written loop
# vs interpreter, every query of bench.sql at 1K and 1M rows, with and without
# NULLs) side by side in one `go test` process, then summarises them with
# benchstat and writes bench/REPORT.md.
#
#   bench/run.sh                  # -count 6, every benchmark (about 15 minutes)
#   COUNT=3 bench/run.sh          # quicker
#   BENCH=Q1Projection bench/run.sh
#
# The COUNT runs are interleaved: each pass runs every benchmark once (go test
# -count 1), and passes repeat COUNT times, so that a burst of load on the
# machine hits all three implementations alike instead of the six runs of one
# of them. benchstat and the report take the median over the passes.
#
# Outputs: bench/results.txt (raw `go test -bench` output), bench/benchstat.txt,
# bench/REPORT.md.
set -eu
cd "$(dirname "$0")/.."

COUNT=${COUNT:-6}
BENCH=${BENCH:-.}
BENCHTIME=${BENCHTIME:-1s}
results=bench/results.txt
stats=bench/benchstat.txt

pass="go test ./bench -run '^\$' -bench '$BENCH' -benchtime $BENCHTIME -count 1 -benchmem -timeout 1h"
cmd="for i in \$(seq $COUNT); do $pass; done"
started=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
: > "$results.tmp"
for i in $(seq "$COUNT"); do
	echo "+ pass $i/$COUNT: $pass" >&2
	eval "$pass" >> "$results.tmp"
done
mv "$results.tmp" "$results"
loadend=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
go tool benchstat -col /impl "$results" > "$stats"

go run ./bench/internal/report \
	-results "$results" \
	-benchstat "$stats" \
	-command "$cmd" \
	-date "$started" \
	-goarch "$(go env GOARCH)" \
	-goamd64 "$(go env GOAMD64)" \
	-goversion "$(go env GOVERSION)" \
	-nproc "$(nproc)" \
	-load "$load" \
	-load-end "$loadend" \
	> bench/REPORT.md
echo "wrote bench/REPORT.md" >&2
