package rt

import (
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// Regex is a compiled Spark (Java) regular expression, run by Go's RE2
// engine after translation (regex_translate.go). It is immutable apart from
// its replacement cache and safe for concurrent use; generated code compiles
// a constant pattern once, when its package is initialised.
type Regex struct {
	re    *regexp.Regexp
	jr    *javaRegex
	from  *regexp.Regexp // \A(?s:.)(?s:.*?)(re): a search from an offset, with the previous character as context
	loop  bool           // Java's successive finds differ from RE2's FindAll (an empty match, or a final $)
	lastR atomic.Pointer[replacement]
}

type regexResult struct {
	re  *Regex
	why string
}

// regexCache holds compiled patterns by their text (bounded, see
// patternCache); patterns over MaxRegexLength are refused before it.
var regexCache patternCache[string, regexResult]

func compileRegex(pattern string) regexResult {
	jr, err := translateJava(pattern)
	if err != nil {
		return regexResult{why: err.Error()}
	}
	re, cerr := regexp.Compile(jr.re2)
	if cerr != nil {
		return regexResult{why: strings.TrimPrefix(cerr.Error(), "error parsing regexp: ")}
	}
	r := &Regex{re: re, jr: jr, loop: jr.empty || len(jr.terms) > 0}
	if r.loop {
		r.from = regexp.MustCompile(`\A(?s:.)(?s:.*?)(` + jr.re2 + `)`)
	}
	return regexResult{re: r}
}

func lookupRegex(pattern string) regexResult {
	if len(pattern) > MaxRegexLength {
		return compileRegex(pattern) // refused at once, not cached
	}
	return regexCache.get(pattern, func() regexResult { return compileRegex(pattern) })
}

func regexPatternError(fn, why string) *Error {
	return &Error{Class: InvalidPattern, kind: msgRlikePattern, s1: why, s2: fn}
}

// CompileRegex compiles the pattern of a call of the regular-expression
// function fn (rlike, regexp_replace ...), which names the function in its
// errors. An invalid pattern, or one RE2 cannot run with Java's meaning,
// raises INVALID_PARAMETER_VALUE.PATTERN.
func CompileRegex(fn, pattern string) (*Regex, *Error) {
	r := lookupRegex(pattern)
	if r.re == nil {
		return nil, regexPatternError(fn, r.why)
	}
	return r.re, nil
}

// regexFor returns the compiled pattern of a row.
func regexFor(fn, pattern string) (*Regex, *Error) {
	r := lookupRegex(pattern)
	if r.re == nil {
		return nil, regexPatternError(fn, r.why)
	}
	return r.re, nil
}

// RegexMethod is the method of *Regex that computes a regular-expression
// kernel from its arguments other than the pattern; Err reports whether it
// returns a second, *Error result.
type RegexMethod struct {
	Name string
	Err  bool
}

// RegexKernelMethods maps each regular-expression kernel, whose second
// argument is the pattern, to its method: generated code calls the method of
// a pattern compiled once when the pattern is a constant.
var RegexKernelMethods = map[string]RegexMethod{
	"Rlike":             {"Match", false},
	"RegexpReplace":     {"Replace", true},
	"RegexpReplacePos":  {"ReplacePos", true},
	"RegexpExtract":     {"Extract", true},
	"RegexpExtractIdx":  {"ExtractIdx", true},
	"RegexpCount":       {"Count", false},
	"RegexpInstr":       {"Instr", false},
	"RegexpInstrIdx":    {"InstrIdx", false},
	"RegexpSubstr":      {"Substr", false},
	"RegexpSubstrFound": {"SubstrFound", false},
}

// find returns the first match in s[off:] (Java's find() on a region from
// off, whose bounds anchor and hide the text before), with indexes into s
// and the groups renumbered as Java's, or nil.
func (r *Regex) find(s string, off int) []int {
	loc := r.re.FindStringSubmatchIndex(s[off:])
	if loc == nil {
		return nil
	}
	return r.javaLoc(loc, off)
}

// javaLoc cuts a final $'s line terminator out of a match and returns
// Java's group indexes, shifted by off.
func (r *Regex) javaLoc(loc []int, off int) []int {
	for _, t := range r.jr.terms {
		if ts, te := loc[2*t], loc[2*t+1]; ts >= 0 && te > ts {
			for i := range loc {
				if loc[i] > ts {
					loc[i] = ts
				}
			}
		}
	}
	out := make([]int, 2*(r.jr.groups+1))
	for g, j := range r.jr.gmap {
		out[2*g], out[2*g+1] = loc[2*j], loc[2*j+1]
		if out[2*g] >= 0 {
			out[2*g] += off
			out[2*g+1] += off
		}
	}
	return out
}

// findAll calls fn on each of Java's successive matches in s[off:]: each
// search starts where the previous match ended, one character later after
// an empty match. RE2's FindAll agrees except after a match followed by an
// empty match (Java takes it, RE2 skips it) and after a final $ (whose
// terminator RE2 consumed), so only such patterns search match by match.
func (r *Regex) findAll(s string, off int, fn func(loc []int)) {
	sub := s[off:]
	if !r.loop {
		for _, loc := range r.re.FindAllStringSubmatchIndex(sub, -1) {
			fn(r.javaLoc(loc, off))
		}
		return
	}
	p := 0
	for p <= len(sub) {
		var loc []int
		if p == 0 {
			loc = r.re.FindStringSubmatchIndex(sub)
		} else {
			_, w := utf8.DecodeLastRuneInString(sub[:p])
			m := r.from.FindStringSubmatchIndex(sub[p-w:])
			if m != nil {
				loc = m[2:]
				for i := range loc {
					if loc[i] >= 0 {
						loc[i] += p - w
					}
				}
			}
		}
		if loc == nil {
			return
		}
		j := r.javaLoc(loc, off)
		start, end := j[0]-off, j[1]-off
		fn(j)
		if end > start {
			p = end
			continue
		}
		if end >= len(sub) {
			return
		}
		_, w := utf8.DecodeRuneInString(sub[end:])
		p = end + w
	}
}

// Match reports whether the pattern matches anywhere in s (Java's find(),
// which Spark's RLIKE uses).
func (r *Regex) Match(s string) bool { return r.re.MatchString(s) }

// Rlike is s RLIKE pattern, regexp_like and regexp (see Regex.Match).
func Rlike(s, pattern string) (bool, *Error) {
	r, err := regexFor("rlike", pattern)
	if err != nil {
		return false, err
	}
	return r.Match(s), nil
}

// replacement is a parsed Java replacement string: literal parts and group
// references, or the error Java's appendReplacement raises for it.
type replacement struct {
	rep   string
	parts []repPart
	why   string
}

type repPart struct {
	lit   string
	group int // -1 for a literal
}

// parseReplacement parses rep as Java's Matcher.appendReplacement does: a
// backslash quotes the next character, $n names group n (further digits
// join while the number stays a group), ${name} a named group.
func (r *Regex) parseReplacement(rep string) *replacement {
	if p := r.lastR.Load(); p != nil && p.rep == rep {
		return p
	}
	out := &replacement{rep: rep}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out.parts = append(out.parts, repPart{lit: lit.String(), group: -1})
			lit.Reset()
		}
	}
	groups := r.jr.groups
	for i := 0; i < len(rep) && out.why == ""; {
		c := rep[i]
		switch c {
		case '\\':
			i++
			if i >= len(rep) {
				out.why = "character to be escaped is missing"
				break
			}
			_, w := utf8.DecodeRuneInString(rep[i:])
			lit.WriteString(rep[i : i+w])
			i += w
		case '$':
			i++
			if i >= len(rep) {
				out.why = "Illegal group reference: group index is missing"
				break
			}
			if rep[i] == '{' {
				i++
				ns := i
				for i < len(rep) && (rep[i] >= 'a' && rep[i] <= 'z' || rep[i] >= 'A' && rep[i] <= 'Z' || rep[i] >= '0' && rep[i] <= '9') {
					i++
				}
				switch {
				case i == ns:
					out.why = "named capturing group has 0 length name"
				case i >= len(rep) || rep[i] != '}':
					out.why = "named capturing group is missing trailing '}'"
				case rep[ns] >= '0' && rep[ns] <= '9':
					out.why = "capturing group name {" + rep[ns:i] + "} starts with digit character"
				default:
					g, ok := r.jr.names[rep[ns:i]]
					if !ok {
						out.why = "No group with name {" + rep[ns:i] + "}"
						break
					}
					i++
					flush()
					out.parts = append(out.parts, repPart{group: g})
				}
				break
			}
			if rep[i] < '0' || rep[i] > '9' {
				out.why = "Illegal group reference"
				break
			}
			g := int(rep[i] - '0')
			if g > groups {
				out.why = "No group " + strconv.Itoa(g)
				break
			}
			i++
			for i < len(rep) && rep[i] >= '0' && rep[i] <= '9' {
				ng := g*10 + int(rep[i]-'0')
				if ng > groups {
					break
				}
				g = ng
				i++
			}
			flush()
			out.parts = append(out.parts, repPart{group: g})
		default:
			lit.WriteByte(c)
			i++
		}
	}
	flush()
	r.lastR.Store(out)
	return out
}

