package rt

import "unicode/utf8"

// str_to_map(text, pairDelim, keyValueDelim): Spark's StringToMap splits text
// with UTF8String.split(pairDelim, -1), then each piece with
// UTF8String.split(keyValueDelim, 2); both delimiters are Java regular
// expressions. A piece without the key-value delimiter maps its key to NULL.

// StrToMapDelim is a compiled str_to_map delimiter, or the error its pattern
// raises (INVALID_PARAMETER_VALUE.PATTERN, raised on every non-NULL row).
// Generated code compiles a constant delimiter once; a data-dependent one
// goes through the bounded pattern cache.
type StrToMapDelim struct {
	re  *Regex
	err *Error
	lit string // the pattern, for the empty-delimiter case
}

// CompileStrToMapDelim compiles a str_to_map delimiter.
func CompileStrToMapDelim(pattern string) StrToMapDelim {
	if pattern == "" {
		return StrToMapDelim{}
	}
	re, err := regexFor("str_to_map", pattern)
	return StrToMapDelim{re: re, err: err, lit: pattern}
}

// Split is Spark's UTF8String.split(delim, limit) (limit -1 or 2): for a
// non-empty s and an empty delimiter, its characters (the last one holding
// the rest when limit is reached); otherwise Java's String.split: the
// pieces between successive matches, no empty leading piece for an empty
// match at 0, at most limit pieces (the last holding the rest), trailing
// empty pieces kept (limit is never 0 here).
func (d StrToMapDelim) split(s string, limit int, out []string) []string {
	if d.lit == "" {
		if s == "" {
			return append(out, s)
		}
		n := utf8.RuneCountInString(s)
		if limit > 0 && limit < n {
			n = limit
		}
		for k := 0; k < n-1; k++ {
			_, w := utf8.DecodeRuneInString(s)
			out, s = append(out, s[:w]), s[w:]
		}
		return append(out, s)
	}
	r := d.re
	var locs [][]int
	if !r.loop {
		max := -1
		if limit > 0 {
			max = limit // at most limit-1 splits, one more for a skipped empty match at 0
		}
		locs = r.re.FindAllStringIndex(s, max)
	} else {
		r.findAll(s, 0, func(loc []int) { locs = append(locs, loc[:2]) })
	}
	start := len(out)
	index := 0
	for _, loc := range locs {
		if limit > 0 && len(out)-start >= limit-1 {
			break
		}
		if index == 0 && loc[0] == 0 && loc[1] == 0 {
			continue
		}
		out = append(out, s[index:loc[0]])
		index = loc[1]
	}
	if index == 0 {
		return append(out[:start], s)
	}
	return append(out, s[index:])
}

// StrToMapEntries is str_to_map on one text: its keys, values and the
// values' NULL flags in order, keys possibly repeated (the caller raises
// DUPLICATED_MAP_KEY), or the error of the pair delimiter, then of the
// key-value delimiter.
func StrToMapEntries(text string, pair, kv StrToMapDelim) (keys, vals []string, null []bool, err *Error) {
	if pair.err != nil {
		return nil, nil, nil, pair.err
	}
	if kv.err != nil {
		return nil, nil, nil, kv.err
	}
	pieces := pair.split(text, -1, nil)
	var buf [2]string
	for _, p := range pieces {
		kvs := kv.split(p, 2, buf[:0])
		keys = append(keys, kvs[0])
		if len(kvs) < 2 {
			vals, null = append(vals, ""), append(null, true)
		} else {
			vals, null = append(vals, kvs[1]), append(null, false)
		}
	}
	return keys, vals, null, nil
}

// StrToMapCheck returns DUPLICATED_MAP_KEY for the first key given twice
// (Spark's default spark.sql.mapKeyDedupPolicy=EXCEPTION), or nil.
func StrToMapCheck(keys []string) *Error {
	if len(keys) < 16 {
		for j := range keys {
			for x := range j {
				if keys[x] == keys[j] {
					return DuplicateMapKey(keys[j])
				}
			}
		}
		return nil
	}
	seen := make(map[string]struct{}, len(keys))
	for _, k := range keys {
		if _, dup := seen[k]; dup {
			return DuplicateMapKey(k)
		}
		seen[k] = struct{}{}
	}
	return nil
}

// StrToMap is str_to_map(text, pairDelim, keyValueDelim) over data-dependent
// delimiters (compiled through the pattern cache): its entries as
// StrToMapEntries, a repeated key DUPLICATED_MAP_KEY.
func StrToMap(text, pairDelim, kvDelim string) (keys, vals []string, null []bool, err *Error) {
	keys, vals, null, err = StrToMapEntries(text, CompileStrToMapDelim(pairDelim), CompileStrToMapDelim(kvDelim))
	if err == nil {
		err = StrToMapCheck(keys)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return keys, vals, null, nil
}
