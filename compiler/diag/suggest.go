package diag

import (
	"slices"
	"strings"
)

// maxSuggestions bounds how many names a "did you mean" hint lists, so a
// short misspelling near many names does not print a catalogue.
const maxSuggestions = 3

// Suggest returns the candidates a misspelled name was most likely meant to
// be: those at the smallest edit distance from name (Damerau-Levenshtein with
// adjacent transpositions, on lower-cased runes, since SQL names match
// case-insensitively), provided that distance is at most a third of name's
// length (at least 1) and smaller than name's length (so "q" never suggests
// "a": replacing every letter is no misspelling). The result is sorted case-insensitively, holds each name once
// (the first spelling given) and at most three names; it is nil when nothing
// is close enough, and when name itself is a candidate.
func Suggest(name string, candidates []string) []string {
	target := []rune(strings.ToLower(name))
	limit := max(1, len(target)/3)
	best := limit + 1
	var out []string
	seen := map[string]bool{}
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if seen[lc] {
			continue
		}
		seen[lc] = true
		r := []rune(lc)
		d := editDistance(target, r)
		if d == 0 {
			return nil // name is a candidate: nothing to suggest
		}
		if d > limit || d >= len(target) || d > best {
			continue
		}
		if d < best {
			best, out = d, out[:0]
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b string) int {
		return strings.Compare(strings.ToLower(a), strings.ToLower(b))
	})
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// DidYouMean returns the hint to append to an "unknown NAME" message:
// "; did you mean amount?" (or "a, b or c?"), or "" when Suggest finds no
// candidate. quote, when not nil, writes each suggested name the way it must
// be typed (the parser's QuoteName backquotes reserved words and odd names).
func DidYouMean(name string, candidates []string, quote func(string) string) string {
	s := Suggest(name, candidates)
	if len(s) == 0 {
		return ""
	}
	if quote != nil {
		for i, c := range s {
			s[i] = quote(c)
		}
	}
	list := s[len(s)-1]
	if len(s) > 1 {
		list = strings.Join(s[:len(s)-1], ", ") + " or " + list
	}
	return "; did you mean " + list + "?"
}

// editDistance is the optimal-string-alignment distance between a and b: the
// fewest insertions, deletions, substitutions and swaps of two adjacent runes
// that turn a into b ("amout" -> "amount" is 1, "lenght" -> "length" is 1).
func editDistance(a, b []rune) int {
	// Three rows suffice: the swap looks two rows back.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
