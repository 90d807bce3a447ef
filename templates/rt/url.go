package rt

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// parse_url and try_parse_url: Spark parses the URL with java.net.URI
// (RFC 2396 with Java's deviations) and returns one of its raw components.
// uriParts is what the parse leaves; a component Java leaves null has its
// has* flag false.

// InvalidURL is the class of parse_url's error for a URL java.net.URI refuses.
const InvalidURL = "INVALID_URL"

type uriParts struct {
	scheme, authority, userInfo, host, path, query, fragment                      string
	hasScheme, hasAuthority, hasUserInfo, hasHost, hasPath, hasQuery, hasFragment bool
}

// Character classes of java.net.URI (bit c set for ASCII c).
type charClass [2]uint64

func (c charClass) has(b byte) bool {
	if b == 0 || b >= 128 {
		return false
	}
	return c[b>>6]&(1<<(b&63)) != 0
}

func classOf(chars string, more ...charClass) charClass {
	var c charClass
	for i := 0; i < len(chars); i++ {
		c[chars[i]>>6] |= 1 << (chars[i] & 63)
	}
	for _, m := range more {
		c[0] |= m[0]
		c[1] |= m[1]
	}
	return c
}

const (
	uriDigits = "0123456789"
	uriAlpha  = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

var (
	uDigit      = classOf(uriDigits)
	uAlpha      = classOf(uriAlpha)
	uAlphanum   = classOf(uriDigits + uriAlpha)
	uHex        = classOf(uriDigits + "abcdefABCDEF")
	uUnreserved = classOf(uriDigits + uriAlpha + "-_.!~*'()")
	uURIC       = classOf(";/?:@&=+$,[]", uUnreserved)
	uPchar      = classOf(":@&=+$,", uUnreserved)
	uPath       = classOf(";/", uPchar)
	uUserInfo   = classOf(";:&=+$,", uUnreserved)
	uRegName    = classOf("$,;:@&=+", uUnreserved)
	uServer     = classOf("-.:@[]", uUserInfo, uAlphanum)
	uServerPct  = classOf("%", uServer)
	uScheme     = classOf("+-.", uAlphanum)
	uScopeID    = classOf("_.", uAlphanum)
	uAlnumDash  = classOf("-", uAlphanum)
	uDigitDot   = classOf(".", uDigit)
)

// uriFail is the panic value of a refused URI inside uriParser.
type uriFail struct{}

type uriParser struct {
	s   string
	u   uriParts
	v6n int
}

func (p *uriParser) fail() { panic(uriFail{}) }

func (p *uriParser) at(i, n int, c byte) bool { return i < n && p.s[i] == c }

// scanStop returns the index of the first byte of stop in s[i:n], or n.
func (p *uriParser) scanStop(i, n int, stop string) int {
	for i < n && strings.IndexByte(stop, p.s[i]) < 0 {
		i++
	}
	return i
}

// scanErrStop is Java's scan(start, end, err, stop): -1 when a character of
// err comes before one of stop.
func (p *uriParser) scanErrStop(i, n int, err, stop string) int {
	for i < n {
		c := p.s[i]
		if strings.IndexByte(err, c) >= 0 {
			return -1
		}
		if strings.IndexByte(stop, c) >= 0 {
			break
		}
		i++
	}
	return i
}

// scanClass skips characters of class c, and, when escapes is set, escape
// pairs and visible non-ASCII characters; a malformed escape pair fails.
func (p *uriParser) scanClass(i, n int, c charClass, escapes bool) int {
	for i < n {
		b := p.s[i]
		if c.has(b) {
			i++
			continue
		}
		if !escapes {
			break
		}
		if b == '%' {
			if i+3 <= n && uHex.has(p.s[i+1]) && uHex.has(p.s[i+2]) {
				i += 3
				continue
			}
			p.fail()
		}
		if b >= utf8.RuneSelf {
			r, w := utf8.DecodeRuneInString(p.s[i:n])
			if r > 128 && !unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) && !(r >= 0x7f && r <= 0x9f) {
				i += w
				continue
			}
		}
		break
	}
	return i
}

func (p *uriParser) check(i, n int, c charClass, escapes bool) {
	if p.scanClass(i, n, c, escapes) < n {
		p.fail()
	}
}

