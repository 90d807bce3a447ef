package functions

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// sparkFunctionsText lists every name of Spark's builtin function registry with
// exprc's status for it; its head comment describes the format.
//
//go:embed spark_functions.txt
var sparkFunctionsText string

// The statuses of spark_functions.txt.
const (
	StatusAuto    = "auto"    // a registry function of the same name
	StatusOp      = "op"      // an operator implemented by a registry function
	StatusForm    = "form"    // a form of the binder or the parser
	StatusPending = "pending" // a function over exprc's types, not there yet
	StatusPlanned = "planned" // needs types exprc does not have yet
	StatusAbsent  = "absent"  // deliberately not in exprc
)

// plannedTypes are the types a planned function may name, with how the docs
// and the binder's message call them.
var plannedTypes = map[string]string{
	"TIME":      "TIME",
	"ARRAY":     "ARRAY",
	"STRUCT":    "STRUCT",
	"VARIANT":   "VARIANT",
	"GEOMETRY":  "GEOMETRY",
	"GEOGRAPHY": "GEOGRAPHY",
	"LAMBDA":    "lambda arguments",
	// CALENDAR_INTERVAL is Spark's legacy CalendarIntervalType (months,
	// days and microseconds in one value), not an ANSI interval type.
	"CALENDAR_INTERVAL": "CALENDAR INTERVAL",
}

// absentReason says why exprc deliberately lacks a Spark function: Short in the
// docs' tables and the binder's message, Long in the docs' legend.
type absentReason struct{ Short, Long string }

// absentReasons are the reasons spark_functions.txt may give for an absent
// function, by key.
var absentReasons = map[string]absentReason{
	"aggregate": {"an aggregate function",
		"exprc compiles row-at-a-time projections and filters, so it has no GROUP BY; " +
			"aggregates exist only in the SELECT of a subquery, and only count, sum, avg, min and max " +
			"(semantics.md section 3.12)."},
	"subquery_aggregate": {"an aggregate function, only in the SELECT of a subquery",
		"count, sum, avg, min and max aggregate the rows of a subquery (semantics.md section 3.12); " +
			"outside a subquery exprc has no GROUP BY."},
	"grouping": {"a function of GROUP BY grouping sets",
		"exprc has no GROUP BY, so no grouping sets."},
	"window": {"a window function",
		"exprc computes each row on its own: there is no window, frame or ordering of rows."},
	"generator": {"a generator (one row in, many out)",
		"exprc computes one value per row; generators make rows, which a projection cannot."},
	"nondeterministic": {"a non-deterministic function",
		"exprc's common subexpression elimination, constant folding and differential checks assume " +
			"that an expression gives the same outcome on the same row."},
	"session": {"a function of the session (catalog, user, or the TIME type's clock)",
		"exprc's evaluators see the row, the session time zone and the evaluation's clock (docs/semantics.md 10.8), no catalog or user; current_time() returns Spark 4.1's TIME type, which exprc does not have."},
	"execution": {"a function of the running task (partition, input file, row id)",
		"exprc's evaluators see the row only, not how Spark splits and reads the input."},
	"reflection": {"a call of Java methods by reflection",
		"exprc generates Go and has no JVM."},
	"collation": {"a function of string collations",
		"exprc has one string order, byte-wise (semantics.md section 3.9), and no collations."},
	"version": {"a report of Spark's version",
		"exprc is not Spark; its version is the one of its Go module."},
	"avro": {"a function of Spark's Avro data source module",
		"it works only with the spark-avro package loaded and converts between Avro's binary encoding and Spark's rows, a file format exprc does not read; " +
			"from_avro also returns a STRUCT, a type exprc does not have."},
	"protobuf": {"a function of Spark's Protobuf connector module",
		"it works only with the spark-protobuf package loaded and needs compiled Protobuf descriptors; from_protobuf returns a STRUCT, a type exprc does not have."},
	"sketch": {"a function of DataSketches sketches (KLL, HLL, Theta)",
		"its BINARY argument is a sketch made by an aggregate function (kll_sketch_agg, hll_sketch_agg, theta_sketch_agg), which exprc does not have (it has no GROUP BY), in the DataSketches library's format."},
}

// SparkFunction is one line of spark_functions.txt: a name of Spark's builtin
// function registry and exprc's status for it.
type SparkFunction struct {
	Name    string   // Spark's name, lower case (or an operator: +, <=>, ...)
	Group   string   // Spark's group: math, string, datetime, aggregate ...
	Status  string   // one of the Status constants
	Impl    string   // op: the registry function implementing the operator
	Example string   // op and form: SQL over the semantic cases' table t
	Types   []string // planned: the missing types (keys of plannedTypes)
	Reason  string   // absent: a key of absentReasons
	Line    int      // line in spark_functions.txt
}

// Present reports whether exprc offers the Spark function now: an auto,
// op or form entry, or a pending one whose function has been registered.
func (sf *SparkFunction) Present() bool {
	switch sf.Status {
	case StatusAuto, StatusPending:
		return Lookup(sf.Name) != nil
	case StatusOp:
		return Lookup(sf.Impl) != nil
	case StatusForm:
		return true
	}
	return false
}

