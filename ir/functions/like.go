package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// k4 adapts a typed four-argument rt kernel that can fail.
func k4[A, B, C, D, R any](f func(A, B, C, D) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C), args[3].(D))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// regexNote ends the doc of every regular-expression function.
const regexNote = " The pattern is Java's regex syntax, translated to RE2; a construct RE2 cannot run with Java's meaning (backreferences, lookaround, possessive quantifiers ...) or a pattern over 4096 bytes raises INVALID_PARAMETER_VALUE.PATTERN when evaluated (docs/semantics.md 6.4.1)."

func init() {
	register(strict("like",
		"SQL LIKE: whether s matches pattern, where _ matches one character and % any run of characters; the optional escape (default '\\') makes the next %, _ or escape literal. A malformed pattern, or an escape that is not one character, raises when evaluated.",
		errs(ir.ErrInvalidPattern, ir.ErrInvalidParameter),
		sig(tBool, k2(rt.Like), tStr, tStr),
		sig(tBool, k3(rt.LikeEscape), tStr, tStr, tStr)))
	register(strict("rlike",
		"Whether the regular expression pattern matches anywhere in s (Java's find())."+regexNote,
		errs(ir.ErrInvalidPattern),
		sig(tBool, k2(rt.Rlike), tStr, tStr)), "regexp", "regexp_like")
	register(strict("regexp_replace",
		"s with every match of pattern replaced by rep, searching from character position (default 1; past the end gives s); rep uses Java's syntax ($n, ${name}, \\ quotes the next character). An invalid rep raises INVALID_PARAMETER_VALUE once there is a match, as in Java; a position below 1 raises INVALID_PARAMETER_VALUE."+regexNote,
		errs(ir.ErrInvalidPattern, ir.ErrInvalidParameter),
		sig(tStr, k3(rt.RegexpReplace), tStr, tStr, tStr),
		sig(tStr, k4(rt.RegexpReplacePos), tStr, tStr, tStr, tInt)))
	register(strict("regexp_extract",
		"Group idx (default 1; 0 is the whole match) of the first match of pattern in s; the empty string when nothing matches or the group took no part. An idx outside [0, number of groups] raises INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX when there is a match."+regexNote,
		errs(ir.ErrInvalidPattern, rt.InvalidGroupIndex),
		sig(tStr, k2(rt.RegexpExtract), tStr, tStr),
		sig(tStr, k3(rt.RegexpExtractIdx), tStr, tStr, tInt)))
	register(strict("regexp_count",
		"The number of matches of pattern in s, each search starting where the previous match ended (one character later after an empty match), as Java's find()."+regexNote,
		errs(ir.ErrInvalidPattern),
		sig(tInt, k2(rt.RegexpCount), tStr, tStr)))
	register(strict("regexp_instr",
		"The 1-based character position of the first match of pattern in s, 0 when there is none; idx is accepted and ignored, as in Spark."+regexNote,
		errs(ir.ErrInvalidPattern),
		sig(tInt, k2(rt.RegexpInstr), tStr, tStr),
		sig(tInt, k3(rt.RegexpInstrIdx), tStr, tStr, tInt)))
	substrFound := domain("regexp_substr_domain", sig(tBool, ok2(rt.RegexpSubstrFound), tStr, tStr))
	register(guarded("regexp_substr",
		"The first match of pattern in s; NULL when there is none or it is empty (Spark's NULLIF(regexp_extract(s, pattern, 0), ''))."+regexNote,
		errs(ir.ErrInvalidPattern), substrFound,
		sig(tStr, k2(rt.RegexpSubstr), tStr, tStr)))
}