func (p *uriParser) parse() {
	s := p.s
	n := len(s)
	i := p.scanErrStop(0, n, "/?#", ":")
	if i >= 0 && p.at(i, n, ':') {
		if i == 0 {
			p.fail()
		}
		p.check(0, 1, uAlpha, false)
		p.check(1, i, uScheme, false)
		p.u.scheme, p.u.hasScheme = s[:i], true
		i++
		if p.at(i, n, '/') {
			i = p.hierarchical(i, n)
		} else {
			q := p.scanStop(i, n, "#")
			if q <= i {
				p.fail()
			}
			p.check(i, q, uURIC, true)
			i = q
		}
	} else {
		i = p.hierarchical(0, n)
	}
	if p.at(i, n, '#') {
		p.check(i+1, n, uURIC, true)
		p.u.fragment, p.u.hasFragment = s[i+1:], true
		i = n
	}
	if i < n {
		p.fail()
	}
}

func (p *uriParser) hierarchical(i, n int) int {
	if p.at(i, n, '/') && p.at(i+1, n, '/') {
		i += 2
		q := p.scanStop(i, n, "/?#")
		if q > i {
			i = p.authority(i, q)
		} else if q >= n {
			p.fail()
		}
	}
	q := p.scanStop(i, n, "?#")
	p.check(i, q, uPath, true)
	p.u.path, p.u.hasPath = p.s[i:q], true
	i = q
	if p.at(i, n, '?') {
		i++
		q = p.scanStop(i, n, "#")
		p.check(i, q, uURIC, true)
		p.u.query, p.u.hasQuery = p.s[i:q], true
		i = q
	}
	return i
}

func (p *uriParser) authority(i, n int) int {
	var serverChars bool
	if p.scanStop(i, n, "]") > i { // Java's test for a literal IPv6 address, where % is allowed

		serverChars = p.scanClass(i, n, uServerPct, true) == n
	} else {
		serverChars = p.scanClass(i, n, uServer, true) == n
	}
	regChars := p.scanClass(i, n, uRegName, true) == n
	if regChars && !serverChars {
		p.u.authority, p.u.hasAuthority = p.s[i:n], true
		return n
	}
	skip := regChars
	q := i
	if serverChars {
		saved := p.u
		ok := func() (ok bool) {
			defer func() {
				if r := recover(); r != nil {
					if _, isFail := r.(uriFail); !isFail {
						panic(r)
					}
					ok = false
				}
			}()
			q = p.server(i, n, skip)
			return true
		}()
		switch {
		case !ok:
			p.u = saved
			q = i
		case q < n && skip:
			p.u = saved
			q = i
		case q < n:
			p.fail()
		default:
			p.u.authority, p.u.hasAuthority = p.s[i:n], true
		}
	}
	if q < n {
		if regChars {
			p.u.authority, p.u.hasAuthority = p.s[i:n], true
		} else {
			p.fail()
		}
	}
	return n
}

func (p *uriParser) server(i, n int, skip bool) int {
	q := p.scanErrStop(i, n, "/?#", "@")
	if q >= i && p.at(q, n, '@') {
		p.check(i, q, uUserInfo, true)
		p.u.userInfo, p.u.hasUserInfo = p.s[i:q], true
		i = q + 1
	}
	if p.at(i, n, '[') {
		i++
		q = p.scanErrStop(i, n, "/?#", "]")
		if q > i && p.at(q, n, ']') {
			if r := p.scanStop(i, q, "%"); r > i && r < q {
				p.ipv6(i, r)
				if r+1 == q {
					p.fail()
				}
				p.check(r+1, q, uScopeID, false)
			} else {
				p.ipv6(i, q)
			}
			p.u.host, p.u.hasHost = p.s[i-1:q+1], true
			i = q + 1
		} else {
			p.fail()
		}
	} else {
		q = p.ipv4(i, n)
		if q <= i {
			q = p.hostname(i, n, skip)
		}
		i = q
	}
	if p.at(i, n, ':') {
		i++
		q = p.scanStop(i, n, "/")
		if q > i {
			p.check(i, q, uDigit, false)
			if _, err := strconv.ParseInt(p.s[i:q], 10, 32); err != nil {
				p.fail()
			}
			i = q
		}
	} else if i < n && skip {
		return i
	}
	if i < n {
		p.fail()
	}
	return i
}

