package ir

import "github.com/exprc/exprc/templates/sqltype"

// Kind is the SQL type family of a value. The set is closed: every kind has a
// fixed Arrow representation and a fixed Go representation in the interpreter
// and in generated code, so adding one is a deliberate, project-wide change.
// Package templates/sqltype defines it, with the one table of each type's
// Arrow type, because the runtime's file readers need both and must not
// import ir.
type Kind = sqltype.Kind

// The kinds exprc supports. KindNull is the type of an untyped NULL literal before
// the binder gives it a type from its context; no column or output ever has it.
const (
	KindNull    = sqltype.Null
	KindBoolean = sqltype.Boolean
	KindInt     = sqltype.Int
	KindBigint  = sqltype.Bigint
	KindDouble  = sqltype.Double
	KindVarchar = sqltype.Varchar
	KindDate    = sqltype.Date
	KindMap     = sqltype.Map
	KindDecimal = sqltype.Decimal
	// KindTinyint, KindSmallint and KindFloat are Spark's 1- and 2-byte
	// integers and 4-byte IEEE float.
	KindTinyint  = sqltype.Tinyint
	KindSmallint = sqltype.Smallint
	KindFloat    = sqltype.Float
	// KindTimestamp (TIMESTAMP, TIMESTAMP_LTZ) is an instant and
	// KindTimestampNTZ a wall-clock reading, both int64 microseconds.
	KindTimestamp    = sqltype.Timestamp
	KindTimestampNTZ = sqltype.TimestampNTZ
	// KindYMInterval and KindDTInterval are the ANSI interval types:
	// INTERVAL YEAR TO MONTH and its narrower forms (int32 months), and
	// INTERVAL DAY TO SECOND and its narrower forms (int64 microseconds).
	KindYMInterval = sqltype.YMInterval
	KindDTInterval = sqltype.DTInterval
	// KindBinary is Spark's BINARY, a byte string. Its values are Go strings
	// holding the bytes (see Value), like VARCHAR's.
	KindBinary = sqltype.Binary
)

// The interval fields (Type.Start, Type.End), Spark's numbering.
const (
	FieldYear   = sqltype.FieldYear
	FieldMonth  = sqltype.FieldMonth
	FieldDay    = sqltype.FieldDay
	FieldHour   = sqltype.FieldHour
	FieldMinute = sqltype.FieldMinute
	FieldSecond = sqltype.FieldSecond
)

// Type is a SQL type. Scalar types are just a Kind; MAP carries its key and value
// types. Types are small values: compare them with Equal, not ==, because the
// map parts are pointers.
type Type struct {
	Kind  Kind
	Key   *Type // MAP only
	Value *Type // MAP only
	// Precision (1 to 38 digits) and Scale (0 to Precision digits after the
	// point) of a DECIMAL.
	Precision, Scale uint8
	// Start and End are an interval type's fields (FieldYear ...): they
	// decide its text form and its casts with numbers, not its values.
	Start, End uint8
}

// The scalar types, ready to use.
var (
	TypeNull         = Type{Kind: KindNull}
	TypeBoolean      = Type{Kind: KindBoolean}
	TypeInt          = Type{Kind: KindInt}
	TypeBigint       = Type{Kind: KindBigint}
	TypeDouble       = Type{Kind: KindDouble}
	TypeVarchar      = Type{Kind: KindVarchar}
	TypeDate         = Type{Kind: KindDate}
	TypeTinyint      = Type{Kind: KindTinyint}
	TypeSmallint     = Type{Kind: KindSmallint}
	TypeFloat        = Type{Kind: KindFloat}
	TypeTimestamp    = Type{Kind: KindTimestamp}
	TypeTimestampNTZ = Type{Kind: KindTimestampNTZ}
	TypeBinary       = Type{Kind: KindBinary}
)

// YMIntervalOf is INTERVAL start TO end of the YEAR-MONTH class
// (FieldYear, FieldMonth); start <= end.
func YMIntervalOf(start, end int) Type {
	return Type{Kind: KindYMInterval, Start: uint8(start), End: uint8(end)}
}

// DTIntervalOf is INTERVAL start TO end of the DAY-TIME class (FieldDay ...
// FieldSecond); start <= end.
func DTIntervalOf(start, end int) Type {
	return Type{Kind: KindDTInterval, Start: uint8(start), End: uint8(end)}
}

// The widest interval types, Spark's defaults: the result of interval
// arithmetic with numbers, and of an input column without field metadata.
var (
	TypeYMInterval = YMIntervalOf(FieldYear, FieldMonth)
	TypeDTInterval = DTIntervalOf(FieldDay, FieldSecond)
)

