// Package cli holds what the commands of exprc share: flag sets with their
// usage text, compiling specs with positioned diagnostics, and the gen command
// itself. cmd/exprc is the CLI; internal/check/shapes/gen runs the same gen
// command in a process where the test-only function probe is registered.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/diag"
)

// NewFlags makes the flag set of a subcommand, command being how it is run
// ("exprc run"). Parse handles --help (usage on stdout, exit 0) and bad flags
// (one error line and a pointer to --help on stderr, exit 1).
func NewFlags(command, usage string) *FlagSet {
	name := command
	if i := strings.LastIndexByte(command, ' '); i >= 0 {
		name = command[i+1:]
	}
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	f := &FlagSet{FlagSet: fs, command: command, usage: usage}
	fs.BoolFuncP("help", "h", "show this help", func(string) error { f.help = true; return nil })
	return f
}

// FlagSet is a subcommand's flags with its usage text.
type FlagSet struct {
	*pflag.FlagSet
	command string
	usage   string
	help    bool
}

// PrintUsage writes the usage text and the flags of fs to w.
func PrintUsage(w io.Writer, fs *FlagSet) {
	fmt.Fprintf(w, "%s\nFlags:\n%s", fs.usage, fs.FlagUsages())
}

// Parse parses args into fs: it returns -1 to go on, else the exit status
// (0 after --help, 1 after a bad flag).
func Parse(fs *FlagSet, args []string, stdout, stderr io.Writer) int {
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) || (err == nil && fs.help) {
		PrintUsage(stdout, fs)
		return 0
	}
	if err != nil {
		msg := err.Error()
		if near := fs.nearFlag(msg); near != "" {
			msg += " (did you mean " + near + "?)"
		}
		return UsageError(stderr, fs, "%s", msg)
	}
	return -1
}

// UsageError prints an error of the command line as one line, then a line
// saying where the usage is (the whole usage would bury the error), and
// returns exit status 1.
func UsageError(stderr io.Writer, fs *FlagSet, format string, args ...any) int {
	fmt.Fprintf(stderr, "error: "+format+"\n", args...)
	fmt.Fprintf(stderr, "run '%s --help' for usage\n", fs.command)
	return 1
}

// nearFlag returns the flags of fs nearest to the unknown long flag that
// pflag's error message msg names ("unknown flag: --outptu"), as "--output",
// by diag.Suggest (the rule of "did you mean" for names in specs too), or ""
// if none is near enough to be a likely misspelling.
func (fs *FlagSet) nearFlag(msg string) string {
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, "=")
	var names []string
	fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	if near := diag.Suggest(name, names); len(near) > 0 {
		return "--" + strings.Join(near, " or --")
	}
	return ""
}

// Compile compiles specs, rendering diagnostics to stderr on failure.
func Compile(specs []string, stderr io.Writer) (*compiler.Program, bool) {
	return CompileWith(specs, nil, nil, stderr)
}

// CompileWith is Compile with in-memory spec files after specs, as
// compiler.CompileWith takes them.
func CompileWith(specs, extra []string, extraSrcs map[string][]byte, stderr io.Writer) (*compiler.Program, bool) {
	prog, err := compiler.CompileWith(specs, extra, extraSrcs)
	if err == nil {
		return prog, true
	}
	var list diag.List
	if errors.As(err, &list) {
		var sources map[string][]byte
		if prog != nil {
			sources = prog.Sources
		}
		diag.Render(stderr, list, sources) //nolint:errcheck // stderr
		if n := len(list); n > 1 {
			fmt.Fprintf(stderr, "%d errors\n", n)
		}
		return nil, false
	}
	fmt.Fprintf(stderr, "error: %v\n", err)
	return nil, false
}
