package rt

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// patternCacheCap bounds each pattern cache. Patterns are nearly always
// constants, so a handful of entries serve a query; when a column of ever-new
// patterns fills the cache it is simply emptied, which bounds memory without an
// LRU list.
const patternCacheCap = 256

// patternCache memoizes compiled patterns (and their compile errors) by what
// they were compiled from. It is safe for concurrent use, as generated
// evaluators must be.
type patternCache[K comparable, T any] struct {
	mu sync.RWMutex
	m  map[K]T
}

func (c *patternCache[K, T]) get(key K, build func() T) T {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = build()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= patternCacheCap {
		c.m = make(map[K]T, 16)
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}

func (c *patternCache[K, T]) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// likeToken is one element of a compiled LIKE pattern.
type likeToken struct {
	kind byte   // 'l' literal character, '_' any one character, '%' any run
	lit  string // the literal character's bytes
}

// LikeMatcher is a compiled LIKE pattern. It is immutable and safe for
// concurrent use; generated code compiles a constant pattern once.
type LikeMatcher struct {
	toks []likeToken
	// shape and lit describe the common patterns that need no wildcard
	// matching: 'lit' (exact), 'lit%' (prefix), '%lit' (suffix), '%lit%'
	// (contains) and '%' (anything); shape 0 means the general algorithm.
	shape byte
	lit   string
}

// The pattern shapes Match handles without the general algorithm.
const (
	likeGeneral byte = iota
	likeExact
	likePrefix
	likeSuffix
	likeContains
	likeAny
)

// classify finds the pattern's shape once, at compile time: only literal runs
// and % at the ends qualify (a _ needs the general algorithm, as it counts
// characters, not bytes).
func (p *LikeMatcher) classify() {
	toks := p.toks
	lead := len(toks) > 0 && toks[0].kind == '%'
	trail := len(toks) > 0 && toks[len(toks)-1].kind == '%'
	inner := toks
	if lead {
		inner = inner[1:]
	}
	if trail && len(inner) > 0 {
		inner = inner[:len(inner)-1]
	}
	var lit strings.Builder
	for _, t := range inner {
		if t.kind != 'l' {
			return
		}
		lit.WriteString(t.lit)
	}
	p.lit = lit.String()
	if !utf8.ValidString(p.lit) {
		return // byte and character comparisons could disagree on broken UTF-8
	}
	switch {
	case lead && len(toks) == 1:
		p.shape = likeAny
	case lead && trail:
		p.shape = likeContains
	case lead:
		p.shape = likeSuffix
	case trail:
		p.shape = likePrefix
	default:
		p.shape = likeExact
	}
}

type likeResult struct {
	m   *LikeMatcher
	err *Error
}

// likeKey is what a LIKE pattern is compiled from. A struct, not the two
// strings joined: "\x00" joining the empty escape with pattern "\x00x" and escape
// "\x00" with pattern "x" gave one key, so one could be answered with the
// other's compiled pattern (the differential fuzzer saw a LIKE with an
// invalid escape return FALSE).
type likeKey struct{ escape, pattern string }

var likeCache patternCache[likeKey, likeResult]

func likePatternError(pattern, why string) *Error {
	return &Error{Class: InvalidPattern, kind: msgLikePattern, s1: pattern, s2: why}
}

// CompileLike parses a LIKE pattern with Spark's rules: _ matches one
// character, % any run; the escape character (one character, `\` by default in
// SQL) makes the following %, _ or escape character literal, and before any
// other character, or at the end, is an error (INVALID_PARAMETER_VALUE.PATTERN).
// Escape checks come first, so with ESCAPE '%' every % escapes. An escape that
// is not exactly one character raises INVALID_PARAMETER_VALUE.
func CompileLike(pattern, escape string) (*LikeMatcher, *Error) {
	_, w := utf8.DecodeRuneInString(escape)
	if escape == "" || w != len(escape) {
		return nil, &Error{Class: InvalidParameter, kind: msgLikeEscape, s1: escape}
	}
	p := &LikeMatcher{}
	for i := 0; i < len(pattern); {
		_, w := utf8.DecodeRuneInString(pattern[i:])
		c := pattern[i : i+w]
		i += w
		switch {
		case c == escape:
			if i >= len(pattern) {
				return nil, likePatternError(pattern, "the escape character is not allowed to end the pattern")
			}
			_, w2 := utf8.DecodeRuneInString(pattern[i:])
			n := pattern[i : i+w2]
			i += w2
			if n != "%" && n != "_" && n != escape {
				return nil, likePatternError(pattern, "the escape character is not allowed to precede '"+n+"'")
			}
			p.toks = append(p.toks, likeToken{kind: 'l', lit: n})
		case c == "%":
			if len(p.toks) == 0 || p.toks[len(p.toks)-1].kind != '%' {
				p.toks = append(p.toks, likeToken{kind: '%'})
			}
		case c == "_":
			p.toks = append(p.toks, likeToken{kind: '_'})
		default:
			p.toks = append(p.toks, likeToken{kind: 'l', lit: c})
		}
	}
	p.classify()
	return p, nil
}

// Literal returns the plain string test a pattern reduces to, for code that
// writes it inline instead of calling Match: shape "exact", "prefix",
// "suffix" or "contains" with its literal, or "" when Match needs the
// general algorithm (or the pattern is '%', which needs no test).
func (p *LikeMatcher) Literal() (shape, lit string) {
	switch p.shape {
	case likeExact:
		return "exact", p.lit
	case likePrefix:
		return "prefix", p.lit
	case likeSuffix:
		return "suffix", p.lit
	case likeContains:
		return "contains", p.lit
	}
	return "", ""
}

// Match reports whether s matches the pattern, with the classic greedy
// wildcard algorithm backtracking only to the last %: O(len(s) * len(pattern))
// in the worst case, never exponential.
func (p *LikeMatcher) Match(s string) bool {
	switch p.shape {
	case likeExact:
		return s == p.lit
	case likePrefix:
		return strings.HasPrefix(s, p.lit)
	case likeSuffix:
		return strings.HasSuffix(s, p.lit)
	case likeContains:
		return strings.Contains(s, p.lit)
	case likeAny:
		return true
	}
	toks := p.toks
	si, pi := 0, 0
	starP, starS := -1, 0
	for si < len(s) {
		_, w := utf8.DecodeRuneInString(s[si:])
		if pi < len(toks) {
			t := toks[pi]
			if t.kind == '_' || (t.kind == 'l' && s[si:si+w] == t.lit) {
				si += w
				pi++
				continue
			}
			if t.kind == '%' {
				starP, starS = pi, si
				pi++
				continue
			}
		}
		if starP < 0 {
			return false
		}
		_, w = utf8.DecodeRuneInString(s[starS:])
		starS += w
		si = starS
		pi = starP + 1
	}
	for pi < len(toks) && toks[pi].kind == '%' {
		pi++
	}
	return pi == len(toks)
}

// LikeEscape is s LIKE pattern ESCAPE escape (see CompileLike). Compiled
// patterns are cached, so a pattern that varies per row is still compiled only
// once per distinct value in the common case.
func LikeEscape(s, pattern, escape string) (bool, *Error) {
	r := likeCache.get(likeKey{escape, pattern}, func() likeResult {
		m, err := CompileLike(pattern, escape)
		return likeResult{m, err}
	})
	if r.err != nil {
		return false, r.err
	}
	return r.m.Match(s), nil
}

// Like is s LIKE pattern, with the default escape `\`.
func Like(s, pattern string) (bool, *Error) { return LikeEscape(s, pattern, `\`) }
