#!/usr/bin/env bash
# Byte-equivalence check of exprc's code generator: the working tree's
# `exprc gen` must write exactly the bytes a baseline commit's does, for many
# random specs (difffuzz's generator) and the project's own specs, with and
# without --no-cse. A spec the CLI rejects counts as identical when both sides
# exit with the same status and the same stdout and stderr.
#
#   internal/check/equiv/check.sh                      # SEED=1 N=40 against BASE=HEAD (the last commit)
#   SEED=7 N=100 internal/check/equiv/check.sh
#   EXPLAIN=1 internal/check/equiv/check.sh            # also compare `exprc explain --format json`
#
# Environment:
#   SEED, N, QUERIES   random specs: seed, number of specs, base queries per spec
#                      (default 1, 40, 25); each base query also has its _try and
#                      _perm variants, as in difffuzz. Cached in
#                      /tmp/equiv-specs-SEED-N (remove it to regenerate).
#   BASE               baseline commit (default HEAD), checked out as the git
#                      worktree BASE_DIR (default /tmp/equiv-base) and built to
#                      BASE_DIR/exprc-bin.
#   NEW_BIN            use this exprc binary instead of building the working tree
#                      to /tmp/equiv-new.
#   BASE_BIN           use this baseline binary instead of BASE_DIR/exprc-bin.
#   EXPLAIN=1          also compare `exprc explain SPEC --format json` (off by
#                      default: the JSON is expected to change).
#   JOBS               parallel comparisons (default 2).
#   SHOW               differences shown in full (default 3).
#   KEEP=1             keep the run directory (it is always kept on a difference).
#
# Exit status: 0 when everything is identical, 1 on any difference, 2 on a setup
# error.
set -euo pipefail

# ---- one comparison (run by xargs): __one SPECNAME MODE ----------------------
if [[ ${1:-} == __one ]]; then
	name=$2 mode=$3
	spec=$SPECS/$name.sql
	for side in base new; do
		if [[ $side == base ]]; then bin=$BASE_BIN; else bin=$NEW_BIN; fi
		d=$WORK/$side/$mode/$name
		mkdir -p "$d"
		ln -s "$spec" "$d/spec.sql"
		# Identical relative paths on both sides: the generated header records
		# the command line and diagnostics name the spec file.
		case $mode in
		cse) args=(gen -o out.go --package p spec.sql) ;;
		nocse) args=(gen -o out.go --package p --no-cse spec.sql) ;;
		explain) args=(explain spec.sql --format json) ;;
		esac
		set +e
		(cd "$d" && "$bin" "${args[@]}" >stdout 2>stderr)
		echo $? >"$d/status"
		set -e
	done
	b=$WORK/base/$mode/$name n=$WORK/new/$mode/$name
	nq=$(grep -c '^-- name:' "$spec" || true)
	failed=0
	if [[ $(cat "$b/status") != 0 || $(cat "$n/status") != 0 ]]; then failed=1; fi
	same=1
	for f in status stdout stderr out.go; do
		if [[ -e $b/$f || -e $n/$f ]]; then
			if ! cmp -s "$b/$f" "$n/$f"; then same=0; fi
		fi
	done
	res=$WORK/res/$name.$mode
	if ((same)); then
		echo "same $nq 0 $failed 0" >"$res"
		# Free the space of identical outputs.
		rm -rf "$b" "$n"
		exit 0
	fi
	# Which queries differ: split each generated file into the shared preamble,
	# one section per query (from its "...Input is the schema of" comment) and
	# the trailer (Evaluator and Lookup).
	ndq=$nq
	if [[ -e $b/out.go && -e $n/out.go ]]; then
		for s in b n; do
			dir=${!s}
			mkdir -p "$dir/sections"
			awk -v out="$dir/sections" '
				BEGIN { key = "_preamble" }
				/^\/\/ [A-Za-z0-9_]+Input is the schema of / {
					key = $0; sub(/^\/\/ /, "", key); sub(/Input is the schema of.*/, "", key)
				}
				/^\/\/ Evaluator is the signature/ { key = "_trailer" }
				{ print > (out "/" key) }' "$dir/out.go"
		done
		ndq=$( (diff -rq "$b/sections" "$n/sections" || true) |
			sed -n -e 's|^Files .*/sections/\([^ ]*\) and .*|\1|p' -e 's|^Only in .*/sections: \(.*\)|\1|p' |
			grep -vc '^_' || true)
		(diff -rq "$b/sections" "$n/sections" || true) |
			sed -n -e 's|^Files .*/sections/\([^ ]*\) and .*|\1|p' -e 's|^Only in .*/sections: \(.*\)|\1|p' >"$res.sections"
	fi
	{
		for f in status stdout stderr out.go; do
			if [[ -e $b/$f || -e $n/$f ]] && ! cmp -s "$b/$f" "$n/$f"; then
				diff -u --label "base/$mode/$f" --label "new/$mode/$f" \
					"$( [[ -e $b/$f ]] && echo "$b/$f" || echo /dev/null)" \
					"$( [[ -e $n/$f ]] && echo "$n/$f" || echo /dev/null)" || true
			fi
		done
	} >"$res.diff"
	shared=0
	if [[ -e $res.sections ]] && grep -q '^_' "$res.sections"; then shared=1; fi
	echo "diff $nq $ndq $failed $shared" >"$res"
	exit 0