// Replace is regexp_replace(s, pattern, rep) (see ReplacePos).
func (r *Regex) Replace(s, rep string) (string, *Error) { return r.replaceFrom(s, rep, 0) }

// ReplacePos replaces every match of the pattern in s from character pos
// (1-based) on with rep in Java's replacement syntax; a pos past the end
// returns s. An invalid rep raises INVALID_PARAMETER_VALUE, as Java does
// only once there is a match; a pos below 1 raises INVALID_PARAMETER_VALUE.
func (r *Regex) ReplacePos(s, rep string, pos int32) (string, *Error) {
	if pos < 1 {
		return "", &Error{Class: InvalidParameter, kind: msgRegexParam, s1: "position", s2: "regexp_replace",
			s3: "expects a positive position, got " + strconv.Itoa(int(pos))}
	}
	off := 0
	if pos > 1 {
		n := 0
		for off < len(s) && n < int(pos)-1 {
			_, w := utf8.DecodeRuneInString(s[off:])
			off += w
			n++
		}
		if off >= len(s) {
			return s, nil
		}
	}
	return r.replaceFrom(s, rep, off)
}

func (r *Regex) replaceFrom(s, rep string, off int) (string, *Error) {
	var b strings.Builder
	var rp *replacement
	last := 0
	r.findAll(s, off, func(loc []int) {
		if rp == nil {
			rp = r.parseReplacement(rep)
		}
		if rp.why != "" {
			return
		}
		b.WriteString(s[last:loc[0]])
		for _, p := range rp.parts {
			if p.group < 0 {
				b.WriteString(p.lit)
			} else if gs := loc[2*p.group]; gs >= 0 {
				b.WriteString(s[gs:loc[2*p.group+1]])
			}
		}
		last = loc[1]
	})
	if rp == nil {
		return s, nil
	}
	if rp.why != "" {
		return "", &Error{Class: InvalidParameter, kind: msgRegexParam, s1: "rep", s2: "regexp_replace", s3: rp.why}
	}
	b.WriteString(s[last:])
	return b.String(), nil
}

