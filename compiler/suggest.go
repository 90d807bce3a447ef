package compiler

import (
	"slices"
	"sync"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/ir/functions"
)

// didYouMean is the "; did you mean ...?" hint for a misspelled name among
// candidates, each suggestion written as a spec must spell it.
func didYouMean(name string, candidates []string) string {
	return diag.DidYouMean(name, candidates, parser.QuoteName)
}

// columnCandidates lists the columns a name in sc could have meant: the
// table's columns, then (in a subquery) those of each enclosing query, nearest
// first, as an unqualified name resolves.
func columnCandidates(sc *scope) []string {
	var out []string
	for s := sc; s != nil; s = s.parent {
		for _, c := range s.table.Columns {
			out = append(out, c.Name)
		}
	}
	return out
}

// tableCandidates lists the names a table qualifier in sc could have meant:
// each visible table's name or alias, nearest first.
func tableCandidates(sc *scope) []string {
	var out []string
	for s := sc; s != nil; s = s.parent {
		out = append(out, s.names...)
	}
	return out
}

// binderFunctions are the names bindCall handles itself (beside the registry
// of package functions): conditionals, cast aliases, the subquery aggregates.
// TestFunctionCandidatesBind keeps the list honest.
var binderFunctions = []string{
	"if", "coalesce", "nvl", "ifnull", "nullif", "nvl2", "try", "nullifzero", "zeroifnull",
	"boolean", "int", "bigint", "double", "string", "date", "decimal",
	"extract", "date_part", "datepart", "isnull", "isnotnull",
	"count", "sum", "avg", "min", "max",
}

// functionCandidates lists every function name a call may use: the
// registry's names and aliases and the binder's own, sorted.
var functionCandidates = sync.OnceValue(func() []string {
	out := slices.Clone(binderFunctions)
	for _, fn := range functions.All() {
		out = append(out, fn.Name)
		out = append(out, functions.Aliases(fn)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
})
