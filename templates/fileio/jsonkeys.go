package fileio

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/rt"
)

// JSON lines have no header: a declared column whose key no line carries
// reads as all NULL, which is what a key misspelled in the spec (craeted for
// created) looks like. The reader notes, per block, which read columns some
// line carried (a bool per column, set where a row lacks a key: a row with
// every read key costs one store), and at the end of the input reports each
// read column no line carried as an *UnseenColumnError: a warning
// (Warnings), or with Options.Strict the input's error.

// UnseenColumnError says that no line of a JSON lines input with at least one
// row has a key for a column the query reads, so the column was all NULL:
//
//	events.jsonl: no JSON line has a key for column "craeted"; did you mean "created"? (keys seen: "created", "id")
//
// It names the nearest key and the keys the input does have, since the likely
// cause is a misspelled key in the spec; the suggestion comes first so that
// a line cut for length keeps it.
type UnseenColumnError struct {
	Path   string   // the input, as named in messages
	Column string   // the table column
	Keys   []string // the keys seen in the input, sorted (at most maxKeys)
	Near   string   // the key closest to Column, or ""
}

func (e *UnseenColumnError) Error() string {
	msg := fmt.Sprintf("%s: no JSON line has a key for column %s", e.Path, quote(e.Column))
	if e.Near != "" {
		msg += fmt.Sprintf("; did you mean %s?", quote(e.Near))
	}
	if len(e.Keys) == 0 {
		return msg + " (no line has any key)"
	}
	return msg + " (keys seen: " + nameList(e.Keys) + ")"
}

// maxKeys bounds the keys a keyTracker remembers.
const maxKeys = 1024

// keyTracker collects, over the blocks of one JSON lines input, which read
// columns some line carried, the keys seen and the rows read.
type keyTracker struct {
	path    string
	names   []string // of the table's columns
	read    []bool   // the columns the query reads
	mu      sync.Mutex
	rows    int64
	carried []bool
	done    bool            // every read column is carried
	keys    map[string]bool // key -> it matches a table column
}

func newKeyTracker(path string, table *tableType, skip []bool) *keyTracker {
	t := &keyTracker{path: path, carried: make([]bool, len(table.Columns)), keys: map[string]bool{}}
	t.done = true
	for i, c := range table.Columns {
		t.names = append(t.names, c.Name)
		r := i >= len(skip) || !skip[i]
		t.read = append(t.read, r)
		if r {
			t.done = false
		}
	}
	return t
}

// merge adds what a parser saw up to the end of a block: rows more rows; all
// if some row carried every read column, else carried per column; cache, the
// parser's key -> column index (-1: none) map.
func (t *keyTracker) merge(rows int64, all bool, carried []bool, cache map[string]int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows += rows
	if t.done {
		return
	}
	t.done = true
	for i, r := range t.read {
		if r && (all || carried[i]) {
			t.carried[i] = true
		}
		if r && !t.carried[i] {
			t.done = false
		}
	}
	if t.done {
		return
	}
	for k, col := range cache {
		if _, ok := t.keys[k]; !ok {
			if len(t.keys) >= maxKeys {
				break
			}
			t.keys[k] = col >= 0
		}
	}
}

// unseen returns an *UnseenColumnError per read column no line carried, in
// table order; none for an input without rows.
func (t *keyTracker) unseen() []error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done || t.rows == 0 {
		return nil
	}
	var all, free []string // every key; the keys that match no column
	for k, matched := range t.keys {
		all = append(all, k)
		if !matched {
			free = append(free, k)
		}
	}
	slices.Sort(all)
	slices.Sort(free)
	var errs []error
	for i, r := range t.read {
		if !r || t.carried[i] {
			continue
		}
		errs = append(errs, &UnseenColumnError{Path: t.path, Column: t.names[i], Keys: all, Near: closest(t.names[i], free)})
	}
	return errs
}

// closest returns the candidate nearest to name by edit distance, ignoring
// case, when near enough to be a likely misspelling (a third of name's
// length, at least 2 so that a swap of two letters counts; 1 for a name under
// 3 letters); "" if none is.
func closest(name string, candidates []string) string {
	limit := int32(1)
	if n := len([]rune(name)); n >= 3 {
		limit = int32(max(2, n/3))
	}
	best, bestD := "", limit+1
	lower := strings.ToLower(name)
	for _, c := range candidates {
		if d := rt.Levenshtein2(lower, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// jsonInput is a JSON lines Input: a textInput that, at the end of the input,
// knows the read columns no line carried.
type jsonInput struct {
	*textInput
	keys   *keyTracker
	strict bool
	eof    bool
}

// Next is the textInput's Next, except that under Options.Strict the end of
// an input with a read column no line carried is that column's
// *UnseenColumnError.
func (in *jsonInput) Next() (arrow.RecordBatch, error) {
	b, err := in.textInput.Next()
	if err == io.EOF {
		in.eof = true
		if errs := in.keys.unseen(); in.strict && len(errs) > 0 {
			return nil, errs[0]
		}
	}
	return b, err
}

func (in *jsonInput) warnings() []error {
	if !in.eof || in.strict {
		return nil
	}
	return in.keys.unseen()
}

// Warnings returns what an Input read to its end (its Next returned io.EOF)
// found suspicious but not wrong: for JSON lines, an *UnseenColumnError per
// read column no line carried (under Options.Strict that is an error
// instead). Other formats have none; nor has an input not read to its end.
func Warnings(in Input) []error {
	if w, ok := in.(interface{ warnings() []error }); ok {
		return w.warnings()
	}
	return nil
}
