package rt

import (
	"fmt"
	"testing"
)

func TestScratchRegex(t *testing.T) {
	for _, p := range []string{`a$`, `(?i)ab[c-e]`, `\d+\s\w`, `a.b`, `(?<yr>\d{4})-(\d\d)`, `\Qa.b\E*`, `x{2,3}?`, `\x41\u00e9\0101`, `[^a-c\d]`, `a$|(b)`, `\p{Lu}\p{IsGreek}`, `(?=a)`, `a\1`, `a++`, `[a&&b]`, `[a[b]]`, `(?m)^a`, `$a`, `\R`, `\pL`} {
		jr, err := translateJava(p)
		if err != nil {
			fmt.Printf("%-25q ERR %v\n", p, err)
			continue
		}
		s := jr.re2
		if len(s) > 120 {
			s = s[:120] + "..."
		}
		fmt.Printf("%-25q %q groups=%d gmap=%v terms=%v empty=%v\n", p, s, jr.groups, jr.gmap, jr.terms, jr.empty)
	}
	r, _ := CompileRegex("x", "a*")
	fmt.Println(r.Replace("baaa", "-"))
	fmt.Println(r.Count("baaa"))
	r, _ = CompileRegex("x", "a$")
	fmt.Println(r.Replace("a\n", "X"))
	r, _ = CompileRegex("x", `a$|\n`)
	fmt.Println(r.Count("a\n"), r.Instr("xa\n"))
	r, _ = CompileRegex("x", `(\d+)-(\d+)`)
	fmt.Println(r.Replace("100-200 3-4", "$2:$1 \\$ ${x}"))
	fmt.Println(r.Replace("100-200 3-4", "$2:$1 \\$ $12"))
	fmt.Println(r.ExtractIdx("100-200 3-4", 2))
	fmt.Println(r.ExtractIdx("100-200 3-4", 3))
	r, _ = CompileRegex("x", ``)
	fmt.Println(r.Replace("abc", "-"))
	fmt.Println(r.Count("abc"))
	r, _ = CompileRegex("x", `\b`)
	fmt.Println(r.Replace("ab cd", "|"))
	fmt.Println(r.Count("ab cd"))
	r, _ = CompileRegex("x", `x*`)
	fmt.Println(r.ReplacePos("abcabc", "-", 3))
}
