// Package demo holds the tables of the shipped example spec: tables.sql
// declares lineitem and events, which the demo queries (lineitem.sql) and the
// benchmark queries (bench/bench.sql) read. Both are compiled together with
// tables.sql: `exprc run examples/demo/tables.sql examples/demo/lineitem.sql
// ...`, and package bench compiles its embedded bench.sql with Tables.
package demo

import _ "embed"

// TablesFile is the name of the file Tables holds.
const TablesFile = "tables.sql"

// Tables is the text of tables.sql.
//
//go:embed tables.sql
var Tables []byte
