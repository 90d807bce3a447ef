#!/bin/sh
# Runs the subquery benchmarks (package bench/subquery: generated vs
# hand-written vs interpreter, build and probe phases, every size of its plan)
# side by side, then summarises them with benchstat and writes the figure
# tables that bench/SUBQUERY.md quotes.
#
#   bench/subquery/run.sh             # -count 3 (about 10 minutes)
#   COUNT=6 bench/subquery/run.sh
#   BENCH=InProbe bench/subquery/run.sh
#
# As bench/run.sh, the COUNT runs are interleaved: each pass runs every
# benchmark once (go test -count 1), and passes repeat COUNT times, so that a
# burst of load on the machine hits every implementation and size alike. Within
# a pass the implementations of one size run one after the other.
#
# Outputs (in bench/subquery): results.txt (raw `go test -bench` output, with
# the commit measured), benchstat.txt, figures.md. Other sessions edit the
# working tree, so a run meant to be quoted is best made in a snapshot of a
# commit (COMMIT names it where there is no .git):
#
#   c=$(git rev-parse --short HEAD); mkdir /tmp/snap; git archive HEAD | tar -x -C /tmp/snap
#   cd /tmp/snap && COMMIT=$c bench/subquery/run.sh
set -eu
cd "$(dirname "$0")/../.."

COUNT=${COUNT:-3}
BENCH=${BENCH:-.}
BENCHTIME=${BENCHTIME:-1s}
dir=bench/subquery
results=$dir/results.txt

pass="go test ./bench/subquery -run '^\$' -bench '$BENCH' -benchtime $BENCHTIME -count 1 -benchmem -timeout 1h"
{
	echo "# for i in \$(seq $COUNT); do $pass; done"
	echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo "${COMMIT:-unknown}")$(git status --porcelain 2>/dev/null | grep -q . && echo ' (working tree modified)')"
	echo "# started $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(go env GOVERSION) GOAMD64=$(go env GOAMD64), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
} > "$results.tmp"
for i in $(seq "$COUNT"); do
	echo "+ pass $i/$COUNT: $pass" >&2
	eval "$pass" >> "$results.tmp"
done
echo "# ended $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" >> "$results.tmp"
mv "$results.tmp" "$results"
go tool benchstat -col /impl "$results" > $dir/benchstat.txt
go run ./bench/internal/subqreport -results "$results" > $dir/figures.md
echo "wrote $dir/results.txt, $dir/benchstat.txt, $dir/figures.md" >&2
