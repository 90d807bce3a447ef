package fileio

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/exprc/exprc/templates/sqltype"
)

// TestFastParsers checks the fast paths against the parsers they shortcut, on
// random spellings placed in buffers with random bytes around them.
func TestFastParsers(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "0123456789.-+eE x_,\n\"9"
	spell := func() string {
		switch r.IntN(4) {
		case 0:
			return strconv.FormatInt(r.Int64N(1<<uint(r.IntN(63)))-r.Int64N(1000), 10)
		case 1:
			return strconv.FormatFloat(r.NormFloat64()*math.Pow(10, float64(r.IntN(30)-15)), 'f', r.IntN(10)-1, 64)
		case 2:
			return strconv.FormatFloat(r.NormFloat64()*1000, 'g', -1, 64)
		}
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 200000 {
		s := spell()
		pre, post := r.IntN(9), r.IntN(9)
		buf := make([]byte, pre+len(s)+post)
		for i := range buf {
			buf[i] = alphabet[r.IntN(len(alphabet))]
		}
		copy(buf[pre:], s)
		b := buf[:pre+len(s)] // the bytes after s are past len, within cap
		if r.IntN(2) == 0 {
			b = buf
		}
		a, e := pre, pre+len(s)
		for _, typ := range []sqltype.Type{{Kind: sqltype.Bigint}, {Kind: sqltype.Int}} {
			want, werr := parseInt(s, typ)
			for _, got := range []func() (int64, bool){
				func() (int64, bool) { return fastInt(b[a:e]) },
				func() (int64, bool) { return fastIntAt(b, a, e) },
			} {
				v, ok := got()
				if ok && typ.Kind == sqltype.Int && int64(int32(v)) != v {
					continue // the caller's range check
				}
				if ok && (werr != nil || v != want) {
					t.Fatalf("%s %q: fast %d, want %d, %v", typ, s, v, want, werr)
				}
			}
			if v, err := intAt(b, a, e, typ); v != want || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
				t.Fatalf("intAt(%q) = %d, %v, want %d, %v", s, v, err, want, werr)
			}
		}
		want, werr := parseDouble(s)
		for _, got := range []func() (float64, bool){
			func() (float64, bool) { return fastFloat(b[a:e]) },
			func() (float64, bool) { return fastFloatAt(b, a, e) },
		} {
			if v, ok := got(); ok && (werr != nil || math.Float64bits(v) != math.Float64bits(want)) {
				t.Fatalf("%q: fast %v, want %v, %v", s, v, want, werr)
			}
		}
		if v, err := floatAt(b, a, e); math.Float64bits(v) != math.Float64bits(want) || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("floatAt(%q) = %v, %v, want %v, %v", s, v, err, want, werr)
		}
	}
}

func TestFastDate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		var s string
		switch r.IntN(3) {
		case 0:
			s = strconv.Itoa(r.IntN(12000)) + "-" + strconv.Itoa(r.IntN(14)) + "-" + strconv.Itoa(r.IntN(33))
		case 1:
			y, m, d := r.IntN(10000), 1+r.IntN(12), 1+r.IntN(31)
			s = string([]byte{byte('0' + y/1000), byte('0' + y/100%10), byte('0' + y/10%10), byte('0' + y%10), '-',
				byte('0' + m/10), byte('0' + m%10), '-', byte('0' + d/10), byte('0' + d%10)})
		default:
			b := []byte("2024-02-29")
			b[r.IntN(len(b))] = "0123456789-x: "[r.IntN(14)]
			s = string(b)
		}
		want, werr := parseDate(s)
		if v, ok := fastDate([]byte(s)); ok && (werr != nil || date(v) != want) {
			t.Fatalf("%q: fast %d, want %d, %v", s, v, want, werr)
		}
		if v, err := dateAt([]byte(s)); date(v) != want || (err == nil) != (werr == nil) {
			t.Fatalf("dateAt(%q) = %v, %v, want %v, %v", s, v, err, want, werr)
		}
	}
}

// refCSVCut is csvCut as first written, jumping from quote to quote (and
// fixed: it forgot the line ends before a quote inside an unquoted field).
func refCSVCut(data []byte) int {
	last, pos := 0, 0
	for {
		q := bytes.IndexByte(data[pos:], '"')
		if q < 0 {
			if i := bytes.LastIndexByte(data[pos:], '\n'); i >= 0 {
				return pos + i + 1
			}
			return last
		}
		q += pos
		if i := bytes.LastIndexByte(data[pos:q], '\n'); i >= 0 {
			last = pos + i + 1
		}
		if q > 0 && data[q-1] != ',' && data[q-1] != '\n' {
			pos = q + 1
			continue
		}
		p := q + 1
		for {
			c := bytes.IndexByte(data[p:], '"')
			if c < 0 {
				return last
			}
			c += p
			if c+1 == len(data) {
				return last
			}
			if data[c+1] == '"' {
				p = c + 2
				continue
			}
			pos = c + 1
			break
		}
	}
}

func TestCSVCut(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		alphabet := []string{"\"\n,ab", "\"\"\"\n,,a", "ab,\n", "\"a,\n\r"}[r.IntN(4)]
		b := make([]byte, r.IntN(300))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if got, want := csvCut(b), refCSVCut(b); got != want {
			t.Fatalf("csvCut(%q) = %d, want %d", b, got, want)
		}
	}
}
