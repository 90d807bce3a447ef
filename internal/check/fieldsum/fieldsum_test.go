package fieldsum

import (
	"reflect"
	"testing"
)

type inner struct {
	N int64
	F float64
}

type totals struct {
	A     int
	U     uint32
	In    inner
	Kinds map[string]int
	Names []string
}

func TestAdd(t *testing.T) {
	var got totals
	Add(&got, totals{A: 1, U: 2, In: inner{3, 0.5}, Kinds: map[string]int{"x": 1}, Names: []string{"a"}})
	Add(&got, totals{A: 10, U: 20, In: inner{30, 0.25}, Kinds: map[string]int{"x": 2, "y": 5}, Names: []string{"b", "c"}})
	want := totals{A: 11, U: 22, In: inner{33, 0.75}, Kinds: map[string]int{"x": 3, "y": 5}, Names: []string{"a", "b", "c"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestAddMakesMaps(t *testing.T) {
	var got totals
	Add(&got, totals{})
	if got.Kinds == nil {
		t.Error("the sum's map is nil")
	}
	if got.Names != nil {
		t.Errorf("the sum's slice is %#v, want nil", got.Names)
	}
}

func TestAddPanicsOnOtherKinds(t *testing.T) {
	type bad struct {
		A int
		S string
	}
	defer func() {
		if p := recover(); p == nil {
			t.Fatal("no panic for a string field")
		}
	}()
	var got bad
	Add(&got, bad{A: 1, S: "x"})
}
