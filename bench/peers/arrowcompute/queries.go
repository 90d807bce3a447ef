package arrowcompute

import "github.com/apache/arrow-go/v18/arrow/compute"

// The kernels: exprc's DOUBLE +, -, * and unary - cannot fail, so they are
// the _unchecked kernels (the same IEEE operations as the checked ones,
// without the overflow bookkeeping); its DOUBLE / fails on a zero divisor,
// as arrow-go's "divide" does; its BIGINT + fails on overflow, as "add" does,
// and DIV truncates and fails on zero, as "divide" on int64 does.
func (e *eval) add(a, b compute.Datum) compute.Datum    { return e.call("add_unchecked", a, b) }
func (e *eval) sub(a, b compute.Datum) compute.Datum    { return e.call("subtract_unchecked", a, b) }
func (e *eval) mul(a, b compute.Datum) compute.Datum    { return e.call("multiply_unchecked", a, b) }
func (e *eval) div(a, b compute.Datum) compute.Datum    { return e.call("divide", a, b) }
func (e *eval) neg(a compute.Datum) compute.Datum       { return e.call("negate_unchecked", a) }
func (e *eval) addInt(a, b compute.Datum) compute.Datum { return e.call("add", a, b) }
func (e *eval) divInt(a, b compute.Datum) compute.Datum { return e.call("divide", a, b) }
func (e *eval) lt(a, b compute.Datum) compute.Datum     { return e.call("less", a, b) }
func (e *eval) le(a, b compute.Datum) compute.Datum     { return e.call("less_equal", a, b) }
func (e *eval) gt(a, b compute.Datum) compute.Datum     { return e.call("greater", a, b) }
func (e *eval) ge(a, b compute.Datum) compute.Datum     { return e.call("greater_equal", a, b) }
func (e *eval) and(a, b compute.Datum) compute.Datum    { return e.call("and_kleene", a, b) }

// discPrice is l_extendedprice * (1 - l_discount), computed once per batch
// and reused, as a Go programmer holding it in a variable would.
func (e *eval) discPrice() compute.Datum {
	if e.memo == nil {
		e.memo = map[string]compute.Datum{}
	}
	if d, ok := e.memo["disc_price"]; ok {
		return d
	}
	d := e.mul(e.col("l_extendedprice"), e.sub(f64(1), e.col("l_discount")))
	e.memo["disc_price"] = d
	return d
}

// charge is disc_price * (1 + l_tax), computed once per batch.
func (e *eval) charge() compute.Datum {
	if d, ok := e.memo["charge"]; ok {
		return d
	}
	d := e.mul(e.discPrice(), e.add(f64(1), e.col("l_tax")))
	e.memo["charge"] = d
	return d
}

// input is an output column that is an input column.
func input(name string) output {
	return output{name, func(e *eval) compute.Datum { return e.col(name) }}
}

var q1Outputs = []output{
	input("l_returnflag"),
	input("l_linestatus"),
	input("l_quantity"),
	input("l_extendedprice"),
	{"disc_price", (*eval).discPrice},
	{"charge", (*eval).charge},
}

var queries = map[string]*query{
	"Q1Projection": {
		where:   func(e *eval) compute.Datum { return e.le(e.col("l_shipdate"), date("1998-09-02")) },
		reads:   []string{"l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice", "l_discount", "l_tax"},
		outputs: q1Outputs,
	},
	"Q1NoWhere": {outputs: q1Outputs},
	"Q6Filter": {
		where: func(e *eval) compute.Datum {
			ship, disc := e.col("l_shipdate"), e.col("l_discount")
			return e.and(e.and(e.and(
				e.ge(ship, date("1994-01-01")),
				e.lt(ship, date("1995-01-01"))),
				e.and(e.ge(disc, f64(0.05)), e.le(disc, f64(0.07)))),
				e.lt(e.col("l_quantity"), f64(24)))
		},
		reads: []string{"l_extendedprice", "l_discount"},
		outputs: []output{{"revenue", func(e *eval) compute.Datum {
			return e.mul(e.col("l_extendedprice"), e.col("l_discount"))
		}}},
	},
	"SeedIf": {outputs: []output{{"bucket", func(e *eval) compute.Datum {
		a5 := e.addInt(e.col("a"), i64(5))
		return e.ifElse(e.gt(e.col("x"), e.col("y")), a5, e.divInt(a5, i64(100)))
	}}}},
	"NullHeavy": {outputs: []output{
		{"disc_price", (*eval).discPrice},
		{"rate", func(e *eval) compute.Datum {
			tax := e.col("l_tax")
			// COALESCE(l_tax, 0.0) is IF(l_tax IS NULL, 0.0, l_tax).
			return e.add(e.ifElse(e.call("is_null", tax), f64(0), tax), e.col("l_discount"))
		}},
		{"keysum", func(e *eval) compute.Datum { return e.addInt(e.col("l_partkey"), e.col("l_suppkey")) }},
		{"big", func(e *eval) compute.Datum { return e.gt(e.col("l_quantity"), f64(25)) }},
		{"signed_qty", func(e *eval) compute.Datum {
			qty := e.col("l_quantity")
			return e.ifElse(e.lt(e.col("l_shipdate"), e.col("l_commitdate")), qty, e.neg(qty))
		}},
	}},
	"DeepArith": {outputs: []output{{"score", func(e *eval) compute.Datum {
		price, disc, tax, qty := e.col("l_extendedprice"), e.col("l_discount"), e.col("l_tax"), e.col("l_quantity")
		q25 := e.sub(qty, f64(25))
		t := e.mul(e.mul(price, e.sub(f64(1), disc)), e.add(f64(1), tax))
		t = e.sub(t, e.mul(qty, f64(0.5)))
		t = e.div(t, e.add(qty, f64(1)))
		t = e.add(t, e.mul(e.sub(tax, disc), f64(100)))
		t = e.sub(t, e.div(price, f64(1000)))
		t = e.mul(t, f64(1.07))
		t = e.add(t, e.div(e.mul(q25, q25), f64(50)))
		t = e.sub(t, e.mul(e.mul(disc, tax), f64(3)))
		return e.add(t, e.div(e.sub(price, e.mul(qty, f64(900))), e.add(tax, f64(2))))
	}}}},
	"Wide": {outputs: wide},
}

