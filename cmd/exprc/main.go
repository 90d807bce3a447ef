// Command exprc compiles SQL expression specs and runs their queries over data
// files.
//
//	exprc version
//	exprc check SPEC...
//	exprc gen [--out DIR | -o FILE] [--package NAME] SPEC...
//	exprc explain SPEC... [--query NAME] [--format text|json|dot]
//	exprc run SPEC... --query NAME --input TABLE=FILE [flags]
//	exprc schema FILE... [--format F] [--table NAME] [--sample-rows N]
//
// Exit status: 0 on success (and for --help), 1 on any error: bad usage, a spec
// error, a data error or a query error.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/internal/cli"
)

// version is the release name, set at link time with
// -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const mainUsage = `usage: exprc <command> [arguments]

Commands:
  check    check spec files for errors
  gen      generate Go evaluators for the queries of spec files
  explain  show each query's plan and how its common subexpressions are shared
  run      run a query over a data file
  schema   print a CREATE TABLE for each data file (Parquet, Arrow, CSV, JSON lines)
  version  print the version

Run "exprc <command> --help" for a command's flags.
`

// run is the whole command line: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, "error: no command given\n\n"+mainUsage)
		return 1
	}
	switch cmd := args[0]; cmd {
	case "-h", "--help", "help":
		fmt.Fprint(stdout, mainUsage)
		return 0
	case "version":
		return cmdVersion(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "run":
		return cmdRun(args[1:], stdout, stderr)
	case "schema":
		return cmdSchema(args[1:], stdout, stderr)
	case "gen":
		return cli.Gen("exprc gen", args[1:], stdout, stderr)
	case "explain":
		return cmdExplain(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "error: unknown command %q%s\nrun 'exprc --help' for usage\n", cmd, nearCommand(cmd))
		return 1
	}
}

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("exprc version", "usage: exprc version\n\nPrints the exprc version, the Go version it was built with and the build's\nmodule version and VCS revision when known.\n")
	if code := cli.Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		return cli.UsageError(stderr, fs, "version takes no arguments")
	}
	fmt.Fprintf(stdout, "exprc %s\n", version)
	fmt.Fprintf(stdout, "go: %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			fmt.Fprintf(stdout, "module: %s %s\n", bi.Main.Path, v)
		}
		var rev, when, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = " (modified)"
				}
			}
		}
		if rev != "" {
			line := "revision: " + rev
			if when != "" {
				line += " " + when
			}
			fmt.Fprintln(stdout, line+modified)
		}
	}
	return 0
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("exprc check", "usage: exprc check SPEC...\n\nParses and type-checks the spec files together, prints every error with its\nsource line, or a summary line per spec when there are none.\n")
	if code := cli.Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	specs := fs.Args()
	if len(specs) == 0 {
		return cli.UsageError(stderr, fs, "no spec files given")
	}
	prog, ok := cli.Compile(specs, stderr)
	if !ok {
		return 1
	}
	for _, s := range specs {
		// The specs compiled, so they parse: count each file's statements.
		f, _ := parser.ParseFile(s, prog.Sources[s])
		nt, nq := 0, 0
		if f != nil {
			nt, nq = len(f.Tables), len(f.Queries)
		}
		fmt.Fprintf(stdout, "%s: %s, %s\n", s, plural(nt, "table"), plural(nq, "query"))
	}
	return 0
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, word[:len(word)-1])
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// commands lists the commands, for "did you mean".
var commands = []string{"check", "gen", "explain", "run", "schema", "version"}

// nearCommand returns " (did you mean NAME?)" for the command nearest to an
// unknown one, or "" when none is near (diag.Suggest, as for flags and names
// in specs).
func nearCommand(cmd string) string {
	if near := diag.Suggest(cmd, commands); len(near) > 0 {
		return " (did you mean " + strings.Join(near, " or ") + "?)"
	}
	return ""
}