// IsInterval reports whether t is an ANSI interval type of either class.
func (t Type) IsInterval() bool { return t.Kind == KindYMInterval || t.Kind == KindDTInterval }

// MapOf returns MAP<key, value>.
func MapOf(key, value Type) Type {
	k, v := key, value
	return Type{Kind: KindMap, Key: &k, Value: &v}
}

// MaxDecimalPrecision is the largest precision of a DECIMAL, as in Spark.
const MaxDecimalPrecision = 38

// DecimalOf returns DECIMAL(p, s); p and s must be valid (1 <= p <= 38,
// 0 <= s <= p).
func DecimalOf(p, s int) Type {
	return Type{Kind: KindDecimal, Precision: uint8(p), Scale: uint8(s)}
}

// DecimalSumOf is the type of Spark's sum of DECIMAL(p, s) values, also
// the type avg's running sum must fit: DECIMAL(min(p + 10, 38), s).
func DecimalSumOf(t Type) Type {
	return DecimalOf(min(t.P()+10, MaxDecimalPrecision), t.S())
}

// DecimalAvgOf is the type of Spark's avg of DECIMAL(p, s) values:
// DECIMAL(min(p + 4, 38), min(s + 4, 38)).
func DecimalAvgOf(t Type) Type {
	return DecimalOf(min(t.P()+4, MaxDecimalPrecision), min(t.S()+4, MaxDecimalPrecision))
}

// P and S are a DECIMAL's precision and scale as ints.
func (t Type) P() int { return int(t.Precision) }

// S is a DECIMAL's scale as an int.
func (t Type) S() int { return int(t.Scale) }

// Equal reports whether t and u are the same type.
func (t Type) Equal(u Type) bool {
	if t.Kind != u.Kind {
		return false
	}
	switch t.Kind {
	case KindMap:
		return t.Key.Equal(*u.Key) && t.Value.Equal(*u.Value)
	case KindDecimal:
		return t.Precision == u.Precision && t.Scale == u.Scale
	case KindYMInterval, KindDTInterval:
		return t.Start == u.Start && t.End == u.End
	}
	return true
}

// String prints the type as SQL spells it, e.g. MAP<VARCHAR, BIGINT> or
// DECIMAL(15,2) (as package sqltype does, for the runtime's messages too).
func (t Type) String() string { return t.sqlType().String() }

// sqlType is t as package sqltype describes it, for its Arrow table.
func (t Type) sqlType() sqltype.Type {
	s := sqltype.Type{Kind: t.Kind, Precision: t.P(), Scale: t.S(), Start: int(t.Start), End: int(t.End)}
	if t.Kind == KindMap {
		k, v := t.Key.sqlType(), t.Value.sqlType()
		s.Key, s.Value = &k, &v
	}
	return s
}

// IsNumeric reports whether t is TINYINT, SMALLINT, INT, BIGINT, FLOAT,
// DOUBLE or DECIMAL.
func (t Type) IsNumeric() bool {
	return t.IsIntegral() || t.IsFloating() || t.Kind == KindDecimal
}

// IsFloating reports whether t is FLOAT or DOUBLE.
func (t Type) IsFloating() bool { return t.Kind == KindFloat || t.Kind == KindDouble }

// integralRank orders the integer kinds by width (Spark's numericPrecedence:
// TINYINT < SMALLINT < INT < BIGINT); 0 for other kinds.
func integralRank(k Kind) int {
	switch k {
	case KindTinyint:
		return 1
	case KindSmallint:
		return 2
	case KindInt:
		return 3
	case KindBigint:
		return 4
	}
	return 0
}

// AsDecimal is the DECIMAL type that holds every value of an integer or
// DECIMAL type exactly (Spark's DecimalType.forType): TINYINT is
// DECIMAL(3,0), SMALLINT DECIMAL(5,0), INT DECIMAL(10,0), BIGINT
// DECIMAL(20,0). ok is false for other types.
func (t Type) AsDecimal() (Type, bool) {
	switch t.Kind {
	case KindTinyint:
		return DecimalOf(3, 0), true
	case KindSmallint:
		return DecimalOf(5, 0), true
	case KindInt:
		return DecimalOf(10, 0), true
	case KindBigint:
		return DecimalOf(20, 0), true
	case KindDecimal:
		return t, true
	}
	return Type{}, false
}

// WiderDecimal is the narrowest DECIMAL holding both a and b's values
// (Spark's widerDecimalType): the larger scale and the larger number of
// integral digits, bounded to 38 digits (then the scale is kept and the
// integral digits are cut, so a value can overflow on the conversion).
func WiderDecimal(a, b Type) Type {
	s := max(a.S(), b.S())
	intDigits := max(a.P()-a.S(), b.P()-b.S())
	return DecimalOf(min(intDigits+s, MaxDecimalPrecision), min(s, MaxDecimalPrecision))
}