var (
	sparkOnce  sync.Once
	sparkFuncs []SparkFunction
	sparkByKey map[string]*SparkFunction
	sparkErr   error
)

// SparkFunctions returns the entries of spark_functions.txt in file order, or
// the error that makes the file malformed (TestSparkCoverage reports it).
func SparkFunctions() ([]SparkFunction, error) {
	sparkOnce.Do(func() {
		sparkFuncs, sparkErr = parseSparkFunctions(sparkFunctionsText)
		sparkByKey = map[string]*SparkFunction{}
		for i := range sparkFuncs {
			sparkByKey[sparkFuncs[i].Name] = &sparkFuncs[i]
		}
	})
	return sparkFuncs, sparkErr
}

// sparkFunction returns the entry of a Spark name, or nil.
func sparkFunction(name string) *SparkFunction {
	if _, err := SparkFunctions(); err != nil {
		return nil
	}
	return sparkByKey[strings.ToLower(name)]
}

// parseSparkFunctions reads the format described at the head of
// spark_functions.txt. Every name must appear once.
func parseSparkFunctions(text string) ([]SparkFunction, error) {
	var out []SparkFunction
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, fmt.Errorf("spark_functions.txt:%d: want name, group and status, got %q", n, line)
		}
		sf := SparkFunction{Name: f[0], Group: f[1], Status: f[2], Line: n}
		rest := f[3:]
		if sf.Name != strings.ToLower(sf.Name) {
			return nil, fmt.Errorf("spark_functions.txt:%d: name %s is not lower case", n, sf.Name)
		}
		if prev, dup := seen[sf.Name]; dup {
			return nil, fmt.Errorf("spark_functions.txt:%d: %s already on line %d", n, sf.Name, prev)
		}
		seen[sf.Name] = n
		switch sf.Status {
		case StatusAuto, StatusPending:
			if len(rest) != 0 {
				return nil, fmt.Errorf("spark_functions.txt:%d: %s takes no details, got %q", n, sf.Status, strings.Join(rest, " "))
			}
		case StatusOp:
			if len(rest) < 2 {
				return nil, fmt.Errorf("spark_functions.txt:%d: op wants a function name and an example", n)
			}
			sf.Impl, sf.Example = rest[0], strings.Join(rest[1:], " ")
		case StatusForm:
			if len(rest) == 0 {
				return nil, fmt.Errorf("spark_functions.txt:%d: form wants an example", n)
			}
			sf.Example = strings.Join(rest, " ")
		case StatusPlanned:
			if len(rest) == 0 {
				return nil, fmt.Errorf("spark_functions.txt:%d: planned wants the missing type(s)", n)
			}
			for _, t := range rest {
				if _, ok := plannedTypes[t]; !ok {
					return nil, fmt.Errorf("spark_functions.txt:%d: unknown planned type %s", n, t)
				}
			}
			sf.Types = rest
		case StatusAbsent:
			if len(rest) != 1 {
				return nil, fmt.Errorf("spark_functions.txt:%d: absent wants one reason key", n)
			}
			if _, ok := absentReasons[rest[0]]; !ok {
				return nil, fmt.Errorf("spark_functions.txt:%d: unknown absent reason %s", n, rest[0])
			}
			sf.Reason = rest[0]
		default:
			return nil, fmt.Errorf("spark_functions.txt:%d: unknown status %q", n, sf.Status)
		}
		out = append(out, sf)
	}
	return out, nil
}

