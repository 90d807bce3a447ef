package batch

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	cgkinds "github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/ir"
)

// TestMapElemsMatchKinds checks that the engine's MAP key and value
// functions are the ones codegen/kinds names for generated code (Appender,
// JSONKey, JSONValue), so that the two engines cannot drift apart.
func TestMapElemsMatchKinds(t *testing.T) {
	name := func(f any) string {
		if f == nil {
			return ""
		}
		n := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
		return n[strings.LastIndex(n, ".")+1:]
	}
	for k, e := range mapElems {
		info := cgkinds.Of(ir.Type{Kind: k})
		if got := name(e.appender); got != info.Appender {
			t.Errorf("%v: appender %s, kinds says %s", k, got, info.Appender)
		}
		if got := name(e.jsonKey); got != info.JSONKey {
			t.Errorf("%v: JSON key writer %s, kinds says %s", k, got, info.JSONKey)
		}
		if got := name(e.jsonValue); got != info.JSONValue {
			t.Errorf("%v: JSON value writer %s, kinds says %s", k, got, info.JSONValue)
		}
		if (e.missing != nil) != (info.MissingKey != "") {
			t.Errorf("%v: missing-key error %v, kinds says %q", k, e.missing != nil, info.MissingKey)
		}
	}
}
