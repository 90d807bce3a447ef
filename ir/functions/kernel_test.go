package functions

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// TestRtFuncsComplete checks that rtFuncs lists exactly the exported top-level
// functions of package rt.
func TestRtFuncsComplete(t *testing.T) {
	fset := token.NewFileSet()
	const dir = "../../templates/rt"
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() {
				names = append(names, fd.Name.Name)
			}
		}
	}
	for _, n := range names {
		if _, ok := rtFuncs[n]; !ok {
			t.Errorf("rt.%s is missing from rtFuncs", n)
		}
	}
	for n := range rtFuncs {
		if !slices.Contains(names, n) {
			t.Errorf("rtFuncs lists %s, which package rt does not export", n)
		}
	}
}

// kernelGoType is the Go type an rt kernel uses for a SQL type.
func kernelGoType(t ir.Type) reflect.Type {
	switch t.Kind {
	case ir.KindBoolean:
		return reflect.TypeFor[bool]()
	case ir.KindInt, ir.KindDate, ir.KindYMInterval:
		return reflect.TypeFor[int32]()
	case ir.KindBigint, ir.KindTimestamp, ir.KindTimestampNTZ, ir.KindDTInterval:
		return reflect.TypeFor[int64]()
	case ir.KindDouble:
		return reflect.TypeFor[float64]()
	case ir.KindTinyint:
		return reflect.TypeFor[int8]()
	case ir.KindSmallint:
		return reflect.TypeFor[int16]()
	case ir.KindFloat:
		return reflect.TypeFor[float32]()
	case ir.KindVarchar, ir.KindBinary:
		return reflect.TypeFor[string]()
	case ir.KindDecimal:
		return reflect.TypeFor[rt.Decimal]()
	}
	return nil
}

// toKernel and fromKernel convert between the interpreter's and the kernels'
// representation (only DATE differs).
func toKernel(v any) reflect.Value {
	switch d := v.(type) {
	case ir.Date:
		return reflect.ValueOf(int32(d))
	case ir.Timestamp:
		return reflect.ValueOf(int64(d))
	case ir.TimestampNTZ:
		return reflect.ValueOf(int64(d))
	case ir.YMInterval:
		return reflect.ValueOf(int32(d))
	case ir.DTInterval:
		return reflect.ValueOf(int64(d))
	}
	return reflect.ValueOf(v)
}

// allSignatures resolves every function over every combination of grid types
// (up to 4 arguments), and CAST between every pair of grid types, and returns
// the distinct signatures with the function they belong to.
func allSignatures() []struct {
	fn *ir.Function
	s  *ir.Signature
} {
	var out []struct {
		fn *ir.Function
		s  *ir.Signature
	}
	seen := map[*ir.Signature]bool{}
	add := func(fn *ir.Function, s *ir.Signature) {
		if !seen[s] {
			seen[s] = true
			out = append(out, struct {
				fn *ir.Function
				s  *ir.Signature
			}{fn, s})
		}
	}
	for _, fn := range All() {
		if fn == CastFn {
			continue
		}
		for n := 0; n <= 4; n++ {
			product(typeLists(n), func(ts []ir.Outcome) {
				types := make([]ir.Type, n)
				for i, o := range ts {
					types[i] = o.V.(ir.Type)
				}
				if s, err := fn.Resolve(types); err == nil {
					add(fn, s)
				}
			})
		}
	}
	for _, from := range gridTypes {
		for _, to := range gridTypes {
			if s, err := ResolveCast(from, to); err == nil {
				add(CastFn, s)
			}
		}
	}
	return out
}