// IsIntegral reports whether t is TINYINT, SMALLINT, INT or BIGINT.
func (t Type) IsIntegral() bool { return integralRank(t.Kind) > 0 }

// IsByteString reports whether t is VARCHAR or BINARY: the variable-width
// types whose values are Go strings (BINARY's holding its bytes), so that
// code generation reads, builds, compares and hashes both alike and only
// their Arrow types (utf8, binary) and their functions differ.
func (t Type) IsByteString() bool { return t.Kind == KindVarchar || t.Kind == KindBinary }

// IsScalar reports whether t is a non-MAP, non-NULL type.
func (t Type) IsScalar() bool { return t.Kind != KindMap && t.Kind != KindNull }

// Widens reports whether a value of type from converts implicitly (without a
// CAST in the SQL text) to type to. exprc follows Spark's numeric precedence:
// TINYINT -> SMALLINT -> INT -> BIGINT -> FLOAT -> DOUBLE, an integer to a
// DECIMAL that holds it, a DECIMAL to DOUBLE (not FLOAT: Spark makes a
// DECIMAL with a FLOAT a DOUBLE), DATE to TIMESTAMP_NTZ and TIMESTAMP,
// TIMESTAMP_NTZ to TIMESTAMP, and a NULL literal converts to anything.
// Everything else needs a CAST.
func Widens(from, to Type) bool {
	if from.Equal(to) || from.Kind == KindNull {
		return true
	}
	switch {
	case from.Kind == KindDate:
		// Spark's AnsiTypeCoercion: DATE -> TIMESTAMP_NTZ -> TIMESTAMP
		return to.Kind == KindTimestampNTZ || to.Kind == KindTimestamp
	case from.Kind == KindTimestampNTZ:
		return to.Kind == KindTimestamp
	case from.IsInterval():
		// an interval type to one of its class spanning its fields (Spark's
		// findWiderTypeForTwo of two interval types); the values are the same
		return to.Kind == from.Kind && to.Start <= from.Start && to.End >= from.End
	case from.Kind == KindFloat:
		return to.Kind == KindDouble
	case from.IsIntegral() || from.Kind == KindDecimal:
		if to.Kind == KindDouble || from.IsIntegral() && to.Kind == KindFloat {
			return true
		}
		if r := integralRank(from.Kind); r > 0 && r < integralRank(to.Kind) {
			return true
		}
		d, _ := from.AsDecimal()
		return to.Kind == KindDecimal && to.S() >= d.S() && to.P()-to.S() >= d.P()-d.S()
	}
	return false
}

// CommonType is the narrowest type that every one of ts widens to, the way Spark
// finds the type of a CASE, COALESCE, IN list or comparison. ok is false when
// there is none (say VARCHAR and INT).
//
// With DECIMAL, exprc follows Spark: a DECIMAL with an integer or another
// DECIMAL is the wider DECIMAL (WiderDecimal over AsDecimal), a DECIMAL with
// a DOUBLE or a FLOAT is DOUBLE.
func CommonType(ts ...Type) (Type, bool) {
	res := TypeNull
	for _, t := range ts {
		switch {
		case Widens(t, res):
		case Widens(res, t):
			res = t
		case res.IsInterval() && t.Kind == res.Kind:
			res.Start, res.End = min(res.Start, t.Start), max(res.End, t.End)
		case res.Kind == KindDecimal && t.Kind == KindFloat, res.Kind == KindFloat && t.Kind == KindDecimal:
			res = TypeDouble
		case res.Kind == KindDecimal || t.Kind == KindDecimal:
			a, ok1 := res.AsDecimal()
			b, ok2 := t.AsDecimal()
			if !ok1 || !ok2 {
				return Type{}, false
			}
			res = WiderDecimal(a, b)
		default:
			return Type{}, false
		}
	}
	return res, true
}

// SubqueryWide is the type the subquery structures compute and compare
// values of narrow type t in: TINYINT and SMALLINT as INT, FLOAT as DOUBLE,
// exact both ways and order-preserving (NaN greatest and -0.0 = 0.0
// included), so that the interpreter's and generated code's hash, sorted
// and packed structures need no kinds of their own for them. ok is false
// for the other types.
func (t Type) SubqueryWide() (Type, bool) {
	switch t.Kind {
	case KindTinyint, KindSmallint:
		return TypeInt, true
	case KindFloat:
		return TypeDouble, true
	}
	return Type{}, false
}