fi

# ---- setup --------------------------------------------------------------------
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
SEED=${SEED:-1}
N=${N:-40}
QUERIES=${QUERIES:-25}
BASE=${BASE:-HEAD}
BASE_DIR=${BASE_DIR:-/tmp/equiv-base}
EXPLAIN=${EXPLAIN:-0}
JOBS=${JOBS:-2}
SHOW=${SHOW:-3}
KEEP=${KEEP:-0}
SPECS=/tmp/equiv-specs-$SEED-$N
[[ $QUERIES == 25 ]] || SPECS=$SPECS-q$QUERIES

die() { echo "check.sh: $*" >&2; exit 2; }
start=$(date +%s)

# Baseline: a detached worktree at BASE, its exprc built once per commit.
base_commit=$(git -C "$REPO" rev-parse --verify "$BASE^{commit}") || die "unknown BASE $BASE"
if [[ ! -e $BASE_DIR/.git ]]; then
	git -C "$REPO" worktree add --detach "$BASE_DIR" "$base_commit" >/dev/null 2>&1 ||
		die "git worktree add $BASE_DIR $BASE failed"
elif [[ $(git -C "$BASE_DIR" rev-parse HEAD) != "$base_commit" ]]; then
	git -C "$BASE_DIR" checkout -q --detach "$base_commit" || die "cannot check out $BASE in $BASE_DIR"
fi
if [[ -z ${BASE_BIN:-} ]]; then
	BASE_BIN=$BASE_DIR/exprc-bin
	if [[ ! -x $BASE_BIN || $(cat "$BASE_BIN.commit" 2>/dev/null) != "$base_commit" ]]; then
		(cd "$BASE_DIR" && go build -o "$BASE_BIN" ./cmd/exprc) || die "building the baseline failed"
		echo "$base_commit" >"$BASE_BIN.commit"
	fi
fi

# The working tree's exprc.
if [[ -z ${NEW_BIN:-} ]]; then
	NEW_BIN=/tmp/equiv-new
	(cd "$REPO" && go build -o "$NEW_BIN" ./cmd/exprc) || die "building the working tree's exprc failed"
fi

