package ir

// Function is one entry of the function registry: a SQL name resolved once, at
// bind time, to a Signature. Everything the later stages need to know about a
// call without knowing the function (whether it is strict, whether it can fail,
// whether it may be shared or folded) lives here or on the Signature, so CSE,
// folding and code generation never switch on function names.
type Function struct {
	// Name is the lower-case SQL name (operators have names too: "add", "eq").
	Name string
	// Infix, when set, prints a binary call as "(l op r)"; Prefix prints a unary
	// call as "op x". Both exist only so printed IR reads like the SQL it came from.
	Infix, Prefix string
	// Doc is one sentence for docs/functions.md.
	Doc string
	// Synopsis lists the accepted signatures for the docs, e.g. "abs(BIGINT) -> BIGINT".
	Synopsis []string
	// Strict functions return NULL when any argument is NULL, even if another
	// argument is an error, and otherwise the leftmost argument error; only then
	// does Eval run. Non-strict functions see every argument's Outcome through
	// EvalOutcomes and define their own NULL and error rules (docs/semantics.md).
	Strict bool
	// NullOnValue is set on strict functions that can return NULL even when no
	// argument is NULL (element_at on a missing key); output nullability uses it.
	NullOnValue bool
	// Volatile functions (aes_encrypt with a random IV) are never shared by
	// CSE nor folded: each call is evaluated where it is written.
	Volatile bool
	// Clock functions (current_timestamp(), current_date() ...) read the
	// evaluation's clock (docs/semantics.md 10.8): one value for every row
	// and call of an evaluation, so CSE may share them, but not known at
	// compile time, so folding leaves them alone. Their signatures have
	// KernelClock set.
	Clock bool
	// Errors are the classes this function can raise, for the docs.
	Errors []ErrorClass
	// Resolve picks the overload for the argument types the binder found. The
	// returned Signature's Params say which implicit widenings to insert. A nil
	// Signature and a non-nil error means no overload fits; the error text is
	// shown to the user at the call's position.
	Resolve func(args []Type) (*Signature, error)
	// Implicit, when set, resolves a call Resolve rejected with Spark's ANSI
	// implicit casts of function arguments (a VARCHAR read as a number, DATE
	// or BOOLEAN; a number, DATE or BOOLEAN written as VARCHAR; a number
	// narrowed), so that length(123) and left(s, '2') compile as in Spark. The
	// binder inserts the casts, which fail on bad data like any CAST.
	// Operators do not use it: their operands follow the string promotion
	// rules of docs/semantics.md instead.
	Implicit func(args []Type) (*Signature, error)
}

// Signature is one resolved overload of a Function.
type Signature struct {
	// Params are the argument types after implicit widening; len(Params) equals
	// the number of arguments of the call (variadic functions are resolved per
	// call).
	Params []Type
	// Ret is the result type.
	Ret Type
	// MayError is false when the overload can never fail on any input (DOUBLE
	// addition, say). CSE may compute such expressions eagerly.
	MayError bool
	// Kernel names the function of package templates/rt (github.com/exprc/exprc/templates/rt)
	// that implements this overload, e.g. "AddInt64"; "" when there is none (map
	// functions, greatest/least, identity casts), and code generation handles the
	// call itself. Eval then calls exactly that function, so the interpreter and
	// generated code agree by construction. The kernel takes and returns the Go
	// types of Params and Ret, except that DATE is int32 (days) instead of Date.
	Kernel string
	// KernelPkg is the import path of Kernel's package when it is not
	// templates/rt (instrumented test functions only).
	KernelPkg string
	// KernelArgs are constant int arguments the kernel takes after the
	// call's own: a DECIMAL kernel's scales and result precision, which
	// come from the types, not from the values (AddDecimal(a, b, 2, 2, 2,
	// 16)). Generated code writes them as literals; Eval already has them.
	KernelArgs []int
	// KernelZone is the session time zone (SET TIME ZONE of the query the
	// call is in) a kernel of a TIMESTAMP conversion takes, as a
	// *rt.ZoneCursor, as its last argument after KernelArgs ("" for none):
	// generated code resolves the zone once (a package-level *rt.Zone) and
	// passes the batch's cursor over it; Eval already has it.
	KernelZone string
	// KernelClock is set on the signatures of Clock functions: the kernel
	// takes the evaluation's rt.Clock as its first argument, before the
	// call's own. Generated code passes the variable the query function
	// reads once from its context (rt.ClockOf); the interpreter passes its
	// evaluation's clock to Eval as args[0].
	KernelClock bool
	// KernelErr reports whether Kernel returns a second, *rt.Error result.
	KernelErr bool
	// Observed marks a kernel whose every call is observed (a test's
	// instrumented probe): generated code never calls it on a row where the
	// query as written would not, not even on a row with a NULL argument,
	// whose value a strict loop otherwise computes and never reads.
	Observed bool
	// Eval computes a strict function from non-NULL, non-error arguments, whose Go
	// representations follow Params. It may return nil (NULL) or an error.
	Eval func(args []any) (any, *EvalError)
	// EvalOutcomes computes a non-strict function from its arguments' outcomes.
	EvalOutcomes func(args []Outcome) Outcome
	// Vector runs Kernel over a batch, for the batch engine
	// (codegen/batch), which calls kernels a vector at a time without
	// boxing a value per row: nil where the registry has no typed form of
	// the kernel (the engine then calls Eval per row). See VectorKernel.
	Vector VectorKernel
}

// VectorKernel is a kernel applied to the rows sel (nil: every row) of a batch
// of n rows under the strict rules. Each argument is a templates/vec Arg[T]
// of the kernel's Go parameter type (a vector, or a constant); the result is
// a *vec.Vec[R] of its result type, or nil when an argument is not of the
// type the kernel takes (which the batch engine probes once, at compile
// time, with n = 0). Package ir does not import templates/vec, so the
// values travel as any: one box per batch, never one per row.
type VectorKernel func(sel []int32, n int, args []any) any

// Cast is the name of the registry's CAST function. A CAST call's Signature.Ret is
// the target type, so calls to different targets are different expressions.
const Cast = "cast"
