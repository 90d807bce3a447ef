# exprc: the commands a developer and CI run. `make test` is what CI runs.
GO ?= go

.PHONY: test lint vet staticcheck fmtcheck tidycheck demo build fuzz-parse

build:
	$(GO) build -o bin/exprc ./cmd/exprc

# The main job on the shipped example: the seed's Classify query over events,
# then TPC-H Q6's filter over lineitem (the tables are in examples/demo/tables.sql).
demo:
	$(GO) run ./cmd/exprc run examples/demo/tables.sql examples/demo/lineitem.sql --query Classify --input events=examples/demo/events.jsonl --progress never | head -n 10
	$(GO) run ./cmd/exprc run examples/demo/tables.sql examples/demo/lineitem.sql --query Q6Filter --input lineitem=examples/demo/lineitem.csv --format csv --progress never | head -n 10

test: lint
	$(GO) test -race ./...

lint: vet staticcheck fmtcheck tidycheck

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

# go.mod and go.sum as go mod tidy leaves them (direct requirements marked
# direct, no stale sums).
tidycheck:
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum not tidy: run go mod tidy"; exit 1; }

fmtcheck:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Coverage-guided fuzzing of the lexer and parser; FUZZTIME=10m for a long run.
FUZZTIME ?= 1m
fuzz-parse:
	$(GO) test -run XXX -fuzz FuzzParse -fuzztime $(FUZZTIME) ./compiler/parser

# Conditional CSE on random query shapes (cse/shapes): SHAPES fresh shapes with a
# counting probe function, checked against the interpreter with and without CSE
# in a temporary module. SEED is random (and printed) unless given.
SHAPES ?= 10000
SEED ?= 0
.PHONY: cse-shapes
cse-shapes:
	$(GO) run ./cse/shapes/run -n $(SHAPES) -seed $(SEED)

# Differential expression fuzzer (codegen/difffuzz): random queries and data,
# the interpreter vs the generated code with and without CSE, exact error
# identity. DURATION defaults to 10m; SEED is random (and printed) unless
# given. Shrunk failures are written to codegen/difffuzz/testdata/regressions,
# which `go test ./codegen/difffuzz` replays.
DURATION ?= 10m
SEED ?= 0
.PHONY: fuzz fuzz-smoke
fuzz:
	$(GO) run ./codegen/difffuzz/cmd/difffuzz -duration $(DURATION) -seed $(SEED)

# The fixed-seed smoke run (a minute or two) and the regression cases; both
# also run in `make test` (go test without -short).
fuzz-smoke:
	$(GO) test -count=1 -run 'TestSmoke|TestRegressions' -v ./codegen/difffuzz