// scanByte scans a decimal number of at most 255 (leading zeros allowed).
func (p *uriParser) scanByte(i, n int) int {
	q := p.scanClass(i, n, uDigit, false)
	if q <= i {
		return q
	}
	j := i
	for j < q && p.s[j] == '0' {
		j++
	}
	switch sig := q - j; {
	case sig < 3:
		return q
	case sig > 3:
		return i
	}
	if v, _ := strconv.Atoi(p.s[i:q]); v > 255 {
		return i
	}
	return q
}

// scanIPv4 is Java's scanIPv4Address; strict fails where the text is not
// one, else -1.
func (p *uriParser) scanIPv4(i, n int, strict bool) int {
	m := p.scanClass(i, n, uDigitDot, false)
	if m <= i || strict && m != n {
		return -1
	}
	q := i
	for k := 0; k < 4; k++ {
		if k > 0 {
			if !p.at(q, m, '.') {
				goto bad
			}
			q++
		}
		r := p.scanByte(q, m)
		if r <= q {
			goto bad
		}
		q = r
	}
	if q >= m {
		return q
	}
bad:
	if strict {
		p.fail()
	}
	return -1
}

func (p *uriParser) ipv4(i, n int) int {
	q := p.scanIPv4(i, n, false)
	if q == -1 {
		return -1
	}
	if q > i && q < n && p.s[q] != ':' {
		return -1
	}
	if q > i {
		p.u.host, p.u.hasHost = p.s[i:q], true
	}
	return q
}

func (p *uriParser) hostname(i, n int, skip bool) int {
	start, l := i, -1
	for {
		q := p.scanClass(i, n, uAlphanum, false)
		if q <= i {
			break
		}
		l, i = i, q
		q = p.scanClass(i, n, uAlnumDash, false)
		if q > i {
			if p.s[q-1] == '-' {
				p.fail()
			}
			i = q
		}
		if !p.at(i, n, '.') {
			break
		}
		i++
		if i >= n {
			break
		}
	}
	if i < n && !p.at(i, n, ':') {
		if skip {
			return i
		}
		p.fail()
	}
	if l < 0 {
		p.fail()
	}
	if l > start && !uAlpha.has(p.s[l]) {
		p.fail()
	}
	p.u.host, p.u.hasHost = p.s[start:i], true
	return i
}

func (p *uriParser) takeIPv4(i, n int) int {
	q := p.scanIPv4(i, n, true)
	if q <= i {
		p.fail()
	}
	return q
}

func (p *uriParser) ipv6(i, n int) {
	compressed := false
	if q := p.hexSeq(i, n); q > i {
		i = q
		if strings.HasPrefix(p.s[i:n], "::") {
			compressed = true
			i = p.hexPost(i+2, n)
		} else if p.at(i, n, ':') {
			i = p.takeIPv4(i+1, n)
			p.v6n += 4
		}
	} else if strings.HasPrefix(p.s[i:n], "::") {
		compressed = true
		i = p.hexPost(i+2, n)
	}
	if i < n || p.v6n > 16 || !compressed && p.v6n < 16 || compressed && p.v6n == 16 {
		p.fail()
	}
}

func (p *uriParser) hexPost(i, n int) int {
	if i == n {
		return i
	}
	if q := p.hexSeq(i, n); q > i {
		i = q
		if p.at(i, n, ':') {
			i = p.takeIPv4(i+1, n)
			p.v6n += 4
		}
		return i
	}
	i = p.takeIPv4(i, n)
	p.v6n += 4
	return i
}

func (p *uriParser) hexSeq(i, n int) int {
	q := p.scanClass(i, n, uHex, false)
	if q <= i || p.at(q, n, '.') {
		return -1
	}
	if q > i+4 {
		p.fail()
	}
	p.v6n += 2
	i = q
	for i < n {
		if !p.at(i, n, ':') || p.at(i+1, n, ':') {
			break
		}
		i++
		q = p.scanClass(i, n, uHex, false)
		if q <= i {
			p.fail()
		}
		if p.at(q, n, '.') {
			i--
			break
		}
		if q > i+4 {
			p.fail()
		}
		p.v6n += 2
		i = q
	}
	return i
}

