package functions

import (
	"regexp"
	"sync"
	"unicode/utf8"

	"github.com/exprc/exprc/ir"
)

// cacheCap bounds each pattern cache. Patterns are nearly always constants, so
// a handful of entries serve a query; when a column of ever-new patterns fills
// the cache it is simply emptied, which bounds memory without an LRU list.
const cacheCap = 256

// patternCache memoizes compiled patterns (and their compile errors) by pattern
// text. It is safe for concurrent use, as generated evaluators must be.
type patternCache[T any] struct {
	mu sync.RWMutex
	m  map[string]T
}

func (c *patternCache[T]) get(key string, build func() T) T {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = build()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= cacheCap {
		c.m = make(map[string]T, 16)
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}

// likeToken is one element of a compiled LIKE pattern.
type likeToken struct {
	kind byte   // 'l' literal character, '_' any one character, '%' any run
	lit  string // the literal character's bytes
}

type likePattern struct {
	toks []likeToken
	err  *ir.EvalError
}

var likeCache patternCache[*likePattern]

func likePatternError(pattern, why string) *ir.EvalError {
	return ir.Errorf(ir.ErrInvalidPattern,
		"The value of parameter(s) `pattern` in `like` is invalid: %s in pattern '%s'.", why, pattern)
}

// compileLike parses a LIKE pattern with Spark's rules: the escape character
// makes the following %, _ or escape character literal; the escape before any
// other character, or at the end, is an error. Escape checks come first, so with
// ESCAPE '%' every % escapes.
func compileLike(pattern, escape string) *likePattern {
	_, w := utf8.DecodeRuneInString(escape)
	if escape == "" || w != len(escape) {
		return &likePattern{err: ir.Errorf(ir.ErrInvalidParameter,
			"The value of parameter(s) `escape` in `like` is invalid: the escape string must be one character, got '%s'.", escape)}
	}
	escStr := escape
	p := &likePattern{}
	for i := 0; i < len(pattern); {
		_, w := utf8.DecodeRuneInString(pattern[i:])
		c := pattern[i : i+w]
		i += w
		switch {
		case c == escStr:
			if i >= len(pattern) {
				return &likePattern{err: likePatternError(pattern, "the escape character is not allowed to end the pattern")}
			}
			_, w2 := utf8.DecodeRuneInString(pattern[i:])
			n := pattern[i : i+w2]
			i += w2
			if n != "%" && n != "_" && n != escStr {
				return &likePattern{err: likePatternError(pattern, "the escape character is not allowed to precede '"+n+"'")}
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
	return p
}

// match runs the pattern over s with the classic greedy wildcard algorithm,
// backtracking only to the last %: O(len(s) * len(pattern)) in the worst case,
// never exponential.
func (p *likePattern) match(s string) bool {
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

func likeEsc(s, pattern, escape string) (bool, *ir.EvalError) {
	p := likeCache.get(escape+"\x00"+pattern, func() *likePattern { return compileLike(pattern, escape) })
	if p.err != nil {
		return false, p.err
	}
	return p.match(s), nil
}

func like2(s, pattern string) (bool, *ir.EvalError) { return likeEsc(s, pattern, `\`) }

type compiledRegexp struct {
	re  *regexp.Regexp
	err *ir.EvalError
}

var regexpCache patternCache[compiledRegexp]

// rlike reports whether the RE2 pattern matches anywhere in s (Java's find(),
// which Spark's RLIKE uses). Go's regexp guarantees linear time, so a hostile
// pattern cannot stall a query.
func rlike(s, pattern string) (bool, *ir.EvalError) {
	c := regexpCache.get(pattern, func() compiledRegexp {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return compiledRegexp{err: ir.Errorf(ir.ErrInvalidPattern,
				"The value of parameter(s) `regexp` in `rlike` is invalid: %v.", err)}
		}
		return compiledRegexp{re: re}
	})
	if c.err != nil {
		return false, c.err
	}
	return c.re.MatchString(s), nil
}

func init() {
	register(strict("like",
		"SQL LIKE: whether s matches pattern, where _ matches one character and % any run of characters; the optional escape (default '\\') makes the next %, _ or escape literal. A malformed pattern, or an escape that is not one character, raises when evaluated.",
		errs(ir.ErrInvalidPattern, ir.ErrInvalidParameter),
		sig(tBool, true, k2(like2), tStr, tStr),
		sig(tBool, true, k3(likeEsc), tStr, tStr, tStr)))
	register(strict("rlike",
		"Whether the regular expression pattern (RE2 syntax, Go's regexp) matches anywhere in s; an invalid pattern raises when evaluated. Compiled patterns are cached.",
		errs(ir.ErrInvalidPattern),
		sig(tBool, true, k2(rlike), tStr, tStr)), "regexp", "regexp_like")
}