// typesPhrase names missing types for a message: "ARRAY and lambda arguments".
func typesPhrase(types []string) string {
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = plannedTypes[t]
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// sparkUnsupported is the binder's message for a Spark function exprc does not
// have (a planned, absent or unregistered pending entry), and ok false for any
// other name.
func sparkUnsupported(name string) (msg string, ok bool) {
	sf := sparkFunction(name)
	if sf == nil || sf.Present() {
		return "", false
	}
	switch sf.Status {
	case StatusPlanned:
		return fmt.Sprintf("%s is not supported: it needs %s, which exprc does not have yet", sf.Name, typesPhrase(sf.Types)), true
	case StatusAbsent:
		return fmt.Sprintf("%s is not supported: it is %s", sf.Name, absentReasons[sf.Reason].Short), true
	case StatusPending:
		return fmt.Sprintf("%s is not supported yet: exprc does not implement this Spark function", sf.Name), true
	}
	return "", false
}

// coverageGroupOrder fixes the order of the groups in the docs. Every group of
// spark_functions.txt must be listed (TestSparkCoverage); one that is not would
// follow in alphabetical order.
var coverageGroupOrder = []string{
	"math", "bitwise", "predicate", "conditional", "conversion", "string", "url", "hash",
	"datetime", "map", "collection", "array", "struct", "lambda", "json", "csv", "xml",
	"avro", "protobuf", "variant", "spatial", "bitmap", "sketch", "misc", "aggregate",
	"window", "generator",
}

// coverageMarkdown renders the "Spark coverage" section of docs/functions.md.
func coverageMarkdown() string {
	var b strings.Builder
	b.WriteString("\n## Spark coverage\n\n")
	sfs, err := SparkFunctions()
	if err != nil {
		fmt.Fprintf(&b, "spark_functions.txt is malformed: %v\n", err)
		return b.String()
	}
	b.WriteString("Every name of Spark's builtin function registry (`FunctionRegistry`, as of Spark 4.1, which ")
	b.WriteString("holds every name of Spark 4.0's) against exprc, generated from `ir/functions/spark_functions.txt` ")
	b.WriteString("and the registry. A name is\n\n")
	b.WriteString("- **present** when exprc has it: a function of this reference, an operator, or a form of the binder ")
	b.WriteString("(IF, CASE, COALESCE ..., [semantics.md](semantics.md) section 3);\n")
	b.WriteString("- **pending** when it works over exprc's types (BOOLEAN, INT, BIGINT, DOUBLE, VARCHAR, DATE, MAP) ")
	b.WriteString("but is not implemented yet;\n")
	b.WriteString("- **planned** when it needs a type exprc does not have yet (the table names it);\n")
	b.WriteString("- **absent** when exprc leaves it out on purpose, for one of these reasons:\n")
	keys := make([]string, 0, len(absentReasons))
	for k := range absentReasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		r := absentReasons[k]
		fmt.Fprintf(&b, "  - *%s*: %s\n", r.Short, r.Long)
	}
	b.WriteString("\nThe binder names the missing type or the reason when a query calls a pending, planned or absent function.\n\n")

	counts := map[string]int{}
	groups := map[string][]*SparkFunction{}
	for i := range sfs {
		sf := &sfs[i]
		counts[coverageStatus(sf)]++
		groups[sf.Group] = append(groups[sf.Group], sf)
	}
	fmt.Fprintf(&b, "**%d Spark names: %d present, %d pending, %d planned, %d absent.**\n",
		len(sfs), counts["present"], counts[StatusPending], counts[StatusPlanned], counts[StatusAbsent])

	var order []string
	listed := map[string]bool{}
	for _, g := range coverageGroupOrder {
		if len(groups[g]) > 0 {
			order = append(order, g)
			listed[g] = true
		}
	}
	var rest []string
	for g := range groups {
		if !listed[g] {
			rest = append(rest, g)
		}
	}
	sort.Strings(rest)
	order = append(order, rest...)

	for _, g := range order {
		fs := groups[g]
		sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
		fmt.Fprintf(&b, "\n### Spark %s functions\n\n", g)
		b.WriteString("| Spark | Status | exprc |\n|---|---|---|\n")
		for _, sf := range fs {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", mdCell(sf.Name), coverageStatus(sf), coverageDetail(sf))
		}
	}

	b.WriteString("\n### exprc functions that are not Spark names\n\n")
	b.WriteString("Registry functions under names of their own: the operators, whose SQL spelling is the Spark name, ")
	b.WriteString("and functions whose Spark name is an alias.\n\n")
	b.WriteString("| exprc | SQL | Spark names |\n|---|---|---|\n")
	for _, fn := range All() {
		if sparkFunction(fn.Name) != nil {
			continue
		}
		var spark []string
		for _, a := range Aliases(fn) {
			if sparkFunction(a) != nil {
				spark = append(spark, "`"+a+"`")
			}
		}
		for i := range sfs {
			if sfs[i].Status == StatusOp && sfs[i].Impl == fn.Name {
				spark = append(spark, "`"+mdCell(sfs[i].Name)+"`")
			}
		}
		syn := ""
		if s := sqlSyntax(fn); s != "" {
			syn = "`" + mdCell(s) + "`"
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s |\n", fn.Name, anchor(fn.Name), syn, strings.Join(spark, ", "))
	}
	return b.String()
}

// coverageStatus is the status the docs show: present, pending, planned or
// absent.
func coverageStatus(sf *SparkFunction) string {
	if sf.Present() {
		return "present"
	}
	return sf.Status
}

// coverageDetail is the last cell of a coverage row.
func coverageDetail(sf *SparkFunction) string {
	switch {
	case sf.Status == StatusForm:
		return "syntax: `" + mdCell(sf.Example) + "` ([semantics.md](semantics.md))"
	case sf.Status == StatusOp && sf.Present():
		fn := Lookup(sf.Impl)
		return fmt.Sprintf("`%s`: [%s](#%s)", mdCell(sf.Example), fn.Name, anchor(fn.Name))
	case sf.Present():
		fn := Lookup(sf.Name)
		return fmt.Sprintf("[%s](#%s)", fn.Name, anchor(fn.Name))
	case sf.Status == StatusPlanned:
		return "needs " + typesPhrase(sf.Types)
	case sf.Status == StatusAbsent:
		return absentReasons[sf.Reason].Short
	}
	return "not yet"
}

// mdCell escapes the characters that would break a Markdown table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