// RegexpReplace is regexp_replace(s, pattern, rep).
func RegexpReplace(s, pattern, rep string) (string, *Error) {
	r, err := regexFor("regexp_replace", pattern)
	if err != nil {
		return "", err
	}
	return r.Replace(s, rep)
}

// RegexpReplacePos is regexp_replace(s, pattern, rep, pos).
func RegexpReplacePos(s, pattern, rep string, pos int32) (string, *Error) {
	r, err := regexFor("regexp_replace", pattern)
	if err != nil {
		return "", err
	}
	return r.ReplacePos(s, rep, pos)
}

// groupIndexError is INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX.
func groupIndexError(fn string, groups int, idx int32) *Error {
	return &Error{Class: InvalidGroupIndex, kind: msgRegexParam, s1: "idx", s2: fn,
		s3: "Expects group index between 0 and " + strconv.Itoa(groups) + ", but got " + strconv.Itoa(int(idx)) + "."}
}

// Extract is regexp_extract(s, pattern), group 1.
func (r *Regex) Extract(s string) (string, *Error) { return r.ExtractIdx(s, 1) }

// ExtractIdx is group idx of the first match in s; the empty string when
// nothing matches or the group took no part in the match. An idx outside
// [0, groups] raises INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX when there is
// a match, as in Spark.
func (r *Regex) ExtractIdx(s string, idx int32) (string, *Error) {
	loc := r.find(s, 0)
	if loc == nil {
		return "", nil
	}
	if idx < 0 || int(idx) > r.jr.groups {
		return "", groupIndexError("regexp_extract", r.jr.groups, idx)
	}
	if gs := loc[2*idx]; gs >= 0 {
		return s[gs:loc[2*idx+1]], nil
	}
	return "", nil
}