// TestKernelsMatchSignatures checks, for every resolved overload, that Kernel
// names an rt function whose Go type matches Params, Ret and KernelErr, that
// MayError agrees with KernelErr, that only the overloads code generation
// handles itself lack a kernel, and that Eval gives exactly what calling the
// kernel directly gives on the grid's edge values.
func TestKernelsMatchSignatures(t *testing.T) {
	errType := reflect.TypeFor[*rt.Error]()
	kernels := 0
	for _, fs := range allSignatures() {
		fn, s := fs.fn, fs.s
		name := fmt.Sprintf("%s%s -> %s", fn.Name, typeList(s.Params), s.Ret)
		if s.Kernel == "" {
			scalar := fn.Strict && s.Ret.IsScalar()
			for _, p := range s.Params {
				scalar = scalar && p.IsScalar()
			}
			identity := fn == CastFn && s.Params[0].Equal(s.Ret)
			if scalar && !identity {
				t.Errorf("%s: no kernel", name)
			}
			if s.KernelErr {
				t.Errorf("%s: KernelErr without Kernel", name)
			}
			continue
		}
		kernels++
		f, ok := rtFuncs[s.Kernel]
		if !ok {
			t.Errorf("%s: kernel rt.%s does not exist", name, s.Kernel)
			continue
		}
		ft := reflect.TypeOf(f)
		if ft.IsVariadic() {
			for _, p := range s.Params {
				if ft.NumIn() != 1 || ft.In(0).Elem() != kernelGoType(p) {
					t.Errorf("%s: rt.%s has type %s", name, s.Kernel, ft)
				}
			}
		} else {
			zoneArg, clockArg := 0, 0
			if s.KernelClock {
				// the evaluation's clock, first
				clockArg = 1
				if ft.NumIn() == 0 || ft.In(0) != reflect.TypeFor[rt.Clock]() {
					t.Errorf("%s: rt.%s takes no rt.Clock first: %s", name, s.Kernel, ft)
					continue
				}
			}
			if s.KernelZone != "" {
				// a cursor over the session zone, last
				zoneArg = 1
				if ft.NumIn() == 0 || ft.In(ft.NumIn()-1) != reflect.TypeFor[*rt.ZoneCursor]() {
					t.Errorf("%s: rt.%s takes no zone cursor last: %s", name, s.Kernel, ft)
					continue
				}
			}
			if ft.NumIn() != clockArg+len(s.Params)+len(s.KernelArgs)+zoneArg {
				t.Errorf("%s: rt.%s has type %s", name, s.Kernel, ft)
				continue
			}
			for i, p := range s.Params {
				if ft.In(clockArg+i) != kernelGoType(p) {
					t.Errorf("%s: rt.%s parameter %d is %s", name, s.Kernel, i, ft.In(clockArg+i))
				}
			}
			for i := range s.KernelArgs {
				if ft.In(clockArg+len(s.Params)+i) != reflect.TypeFor[int]() {
					t.Errorf("%s: rt.%s constant parameter %d is %s", name, s.Kernel, i, ft.In(clockArg+len(s.Params)+i))
				}
			}
		}
		wantOut := 1
		if s.KernelErr {
			wantOut = 2
		}
		if ft.NumOut() != wantOut || ft.Out(0) != kernelGoType(s.Ret) || (s.KernelErr && ft.Out(1) != errType) {
			t.Errorf("%s: rt.%s has type %s, KernelErr %v", name, s.Kernel, ft, s.KernelErr)
			continue
		}
		if s.MayError != s.KernelErr {
			t.Errorf("%s: MayError %v but KernelErr %v", name, s.MayError, s.KernelErr)
		}
		// Eval must be the kernel: compare on edge values.
		lists := make([][]ir.Outcome, len(s.Params))
		for i, p := range s.Params {
			vals := gridValues(p)
			if len(vals) > 6 {
				vals = vals[:6]
			}
			for _, x := range vals {
				lists[i] = append(lists[i], ir.Outcome{V: x})
			}
		}
		fv := reflect.ValueOf(f)
		product(lists, func(outs []ir.Outcome) {
			args := make([]any, len(outs))
			in := make([]reflect.Value, len(outs))
			for i, o := range outs {
				args[i] = o.V
				in[i] = toKernel(o.V)
			}
			if s.KernelClock {
				// the interpreter passes the evaluation's clock as args[0]
				args = append([]any{gridClock}, args...)
				in = append([]reflect.Value{reflect.ValueOf(gridClock)}, in...)
			}
			for _, k := range s.KernelArgs {
				in = append(in, reflect.ValueOf(k))
			}
			if s.KernelZone != "" {
				in = append(in, reflect.ValueOf(rt.SessionZone(s.KernelZone).Cursor()))
			}
			got, gotErr := s.Eval(args)
			res := fv.Call(in)
			var wantErr *rt.Error
			if s.KernelErr {
				wantErr, _ = res[1].Interface().(*rt.Error)
			}
			if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
				t.Errorf("%s on %v: Eval error %v, kernel error %v", name, args, gotErr, wantErr)
				return
			}
			if gotErr != nil {
				return
			}
			want := res[0].Interface()
			switch s.Ret.Kind {
			case ir.KindDate:
				want = ir.Date(want.(int32))
			case ir.KindYMInterval:
				want = ir.YMInterval(want.(int32))
			case ir.KindDTInterval:
				want = ir.DTInterval(want.(int64))
			case ir.KindTimestamp:
				want = ir.Timestamp(want.(int64))
			case ir.KindTimestampNTZ:
				want = ir.TimestampNTZ(want.(int64))
			}
			if !sameValue(got, want) {
				t.Errorf("%s on %v: Eval %#v, kernel %#v", name, args, got, want)
			}
		})
	}
	if kernels < 100 {
		t.Errorf("only %d overloads with kernels", kernels)
	}
}

