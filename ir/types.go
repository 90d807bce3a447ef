package ir

import "strings"

// Kind is the SQL type family of a value. The set is closed: every kind has a fixed
// Arrow representation and a fixed Go representation in the interpreter and in
// generated code, so adding one is a deliberate, project-wide change.
type Kind uint8

// The kinds exprc supports. KindNull is the type of an untyped NULL literal before
// the binder gives it a type from its context; no column or output ever has it.
const (
	KindNull Kind = iota
	KindBoolean
	KindInt
	KindBigint
	KindDouble
	KindVarchar
	KindDate
	KindMap
)

var kindNames = [...]string{
	KindNull:    "NULL",
	KindBoolean: "BOOLEAN",
	KindInt:     "INT",
	KindBigint:  "BIGINT",
	KindDouble:  "DOUBLE",
	KindVarchar: "VARCHAR",
	KindDate:    "DATE",
	KindMap:     "MAP",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Type is a SQL type. Scalar types are just a Kind; MAP carries its key and value
// types. Types are small values: compare them with Equal, not ==, because the
// map parts are pointers.
type Type struct {
	Kind  Kind
	Key   *Type // MAP only
	Value *Type // MAP only
}

// The scalar types, ready to use.
var (
	TypeNull    = Type{Kind: KindNull}
	TypeBoolean = Type{Kind: KindBoolean}
	TypeInt     = Type{Kind: KindInt}
	TypeBigint  = Type{Kind: KindBigint}
	TypeDouble  = Type{Kind: KindDouble}
	TypeVarchar = Type{Kind: KindVarchar}
	TypeDate    = Type{Kind: KindDate}
)

// MapOf returns MAP<key, value>.
func MapOf(key, value Type) Type {
	k, v := key, value
	return Type{Kind: KindMap, Key: &k, Value: &v}
}

// Equal reports whether t and u are the same type.
func (t Type) Equal(u Type) bool {
	if t.Kind != u.Kind {
		return false
	}
	if t.Kind == KindMap {
		return t.Key.Equal(*u.Key) && t.Value.Equal(*u.Value)
	}
	return true
}

// String prints the type as SQL spells it, e.g. MAP<VARCHAR, BIGINT>.
func (t Type) String() string {
	if t.Kind != KindMap {
		return t.Kind.String()
	}
	var b strings.Builder
	b.WriteString("MAP<")
	b.WriteString(t.Key.String())
	b.WriteString(", ")
	b.WriteString(t.Value.String())
	b.WriteString(">")
	return b.String()
}

// IsNumeric reports whether t is INT, BIGINT or DOUBLE.
func (t Type) IsNumeric() bool {
	return t.Kind == KindInt || t.Kind == KindBigint || t.Kind == KindDouble
}

// IsIntegral reports whether t is INT or BIGINT.
func (t Type) IsIntegral() bool { return t.Kind == KindInt || t.Kind == KindBigint }

// IsScalar reports whether t is a non-MAP, non-NULL type.
func (t Type) IsScalar() bool { return t.Kind != KindMap && t.Kind != KindNull }

// Widens reports whether a value of type from converts implicitly (without a
// CAST in the SQL text) to type to. exprc follows Spark: INT -> BIGINT -> DOUBLE,
// and a NULL literal converts to anything. Everything else needs a CAST.
func Widens(from, to Type) bool {
	if from.Equal(to) || from.Kind == KindNull {
		return true
	}
	switch from.Kind {
	case KindInt:
		return to.Kind == KindBigint || to.Kind == KindDouble
	case KindBigint:
		return to.Kind == KindDouble
	}
	return false
}

// CommonType is the narrowest type that every one of ts widens to, the way Spark
// finds the type of a CASE, COALESCE, IN list or comparison. ok is false when
// there is none (say VARCHAR and INT).
func CommonType(ts ...Type) (Type, bool) {
	res := TypeNull
	for _, t := range ts {
		switch {
		case Widens(t, res):
		case Widens(res, t):
			res = t
		default:
			return Type{}, false
		}
	}
	return res, true
}