// parseURI parses s as java.net.URI's constructor does; ok is false where
// it throws URISyntaxException.
func parseURI(s string) (u uriParts, ok bool) {
	p := uriParser{s: s}
	defer func() {
		if r := recover(); r != nil {
			if _, isFail := r.(uriFail); !isFail {
				panic(r)
			}
			ok = false
		}
	}()
	p.parse()
	return p.u, true
}

// urlPart is parse_url's component part of a parsed URL.
func urlPart(u *uriParts, part string) (string, bool) {
	switch part {
	case "HOST":
		return u.host, u.hasHost
	case "PATH":
		return u.path, u.hasPath
	case "QUERY":
		return u.query, u.hasQuery
	case "REF":
		return u.fragment, u.hasFragment
	case "PROTOCOL":
		return u.scheme, u.hasScheme
	case "FILE":
		if u.hasQuery {
			return u.path + "?" + u.query, true
		}
		return u.path, u.hasPath
	case "AUTHORITY":
		return u.authority, u.hasAuthority
	case "USERINFO":
		return u.userInfo, u.hasUserInfo
	}
	return "", false
}

func invalidURL(url string) *Error {
	return NewError(InvalidURL, "The url is invalid: "+url+". Use `try_parse_url` to tolerate invalid URL and return NULL instead.")
}

// parseURL is parse_url's value: s, whether it is not NULL, and whether the
// URL parses (Spark parses it before looking at the part).
func parseURL(url, part string) (string, bool, bool) {
	u, ok := parseURI(url)
	if !ok {
		return "", false, false
	}
	s, has := urlPart(&u, part)
	return s, has, true
}

// parseURLKey is parse_url(url, 'QUERY', key): the value of the first
// query parameter key (Spark's regex (&|^)key=([^&]*), where key is itself a
// regular expression).
func parseURLKey(url, part, key string) (string, bool, *Error) {
	if part != "QUERY" {
		return "", false, nil
	}
	u, ok := parseURI(url)
	if !ok {
		return "", false, invalidURL(url)
	}
	if !u.hasQuery {
		return "", false, nil
	}
	r, err := regexFor("parse_url", "(&|^)"+key+"=([^&]*)")
	if err != nil {
		return "", false, err
	}
	loc := r.find(u.query, 0)
	if len(loc) < 6 || loc[4] < 0 {
		return "", false, nil
	}
	return u.query[loc[4]:loc[5]], true, nil
}

// ParseURLDefined is the guard of parse_url(url, part): false where it is
// NULL (an unknown part, a component the URL lacks); true for an invalid URL,
// which the value raises.
func ParseURLDefined(url, part string) bool {
	_, has, ok := parseURL(url, part)
	return has || !ok
}

// ParseURL is parse_url(url, part) where its guard holds; an invalid URL
// raises INVALID_URL.
func ParseURL(url, part string) (string, *Error) {
	s, _, ok := parseURL(url, part)
	if !ok {
		return "", invalidURL(url)
	}
	return s, nil
}

// ParseURLKeyDefined is the guard of parse_url(url, part, key).
func ParseURLKeyDefined(url, part, key string) bool {
	_, has, err := parseURLKey(url, part, key)
	return has || err != nil
}

// ParseURLKey is parse_url(url, part, key) where its guard holds.
func ParseURLKey(url, part, key string) (string, *Error) {
	s, _, err := parseURLKey(url, part, key)
	return s, err
}

// TryParseURLDefined is the guard of try_parse_url(url, part): NULL for an
// invalid URL too.
func TryParseURLDefined(url, part string) bool {
	_, has, _ := parseURL(url, part)
	return has
}

// TryParseURL is try_parse_url(url, part) where its guard holds.
func TryParseURL(url, part string) string {
	s, _, _ := parseURL(url, part)
	return s
}

// TryParseURLKeyDefined is the guard of try_parse_url(url, part, key).
func TryParseURLKeyDefined(url, part, key string) bool {
	_, has, err := parseURLKey(url, part, key)
	return has || err != nil && err.Class != InvalidURL
}

// TryParseURLKey is try_parse_url(url, part, key) where its guard holds (a
// key that is not a valid regular expression still raises).
func TryParseURLKey(url, part, key string) (string, *Error) {
	s, _, err := parseURLKey(url, part, key)
	return s, err
}