// wide is query Wide: dp and ch are disc_price and charge.
var wide = func() []output {
	type ex = func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum
	cols := []struct {
		name string
		f    ex
	}{
		{"w01", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.mul(dp, f64(1.01)) }},
		{"w02", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.sub(ch, dp) }},
		{"w03", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.add(dp, e.mul(qty, f64(2)))
		}},
		{"w04", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(ch, e.add(qty, f64(1)))
		}},
		{"w05", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.ifElse(e.gt(dp, f64(50000)), ch, dp)
		}},
		{"w06", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.sub(dp, price) }},
		{"w07", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.mul(ch, tax) }},
		{"w08", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.mul(dp, disc) }},
		{"w09", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(e.sub(ch, dp), e.add(tax, f64(1)))
		}},
		{"w10", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.add(ch, qty) }},
		{"w11", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(dp, e.add(qty, f64(2)))
		}},
		{"w12", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.sub(e.mul(ch, f64(0.97)), e.mul(dp, f64(0.03)))
		}},
		{"w13", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(e.mul(qty, dp), f64(100))
		}},
		{"w14", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.ifElse(e.lt(qty, f64(25)), dp, ch)
		}},
		{"w15", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.sub(ch, e.mul(qty, f64(3)))
		}},
		{"w16", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.mul(dp, e.add(f64(1), disc))
		}},
		{"w17", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.mul(ch, e.sub(f64(1), tax))
		}},
		{"w18", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(e.add(dp, ch), f64(2))
		}},
		{"w19", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(e.mul(dp, dp), f64(1000000))
		}},
		{"w20", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.sub(ch, price) }},
		{"w21", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.sub(dp, qty) }},
		{"w22", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.mul(ch, f64(1.05)) }},
		{"w23", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.add(dp, ch) }},
		{"w24", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.mul(e.ifElse(e.gt(disc, f64(0.05)), ch, dp), f64(2))
		}},
		{"w25", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(dp, e.add(tax, f64(1)))
		}},
		{"w26", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.div(ch, e.add(disc, f64(1)))
		}},
		{"w27", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.add(e.mul(dp, tax), e.mul(ch, disc))
		}},
		{"w28", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.sub(ch, e.mul(dp, f64(0.5)))
		}},
		{"w29", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.add(dp, f64(100)) }},
		{"w30", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.sub(ch, f64(100)) }},
		{"w31", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.sub(e.mul(dp, f64(3)), ch)
		}},
		{"w32", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.mul(e.sub(ch, dp), qty)
		}},
		{"w33", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.div(dp, f64(7)) }},
		{"w34", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum { return e.div(ch, f64(11)) }},
		{"w35", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.add(e.mul(dp, f64(0.9)), tax)
		}},
		{"w36", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.add(e.mul(ch, f64(0.8)), disc)
		}},
		{"w37", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.ifElse(e.gt(ch, e.mul(dp, f64(1.05))), f64(1), f64(0))
		}},
		{"w38", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.sub(dp, e.mul(ch, tax))
		}},
		{"w39", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.add(ch, e.mul(dp, disc))
		}},
		{"w40", func(e *eval, dp, ch, price, disc, tax, qty compute.Datum) compute.Datum {
			return e.mul(dp, e.add(qty, f64(1)))
		}},
	}
	out := make([]output, len(cols))
	for i, c := range cols {
		out[i] = output{c.name, func(e *eval) compute.Datum {
			return c.f(e, e.discPrice(), e.charge(), e.col("l_extendedprice"), e.col("l_discount"), e.col("l_tax"), e.col("l_quantity"))
		}}
	}
	return out
}()

// notExpressible gives, for each query arrow-go's kernels cannot express,
// the missing kernels.
var notExpressible = map[string]string{
	"SeedCase": "arrow-go v18.8.0 has no kernel to look a key up in a map (C++ Arrow's map_lookup) " +
		"and none to match strings (match_like, starts_with), nor case_when",
	"StringCase": "arrow-go v18.8.0 has no string kernels: none to upper-case (utf8_upper), " +
		"match a pattern (match_like, ends_with, match_substring), take a substring (utf8_slice_codeunits) " +
		"or concatenate (binary_join_element_wise), nor case_when",
	"ErrorGuarded": "TRY(x * y * 1000000000000000) is NULL exactly on the rows whose product overflows BIGINT, " +
		"and arrow-go v18.8.0 has no kernel that turns a failing row into NULL: multiply fails the whole call " +
		"on the first overflow and multiply_unchecked wraps around silently",
}