// RegexpExtract is regexp_extract(s, pattern).
func RegexpExtract(s, pattern string) (string, *Error) {
	r, err := regexFor("regexp_extract", pattern)
	if err != nil {
		return "", err
	}
	return r.Extract(s)
}

// RegexpExtractIdx is regexp_extract(s, pattern, idx).
func RegexpExtractIdx(s, pattern string, idx int32) (string, *Error) {
	r, err := regexFor("regexp_extract", pattern)
	if err != nil {
		return "", err
	}
	return r.ExtractIdx(s, idx)
}

// Count is the number of Java's successive matches in s.
func (r *Regex) Count(s string) int32 {
	if !r.loop {
		return int32(len(r.re.FindAllStringIndex(s, -1)))
	}
	n := int32(0)
	r.findAll(s, 0, func([]int) { n++ })
	return n
}

// RegexpCount is regexp_count(s, pattern).
func RegexpCount(s, pattern string) (int32, *Error) {
	r, err := regexFor("regexp_count", pattern)
	if err != nil {
		return 0, err
	}
	return r.Count(s), nil
}

// Instr is the 1-based character position of the first match in s, 0 when
// there is none.
func (r *Regex) Instr(s string) int32 {
	loc := r.find(s, 0)
	if loc == nil {
		return 0
	}
	return int32(utf8.RuneCountInString(s[:loc[0]])) + 1
}

// InstrIdx is regexp_instr(s, pattern, idx): Spark accepts idx and ignores
// it (the position is the whole match's).
func (r *Regex) InstrIdx(s string, _ int32) int32 { return r.Instr(s) }

// RegexpInstr is regexp_instr(s, pattern).
func RegexpInstr(s, pattern string) (int32, *Error) {
	r, err := regexFor("regexp_instr", pattern)
	if err != nil {
		return 0, err
	}
	return r.Instr(s), nil
}

// RegexpInstrIdx is regexp_instr(s, pattern, idx).
func RegexpInstrIdx(s, pattern string, idx int32) (int32, *Error) {
	r, err := regexFor("regexp_instr", pattern)
	if err != nil {
		return 0, err
	}
	return r.InstrIdx(s, idx), nil
}

// Substr is the first match in s, the empty string when there is none
// (regexp_substr is NULL where SubstrFound is false).
func (r *Regex) Substr(s string) string {
	loc := r.find(s, 0)
	if loc == nil {
		return ""
	}
	return s[loc[0]:loc[1]]
}

// SubstrFound reports whether s has a non-empty first match: Spark's
// regexp_substr is NULLIF(regexp_extract(s, pattern, 0), the empty string).
func (r *Regex) SubstrFound(s string) bool { return r.Substr(s) != "" }

// RegexpSubstr is the value of regexp_substr(s, pattern) where
// RegexpSubstrFound holds.
func RegexpSubstr(s, pattern string) (string, *Error) {
	r, err := regexFor("regexp_substr", pattern)
	if err != nil {
		return "", err
	}
	return r.Substr(s), nil
}

// RegexpSubstrFound is the guard of regexp_substr: false (NULL) when the
// first match is missing or empty. It never fails: for an invalid pattern it
// is true, so that RegexpSubstr raises the pattern's error.
func RegexpSubstrFound(s, pattern string) bool {
	r := lookupRegex(pattern)
	if r.re == nil {
		return true
	}
	return r.re.SubstrFound(s)
}
