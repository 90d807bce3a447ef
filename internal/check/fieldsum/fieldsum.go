// Package fieldsum adds up counters kept in structs, field by field, so that a
// struct of totals needs no hand-written Add to keep in step with its fields.
package fieldsum

import (
	"fmt"
	"reflect"
)

// Add adds src to *dst field by field, recursing into struct fields: numbers
// are added, maps with number values are merged by key (adding the values of a
// key both have; dst's map is made when nil, so a sum always has its maps),
// and slices are appended. Unexported fields and fields of any other kind make
// Add panic, so that a new field nobody decided how to sum fails the first
// test that sums.
func Add[T any](dst *T, src T) {
	add(reflect.ValueOf(dst).Elem(), reflect.ValueOf(src), reflect.TypeFor[T]().String())
}

func add(dst, src reflect.Value, path string) {
	switch dst.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		dst.SetInt(dst.Int() + src.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		dst.SetUint(dst.Uint() + src.Uint())
	case reflect.Float32, reflect.Float64:
		dst.SetFloat(dst.Float() + src.Float())
	case reflect.Struct:
		t := dst.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				panic(fmt.Sprintf("fieldsum: %s.%s is not exported", path, f.Name))
			}
			add(dst.Field(i), src.Field(i), path+"."+f.Name)
		}
	case reflect.Map:
		if dst.IsNil() {
			dst.Set(reflect.MakeMap(dst.Type()))
		}
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(dst.Type().Elem()).Elem()
			if old := dst.MapIndex(it.Key()); old.IsValid() {
				v.Set(old)
			}
			add(v, it.Value(), path+"[]")
			dst.SetMapIndex(it.Key(), v)
		}
	case reflect.Slice:
		dst.Set(reflect.AppendSlice(dst, src))
	default:
		panic(fmt.Sprintf("fieldsum: cannot add %s of kind %s", path, dst.Kind()))
	}
}
