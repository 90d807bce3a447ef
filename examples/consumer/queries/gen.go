// Package queries holds the evaluators exprc compiles from spec.sql: one Go
// function per named query, over Arrow record batches of the orders table.
package queries

//go:generate go tool exprc gen --package queries spec.sql
