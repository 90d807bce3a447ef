package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

func init() {
	register(strict("like",
		"SQL LIKE: whether s matches pattern, where _ matches one character and % any run of characters; the optional escape (default '\\') makes the next %, _ or escape literal. A malformed pattern, or an escape that is not one character, raises when evaluated.",
		errs(ir.ErrInvalidPattern, ir.ErrInvalidParameter),
		sig(tBool, k2(rt.Like), tStr, tStr),
		sig(tBool, k3(rt.LikeEscape), tStr, tStr, tStr)))
	register(strict("rlike",
		"Whether the regular expression pattern (RE2 syntax, Go's regexp) matches anywhere in s; an invalid pattern raises when evaluated. Compiled patterns are cached.",
		errs(ir.ErrInvalidPattern),
		sig(tBool, k2(rt.Rlike), tStr, tStr)), "regexp", "regexp_like")
}
