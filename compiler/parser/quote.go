package parser

import (
	"strings"
	"unicode/utf8"
)

// QuoteName spells name as an identifier of a spec: as is when the lexer reads
// it back as one plain identifier (letters, digits and '_', not starting with
// a digit, and not a reserved word), else in backquotes with any backquote
// doubled. A program that writes spec text (`exprc schema`) must use it: the
// printed name must read back as exactly name, and this is the lexer's own
// rule. ok is false when no spelling reads back as name: an empty name or one
// that is not valid UTF-8.
func QuoteName(name string) (quoted string, ok bool) {
	if name == "" || !utf8.ValidString(name) {
		return "", false
	}
	plain := true
	for i, r := range name {
		if i == 0 && !isIdentStart(r) || !isIdentPart(r) {
			plain = false
			break
		}
	}
	if plain && !reserved[strings.ToUpper(name)] {
		return name, true
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`", true
}