# The specs, generated once per SEED/N. specgen is built in the baseline
# worktree (the random queries then do not depend on edits to difffuzz in the
# working tree) and reads the project's specs from the working tree.
if [[ ! -d $SPECS ]]; then
	# Copied to a directory no commit tracks, so checking out another BASE
	# later finds no untracked file in its way.
	mkdir -p "$BASE_DIR/.specgen"
	cp "$REPO/internal/check/equiv/specgen/main.go" "$BASE_DIR/.specgen/main.go"
	sg=$BASE_DIR/specgen-bin
	# Before difffuzz moved under internal/check, BASE has it at codegen/difffuzz
	# (and no internal/check/difffuzz): build specgen against that path there.
	if ! (cd "$BASE_DIR" && go build -o "$sg" ./.specgen) 2>/dev/null &&
		! { sed -i 's#"github.com/exprc/exprc/internal/check/difffuzz"#"github.com/exprc/exprc/codegen/difffuzz"#' "$BASE_DIR/.specgen/main.go" &&
			(cd "$BASE_DIR" && go build -o "$sg" ./.specgen) 2>/dev/null; }; then
		echo "check.sh: specgen does not build at $BASE; using the working tree's" >&2
		(cd "$REPO" && go build -o "$sg" ./internal/check/equiv/specgen) || die "building specgen failed"
	fi
	rm -rf "$SPECS.tmp"
	"$sg" -seed "$SEED" -n "$N" -queries "$QUERIES" -root "$REPO" -out "$SPECS.tmp" || die "specgen failed"
	mv "$SPECS.tmp" "$SPECS"
fi

WORK=$(mktemp -d /tmp/equiv-run.XXXXXX)
mkdir -p "$WORK/res"
export SPECS WORK BASE_BIN NEW_BIN

modes=(cse nocse)
((EXPLAIN)) && modes+=(explain)
for s in "$SPECS"/*.sql; do
	for m in "${modes[@]}"; do
		echo "$(basename "$s" .sql) $m"
	done
done | xargs -P "$JOBS" -L 1 "$REPO/internal/check/equiv/check.sh" __one

# ---- summary ------------------------------------------------------------------
nspecs=$(ls "$SPECS"/*.sql | wc -l)
nqueries=$(cat "$SPECS"/*.sql | grep -c '^-- name:' || true)
read -r comps same diff qsame qdiff rejected shared < <(
	cat "$WORK"/res/*.cse "$WORK"/res/*.nocse $( ((EXPLAIN)) && echo "$WORK"/res/*.explain) |
		awk '{ c++; if ($1 == "same") s++; else d++; qs += $2 - $3; qd += $3; r += $4; sh += $5 }
			END { print c+0, s+0, d+0, qs+0, qd+0, r+0, sh+0 }')
secs=$(($(date +%s) - start))
echo "base $(git -C "$REPO" log -1 --format='%h %s' "$base_commit" | cut -c1-70)"
echo "new  $NEW_BIN"
echo "specs:       $nspecs ($SPECS)"
echo "queries:     $nqueries per mode; modes: ${modes[*]}"
echo "comparisons: $comps spec runs: $same identical, $diff different ($rejected where a side exited non-zero)"
echo "query level: $qsame identical, $qdiff different (query x mode; a query's section of the file:"
echo "             schemas, doc comment and function)"
echo "shared code: differs in $shared spec runs (file preamble: imports, patterns; trailer: Lookup)"
echo "time:        ${secs}s"
if ((rejected > 0)); then
	echo "rejected:    $(grep -l '^[a-z]* [0-9]* [0-9]* 1 ' "$WORK"/res/* 2>/dev/null | head -8 | xargs -n1 basename | tr '\n' ' ')(exprc exited non-zero)"
fi

if ((diff > 0)); then
	shown=0
	for r in "$WORK"/res/*; do
		[[ $r == *.diff || $r == *.sections ]] && continue
		read -r verdict _ ndq _ _ <"$r"
		[[ $verdict == diff ]] || continue
		((shown < SHOW)) || break
		shown=$((shown + 1))
		f=$(basename "$r")
		echo
		echo "=== DIFFERENT: $SPECS/${f%.*}.sql (${f##*.}), $ndq of its queries differ"
		if [[ -s $r.sections ]]; then
			echo "differing sections: $(head -10 "$r.sections" | tr '\n' ' ')$( (($(wc -l <"$r.sections") > 10)) && echo ...)"
		fi
		head -60 "$r.diff"
	done
	echo
	echo "FAIL: $diff different; outputs and full diffs in $WORK (res/*.diff, base/, new/)"
	exit 1
fi
((KEEP)) || rm -rf "$WORK"
echo "OK: all identical"
