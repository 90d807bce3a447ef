package e2e

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/duckdb/duckdb-go/v2" // database/sql driver "duckdb"
)

// ChildCommand is the subcommand that runs one DuckDB job in a process of
// its own: the benchmark re-executes its own binary (Config.Self) with it, so
// that the job's wall time, CPU time and peak RSS are the child's alone.
const ChildCommand = "duckdb-job"

// Child runs ChildMain when args[0] is ChildCommand: ok is false otherwise.
// The main function of the program that is Config.Self calls it first, and
// exits with code when ok.
func Child(args []string) (code int, ok bool) {
	if len(args) == 0 || args[0] != ChildCommand {
		return 0, false
	}
	return ChildMain(args[1:], os.Stderr), true
}

// ChildMain runs a DuckDB job: args are -threads N -sql STATEMENT (the COPY
// of copySQL). It opens an in-memory database, sets threads and runs the
// statement. It returns the process's exit status.
func ChildMain(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet(ChildCommand, flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", 1, "DuckDB's threads setting")
	stmt := fs.String("sql", "", "the statement to run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *stmt == "" || *threads < 1 || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "usage: %s -threads N -sql STATEMENT\n", ChildCommand)
		return 2
	}
	if err := runDuckDB(context.Background(), *threads, *stmt); err != nil {
		fmt.Fprintf(stderr, "duckdb: %v\n", err)
		return 1
	}
	return 0
}

func runDuckDB(ctx context.Context, threads int, stmts ...string) error {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return err
	}
	defer db.Close()
	// One connection: the settings and the statement share it.
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, s := range append([]string{fmt.Sprintf("SET threads = %d", threads)}, stmts...) {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// duckdbVersion is the version of the DuckDB library linked in.
func duckdbVersion(ctx context.Context) (string, error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return "", err
	}
	defer db.Close()
	var v string
	err = db.QueryRowContext(ctx, "SELECT version()").Scan(&v)
	return v, err
}

// compareOutputs checks that exprc's output file (format outFmt) holds the
// same rows as DuckDB's, by value: the same column names, the same number of
// rows, and no row of either missing from the other counting duplicates
// (EXCEPT ALL both ways). DOUBLE values are compared exactly: CSV files are
// read with the query's output types (DuckDB parses the shortest spelling of
// a double back to the same double), Parquet files as stored, and their
// columns must have the same DuckDB types too. It returns the number of rows.
func (s *spec) compareOutputs(ctx context.Context, outFmt, exprcOut, duckOut string) (int64, error) {
	if outFmt == "csv" {
		want := s.header()
		for _, f := range []string{exprcOut, duckOut} {
			got, err := firstLine(f)
			if err != nil {
				return 0, err
			}
			if got != want {
				return 0, fmt.Errorf("%s: header %q, want %q", f, got, want)
			}
		}
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return 0, err
	}
	defer db.Close()
	a, b := reader(outFmt, exprcOut, s.output), reader(outFmt, duckOut, s.output)
	if outFmt == "parquet" {
		na, err := columnNames(ctx, db, a)
		if err != nil {
			return 0, err
		}
		nb, err := columnNames(ctx, db, b)
		if err != nil {
			return 0, err
		}
		if strings.Join(na, ",") != strings.Join(nb, ",") {
			return 0, fmt.Errorf("columns differ: exprc's %s has %v, DuckDB's %s %v", exprcOut, na, duckOut, nb)
		}
	}
	var na, nb, onlyA, onlyB int64
	q := fmt.Sprintf(`SELECT (SELECT count(*) FROM %[1]s), (SELECT count(*) FROM %[2]s),
		(SELECT count(*) FROM (SELECT * FROM %[1]s EXCEPT ALL SELECT * FROM %[2]s)),
		(SELECT count(*) FROM (SELECT * FROM %[2]s EXCEPT ALL SELECT * FROM %[1]s))`, a, b)
	if err := db.QueryRowContext(ctx, q).Scan(&na, &nb, &onlyA, &onlyB); err != nil {
		return 0, fmt.Errorf("comparing %s and %s: %w", exprcOut, duckOut, err)
	}
	if na != nb || onlyA != 0 || onlyB != 0 {
		return 0, fmt.Errorf("outputs differ: exprc's %s has %d rows, DuckDB's %s %d; %d rows of exprc's are not in DuckDB's, %d of DuckDB's not in exprc's",
			exprcOut, na, duckOut, nb, onlyA, onlyB)
	}
	return na, nil
}

// columnNames lists the columns of relation rel as "name TYPE".
func columnNames(ctx context.Context, db *sql.DB, rel string) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT column_name || ' ' || column_type FROM (DESCRIBE SELECT * FROM "+rel+")")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

// firstLine is the first line of a file, without its line end.
func firstLine(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", err
	}
	line, _, _ := strings.Cut(string(buf[:n]), "\n")
	return strings.TrimSuffix(line, "\r"), nil
}
