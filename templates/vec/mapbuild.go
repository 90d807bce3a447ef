package vec

import "github.com/exprc/exprc/templates/rt"

// BuildMap is the MAP of keys and values (map(k1, v1, ...) on one row):
// null[j] marks a NULL value. A key given twice is DUPLICATED_MAP_KEY
// (Spark's default spark.sql.mapKeyDedupPolicy=EXCEPTION).
func BuildMap[K comparable, V any](keys []K, vals []V, null []bool) (MapRef[K, V], *rt.Error) {
	for j := range keys {
		for x := range j {
			if keys[x] == keys[j] {
				return MapRef[K, V]{}, rt.DuplicateMapKey(keys[j])
			}
		}
	}
	return MapLit(keys, vals, null), nil
}

// MapLit is the MAP of distinct keys and their values (a constant map).
func MapLit[K comparable, V any](keys []K, vals []V, null []bool) MapRef[K, V] {
	d := &MapData[K, V]{Keys: keys, Vals: Vec[V]{V: vals}}
	for j, isNull := range null {
		if isNull {
			if d.Vals.Null == nil {
				d.Vals.Null = make([]bool, len(vals))
			}
			d.Vals.Null[j] = true
		}
	}
	return MapRef[K, V]{Data: d, Start: 0, End: int32(len(keys))}
}

// ConcatMaps is map_concat(m1, m2, ...) on one row: the entries of the maps
// in order (a map read from input with a repeated key counts that key once,
// with its last value); a key in two of them is DUPLICATED_MAP_KEY.
func ConcatMaps[K comparable, V any](ms ...MapRef[K, V]) (MapRef[K, V], *rt.Error) {
	var keys []K
	var vals []V
	var null []bool
	for _, m := range ms {
		for j := m.Start; j < m.End; j++ {
			if m.seenBefore(j) {
				continue
			}
			k := m.Data.Keys[j]
			for _, x := range keys {
				if x == k {
					return MapRef[K, V]{}, rt.DuplicateMapKey(k)
				}
			}
			last := m.lastOf(j)
			keys, vals, null = append(keys, k), append(vals, m.Data.Vals.V[last]), append(null, m.Data.Vals.IsNull(int(last)))
		}
	}
	return MapLit(keys, vals, null), nil
}

// StrToMap is str_to_map(text, pairDelim, keyValueDelim) on one row (see
// rt.StrToMapEntries): a repeated key is DUPLICATED_MAP_KEY.
func StrToMap(text string, pair, kv rt.StrToMapDelim) (MapRef[string, string], *rt.Error) {
	keys, vals, null, err := rt.StrToMapEntries(text, pair, kv)
	if err == nil {
		err = rt.StrToMapCheck(keys)
	}
	if err != nil {
		return MapRef[string, string]{}, err
	}
	return MapLit(keys, vals, null), nil
}

// MapToJSON is to_json(m) on one row: the JSON object of m's entries in
// order (a map read from input with a repeated key writes that key once,
// at its first position with its last value, as every reader of MAP
// columns does), key and val appending a key and a non-NULL value.
func MapToJSON[K comparable, V any](m MapRef[K, V], key func([]byte, K) []byte, val func([]byte, V) []byte) string {
	b := make([]byte, 0, 16*(m.End-m.Start)+2)
	b = append(b, '{')
	first := true
	for j := m.Start; j < m.End; j++ {
		if m.seenBefore(j) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		last := m.lastOf(j)
		b = key(b, m.Data.Keys[j])
		b = append(b, ':')
		if m.Data.Vals.IsNull(int(last)) {
			b = append(b, "null"...)
		} else {
			b = val(b, m.Data.Vals.V[last])
		}
	}
	b = append(b, '}')
	return string(b)
}
