package ir

// PatternLits returns the constant pattern of a LIKE call or a regular
// expression call (lower.IsRegex) and LIKE's escape (its default is a backslash),
// or ok false when either is not a non-NULL constant.
func PatternLits(e *Call) (pattern, esc string, ok bool) {
	lits := e.Args[1:2]
	if e.Fn.Name == "like" {
		lits = e.Args[1:]
	}
	for _, a := range lits {
		if c, isConst := a.(*Const); !isConst || c.V == nil || c.Err != nil {
			return "", "", false
		}
	}
	esc = `\`
	if e.Fn.Name == "like" && len(e.Args) > 2 {
		esc = e.Args[2].(*Const).V.(string)
	}
	return e.Args[1].(*Const).V.(string), esc, true
}
