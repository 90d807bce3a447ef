package functions

import (
	"testing"

	"github.com/exprc/exprc/ir"
)

// wideGrid are the functions of more than four parameters, which
// TestNoPanicGrid's products do not reach; TestNoPanicGridWide runs them.
var wideGrid = map[string]bool{"make_timestamp": true, "try_make_timestamp": true,
	"make_timestamp_ntz": true, "try_make_timestamp_ntz": true}

// TestNoPanicGridWide is TestNoPanicGrid for wideGrid: each overload over
// the parameter types themselves, on every grid value of one parameter at a
// time with the others at an ordinary value, in UTC's set and in a zone
// with DST.
func TestNoPanicGridWide(t *testing.T) {
	base := map[ir.Kind]any{ir.KindInt: int32(1), ir.KindVarchar: "UTC"}
	for name := range wideGrid {
		for _, zone := range []string{"UTC", "Europe/Paris"} {
			fn := LookupIn(name, zone)
			resolved := 0
			for _, params := range [][]ir.Type{makeTSParams(), makeTSParams(tStr)} {
				s, err := fn.Resolve(params)
				if err != nil {
					continue
				}
				resolved++
				checkSig(t, fn, params, s)
				for i, p := range s.Params {
					for _, x := range gridValues(p) {
						args := make([]ir.Outcome, len(s.Params))
						for j, q := range s.Params {
							if v, ok := base[q.Kind]; ok {
								args[j] = ir.Outcome{V: v}
							} else {
								args[j] = ir.Outcome{V: gridValues(q)[0]}
							}
						}
						args[i] = ir.Outcome{V: x}
						runOne(t, fn, s, args)
					}
				}
			}
			if resolved == 0 {
				t.Errorf("%s resolves for none of make_timestamp's parameter lists", name)
			}
		}
	}
}
