package rt

import "strconv"

// The error classes of building a MAP (map, map_concat, str_to_map).
const (
	// NullMapKey is a NULL key given to map().
	NullMapKey = "NULL_MAP_KEY"
	// DuplicatedMapKey is a key given twice, under Spark's default
	// spark.sql.mapKeyDedupPolicy=EXCEPTION.
	DuplicatedMapKey = "DUPLICATED_MAP_KEY"
)

// ErrNullMapKey is NULL_MAP_KEY, Spark's message.
var ErrNullMapKey = NewError(NullMapKey, "Cannot use null as map key.")

// DuplicateMapKey is DUPLICATED_MAP_KEY for key k (a string, int32 or
// int64), printed as Spark's toSQLValue prints it (a string quoted).
func DuplicateMapKey(k any) *Error {
	var s string
	switch k := k.(type) {
	case string:
		s = "'" + k + "'"
	case int32:
		s = strconv.FormatInt(int64(k), 10)
	case int64:
		s = strconv.FormatInt(k, 10)
	}
	return NewError(DuplicatedMapKey, "Duplicate map key "+s+` was found, please check the input data. `+
		`If you want to remove the duplicated keys, you can set "spark.sql.mapKeyDedupPolicy" to "LAST_WIN" `+
		`so that the key inserted at last takes precedence.`)
}
