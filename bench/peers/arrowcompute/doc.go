// Package arrowcompute runs the benchmark queries as an arrow-go user would
// write them today: chains of arrow-go v18.8.0 compute kernels
// (github.com/apache/arrow-go/v18/arrow/compute), one compute.CallFunction
// per operator, each reading whole arrays and writing a new one. Its one
// implementation is arrow-compute.
//
// # Kernels
//
// arrow-go's registry (compute.GetFunctionRegistry().GetFunctionNames()) has
// arithmetic, comparisons, Kleene logic, cast, is_null, filter and take, and
// no conditional, string or map kernel. The operators map to kernels as
// follows (note that in arrow-go "add" is the checked kernel and
// "add_unchecked" the wrapping one):
//
//   - DOUBLE +, -, * and unary -: add_unchecked, subtract_unchecked,
//     multiply_unchecked, negate_unchecked. exprc's DOUBLE arithmetic never
//     fails, and for float64 the checked and unchecked kernels compute the
//     same IEEE operation.
//   - DOUBLE /: divide, which, like exprc's /, fails on a zero divisor
//     (divide_unchecked returns ±Inf).
//   - BIGINT +: add, which fails on overflow as exprc's does. a DIV b: divide
//     on int64, which truncates toward zero and fails on a zero divisor.
//   - comparisons: less, less_equal, greater, greater_equal, on float64,
//     int64 and date32 (DATE literals are Date32 scalars); AND: and_kleene.
//   - WHERE (Q1Projection, Q6Filter): the condition is computed over the
//     batch, then compute.Filter keeps the rows where it is TRUE (dropping
//     NULL, its default) of each column the outputs read, and the outputs are
//     computed over the kept rows.
//   - IF(c, t, e), which arrow-go has no kernel for (no if_else, case_when or
//     coalesce): both branches are computed on every row, and array_take
//     picks each row's value out of their concatenation, at index i where c
//     is TRUE and rows + i where it is FALSE or NULL; the index is computed
//     with and_not_kleene, is_null, not, cast to int64, multiply and add
//     over 0..rows-1. This composite is the one place the chain is more than
//     one kernel per operator. Computing both branches cannot change a result
//     of these queries: none of their IF branches can fail.
//   - COALESCE(l_tax, 0.0) is IF(l_tax IS NULL, 0.0, l_tax).
//   - Literals are scalars of the operand's type (float64 for exprc's
//     DOUBLE literals, so 1 - l_discount subtracts from 1.0 as exprc does).
//
// Every expression is computed in the order and on the types of exprc's
// typed plan (exprc explain), so DOUBLE results are identical bit for bit. A
// subexpression shared by several outputs is computed once and reused, as a
// Go programmer holding it in a variable would: disc_price and charge in
// Q1Projection, Q1NoWhere and Wide, and l_quantity - 25 in DeepArith. (exprc
// shares them too, through its common subexpression elimination.)
//
// The kernels run on the calling goroutine (ExecCtx.NumParallel = 1, where
// arrow-go's default is runtime.NumCPU(), which only parallelizes filter and
// take across the columns of a record batch), like exprc's generated code.
//
// # Not expressible
//
//   - SeedCase (and its variants SeedCaseWideMaps and SeedCaseBigMaps): no
//     kernel looks a key up in a map (C++ Arrow's map_lookup) and none
//     matches strings (match_like, starts_with); no case_when either.
//   - StringCase: no string kernels at all: none upper-cases (utf8_upper),
//     matches a pattern (match_like, ends_with, match_substring), takes a
//     substring (utf8_slice_codeunits) or concatenates
//     (binary_join_element_wise); no case_when.
//   - ErrorGuarded: TRY(x * y * 1000000000000000) is NULL exactly on the
//     rows whose product overflows BIGINT, and no kernel turns a failing row
//     into NULL: multiply fails the whole call at the first overflow and
//     multiply_unchecked wraps around silently.
//
// # Semantic differences, none of which the benchmark data reaches
//
//   - A failing kernel fails the whole call with arrow-go's error (for
//     example "divide by zero"), not exprc's error class for the lowest
//     failing row.
//   - BIGINT MIN DIV -1 wraps around to MIN in arrow-go's checked divide;
//     exprc fails with ARITHMETIC_OVERFLOW. The only DIV here is SeedIf's
//     (a + 5) DIV 100.
//   - IF evaluates both branches (above), so an error in the branch a row
//     does not take would fail the call, where exprc's IF never evaluates
//     it.
//
// # An arrow-go bug met on the way
//
// is_not_null returns its input's validity bitmap as its result without the
// input's offset, so on a sliced array (TestAgrees' slice at row 1234) it is
// wrong; is_null is right. This package uses is_null only.
package arrowcompute
