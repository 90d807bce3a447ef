// Package demo holds the tables of the shipped example spec: tables.sql
// declares lineitem (with TPC-H's DECIMAL(15,2) quantities and money) and
// events, which the demo queries (lineitem.sql, subquery.sql) read, compiled
// together with tables.sql: `exprc run examples/demo/tables.sql
// examples/demo/lineitem.sql ...`. The benchmarks have their own tables
// (bench/tables.sql), with DOUBLE money.
package demo

import _ "embed"

// TablesFile is the name of the file Tables holds.
const TablesFile = "tables.sql"

// Tables is the text of tables.sql.
//
//go:embed tables.sql
var Tables []byte
