// Package templates holds the fixed runtime packages of generated code, rt and
// vec, the engine and fileio packages and main program of `exprc run
// --engine compiled`, and sqltype, the SQL-to-Arrow type table that fileio
// shares with the compiler. Source embeds their Go sources so exprc can build a
// compiled engine without a copy of its own source tree.
package templates

import "embed"

// Source holds rt/*.go and rt/zoneinfo.zip (the IANA zone rules, 10.2 of docs/semantics.md), vec/*.go, engine/*.go, fileio/*.go, sqltype/*.go
// (their _test.go files included: skip them when copying) and
// engine/main.go.tmpl, the main package of a compiled engine.
//
//go:embed rt/*.go rt/zoneinfo.zip vec/*.go engine/*.go fileio/*.go sqltype/*.go engine/main.go.tmpl
var Source embed.FS
