package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
)

// genUsage is the usage text of gen; %[1]s is the command that runs it.
const genUsage = `usage: %[1]s [--out DIR | -o FILE] [--package NAME] [--no-cse] SPEC...

Compiles every query of the spec files into a Go evaluator function and writes
them as one Go package file: DIR/exprc_gen.go with --out, FILE with -o (default:
exprc_gen.go in the current directory). The file is written atomically, and
nothing is written when any spec has an error.

In a module of your own, make exprc a tool of the module (while exprc is
unpublished, through a replace to your clone of it):

	go mod edit -require=github.com/exprc/exprc@v0.0.0 -replace=github.com/exprc/exprc=/path/to/exprc
	go mod edit -tool=github.com/exprc/exprc/cmd/exprc
	go mod tidy

and put this beside the spec, in the package the evaluators go to:

	//go:generate go tool exprc gen --package mypkg spec.sql

The README's "Using generated code" section walks through a whole module.
`

// genFileName is the file --out DIR writes.
const genFileName = "exprc_gen.go"

// Gen is the gen command: args are its flags and spec files, and the result is
// the exit status. command is how it was run ("exprc gen" for the CLI); the
// usage text shows it, and the header of the generated file records it with
// args (without --verify) as the command that writes the file. Gen generates
// calls to the functions registered in the process (ir/functions), so a
// program that registers more functions before calling Gen generates specs
// that use them.
func Gen(command string, args []string, stdout, stderr io.Writer) int {
	fs := NewFlags(command, fmt.Sprintf(genUsage, command))
	outDir := fs.String("out", "", "write DIR/"+genFileName)
	outFile := fs.StringP("output", "o", "", "write this file")
	pkg := fs.String("package", "", "Go package name (default: the output directory's name)")
	noCSE := fs.Bool("no-cse", false, "do not share common subexpressions")
	verify := fs.Bool("verify", false, "write nothing; exit 1 if the file on disk differs from what would be generated")
	if code := Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	specs := fs.Args()
	if len(specs) == 0 {
		return UsageError(stderr, fs, "no spec files given")
	}
	if *outDir != "" && *outFile != "" {
		return UsageError(stderr, fs, "--out and -o are exclusive")
	}
	target := *outFile
	switch {
	case *outDir != "":
		target = filepath.Join(*outDir, genFileName)
	case target == "":
		target = genFileName
	}
	if *pkg == "" {
		abs, err := filepath.Abs(filepath.Dir(target))
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return 1
		}
		*pkg = packageName(filepath.Base(abs))
	}
	prog, ok := Compile(specs, stderr)
	if !ok {
		return 1
	}
	plan, err := lower.Plan(prog.Queries, lower.Options{NoCSE: *noCSE})
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	src, err := codegen.Generate(plan, codegen.Options{
		Package: *pkg,
		Command: command + " " + strings.Join(withoutVerify(args), " "),
	})
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	if *verify {
		old, err := os.ReadFile(target)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return 1
		}
		if !bytes.Equal(old, src) {
			fmt.Fprintf(stderr, "error: %s is stale: %s\n", target, firstDiff(old, src))
			return 1
		}
		return 0
	}
	if err := writeAtomic(target, src); err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	return 0
}

// withoutVerify drops --verify so the recorded command is the one that writes
// the file.
func withoutVerify(args []string) []string {
	var out []string
	for _, a := range args {
		if a != "--verify" && a != "--verify=true" {
			out = append(out, a)
		}
	}
	return out
}

// firstDiff describes where two versions of a file first differ.
func firstDiff(old, cur []byte) string {
	ol, cl := strings.Split(string(old), "\n"), strings.Split(string(cur), "\n")
	for i := 0; i < len(ol) && i < len(cl); i++ {
		if ol[i] != cl[i] {
			return fmt.Sprintf("line %d is %q on disk, %q when generated", i+1, ol[i], cl[i])
		}
	}
	return fmt.Sprintf("%d lines on disk, %d when generated", len(ol), len(cl))
}

// packageName makes a directory name a valid Go package name.
func packageName(dir string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(dir) {
		if r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "queries"
	}
	return b.String()
}

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename, so readers never see a half-written file.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".exprc-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close() //nolint:errcheck // already failing
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
