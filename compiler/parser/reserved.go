package parser

import (
	"fmt"
	"strings"
)

// reserved lists the keywords that cannot be unquoted identifiers, mostly
// so that clause keywords are not mistaken for aliases ("FROM t GROUP BY"
// must not make GROUP the alias of t).
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		SELECT FROM WHERE GROUP BY HAVING ORDER LIMIT OFFSET FETCH UNION INTERSECT EXCEPT MINUS
		JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL ON USING WINDOW QUALIFY LATERAL
		AND OR NOT IS NULL TRUE FALSE BETWEEN IN LIKE ILIKE RLIKE REGEXP ESCAPE
		CASE WHEN THEN ELSE END CAST AS DIV EXISTS DISTINCT ALL
		CREATE TABLE INSERT UPDATE DELETE WITH`) {
		reserved[w] = true
	}
}

func isReserved(t token) bool {
	return t.kind == tIdent && reserved[strings.ToUpper(t.text)]
}

// isName reports whether t can be used as an identifier.
func isName(t token) bool {
	return t.kind == tQIdent || t.kind == tIdent && !isReserved(t)
}

// QuoteName writes name the way a spec must spell it to mean that column or
// table: unchanged when it lexes as one identifier and is not a reserved word,
// else in backquotes with any backquote doubled. Messages that suggest a name
// use it, so that the suggestion can be pasted as it is.
func QuoteName(name string) string {
	plain := name != ""
	for i, r := range name {
		if i == 0 && !isIdentStart(r) || !isIdentPart(r) {
			plain = false
			break
		}
	}
	if plain && !reserved[strings.ToUpper(name)] {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

// reservedHint is the advice added to a syntax error at t when t is a
// reserved word where a name would fit: "outer is a reserved word; write it in
// backquotes: `outer`". Without it, "expected column name but found "outer""
// leaves a user who named a column outer guessing.
func reservedHint(t token) string {
	if !isReserved(t) {
		return ""
	}
	return fmt.Sprintf(": %s is a reserved word; write it in backquotes: `%s`", t.text, t.text)
}

// nameFollowers are the tokens after which a reserved word met where an
// expression or a table name was expected reads as a name the user meant
// ("SELECT outer FROM t", "WHERE order > 5", "FROM outer WHERE"), rather than a
// missing operand before a keyword ("SELECT a, FROM t", "WHERE a = AND b").
var nameFollowers = map[string]bool{
	",": true, ")": true, ";": true, ".": true, "[": true,
	"=": true, "==": true, "<>": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true, "<=>": true,
	"+": true, "-": true, "*": true, "/": true, "%": true, "||": true, "&": true, "|": true, "^": true,
	"FROM": true, "WHERE": true, "AS": true, "AND": true, "OR": true, "IS": true, "IN": true,
	"BETWEEN": true, "LIKE": true, "ILIKE": true, "RLIKE": true, "NOT": true,
}

// looksLikeName reports whether the reserved word t, followed by next, is
// better read as a name written without backquotes (see nameFollowers; where
// a table name is expected, aliasNext says an alias may follow it too: "FROM
// outer o"). SELECT, FROM and WHERE themselves never are: "FROM WHERE x" and
// "SELECT a, FROM t" lack a table or an expression.
func looksLikeName(t, next token, aliasNext bool) bool {
	if !isReserved(t) {
		return false
	}
	switch strings.ToUpper(t.text) {
	case "FROM", "WHERE", "SELECT":
		return false
	}
	switch next.kind {
	case tEOF:
		return true
	case tOp:
		return nameFollowers[next.text]
	case tIdent:
		return nameFollowers[strings.ToUpper(next.text)] || aliasNext && isName(next)
	case tQIdent:
		return aliasNext
	}
	return false
}