func sameValue(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && (math.Float64bits(fa) == math.Float64bits(fb) || math.IsNaN(fa) && math.IsNaN(fb))
	}
	return a == b
}

// TestTryKernelsMatch checks that each kernel of rt.TryKernels has a twin
// taking the same arguments and returning the same value with a failure
// flag in place of the error, which code generation calls in its place.
func TestTryKernelsMatch(t *testing.T) {
	errType := reflect.TypeFor[*rt.Error]()
	for k, twin := range rt.TryKernels {
		kf, ok1 := rtFuncs[k]
		tf, ok2 := rtFuncs[twin]
		if !ok1 || !ok2 {
			t.Errorf("rt.TryKernels: %s -> %s: not both in package rt", k, twin)
			continue
		}
		kt, tt := reflect.TypeOf(kf), reflect.TypeOf(tf)
		if kt.NumOut() != 2 || kt.Out(1) != errType {
			t.Errorf("rt.%s does not return a value and an error", k)
			continue
		}
		same := kt.NumIn() == tt.NumIn() && tt.NumOut() == 2 && tt.Out(0) == kt.Out(0) && tt.Out(1) == reflect.TypeFor[bool]()
		for i := 0; same && i < kt.NumIn(); i++ {
			same = kt.In(i) == tt.In(i)
		}
		if !same {
			t.Errorf("rt.%s is %v, not the twin of rt.%s (%v)", twin, tt, k, kt)
		}
	}
}

// TestFastPathsMatch checks that each fast path of rt.FastPaths takes its
// kernel's arguments and returns the kernel's value type and a bool, and
// that each append form of rt.AppendForms takes a []byte and then the
// kernel's arguments and returns a []byte and the kernel's error: code
// generation calls them with the kernel's arguments in its place.
func TestFastPathsMatch(t *testing.T) {
	errType := reflect.TypeFor[*rt.Error]()
	same := func(kt, ft reflect.Type, skip int) bool {
		if kt.NumIn()+skip != ft.NumIn() {
			return false
		}
		for i := 0; i < kt.NumIn(); i++ {
			if kt.In(i) != ft.In(i+skip) {
				return false
			}
		}
		return true
	}
	for k, fast := range rt.FastPaths {
		kf, ok1 := rtFuncs[k]
		ff, ok2 := rtFuncs[fast]
		if !ok1 || !ok2 {
			t.Errorf("rt.FastPaths: %s -> %s: not both in package rt", k, fast)
			continue
		}
		kt, ft := reflect.TypeOf(kf), reflect.TypeOf(ff)
		if !same(kt, ft, 0) || ft.NumOut() != 2 || ft.Out(0) != kt.Out(0) || ft.Out(1) != reflect.TypeFor[bool]() {
			t.Errorf("rt.%s is %v, not the fast path of rt.%s (%v)", fast, ft, k, kt)
		}
	}
	for k, app := range rt.AppendForms {
		kf, ok1 := rtFuncs[k]
		af, ok2 := rtFuncs[app.Name]
		if !ok1 || !ok2 {
			t.Errorf("rt.AppendForms: %s -> %s: not both in package rt", k, app.Name)
			continue
		}
		kt, at := reflect.TypeOf(kf), reflect.TypeOf(af)
		bytes := reflect.TypeFor[[]byte]()
		if !same(kt, at, 1) || at.In(0) != bytes || at.NumOut() != 2 || at.Out(0) != bytes || at.Out(1) != errType || kt.Out(0) != reflect.TypeFor[string]() {
			t.Errorf("rt.%s is %v, not the append form of rt.%s (%v)", app.Name, at, k, kt)
		}
		if app.With != "" {
			if _, ok := rtFuncs[app.With]; !ok {
				t.Errorf("rt.AppendForms: %s: %s is not in package rt", k, app.With)
			}
		}
		if app.PatternArg < 0 || app.PatternArg >= kt.NumIn() || kt.In(app.PatternArg) != reflect.TypeFor[string]() {
			t.Errorf("rt.AppendForms: %s: argument %d is not its pattern", k, app.PatternArg)
		}
	}
}
