package retail

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var calculate = mocktools.Read("calculate",
	"Evaluate an arithmetic expression and get the result rounded to two decimals. Only digits, "+
		"+ - * / ( ) . and spaces may appear, such as (155.33 - 147.05) * 2.",
	mocktools.Object(map[string]any{"expression": mocktools.Str("the expression, such as 2 + 2")}, "expression"),
	func(_ context.Context, _ *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		out, err := evalExpression(a.String("expression"))
		if err != nil {
			return nil, err
		}
		return mocktools.Body{"result": out}, nil
	})

// evalExpression evaluates expr as Python 3 evaluates the same text, then
// rounds the value to cents and prints it as Python prints a float: whole
// numbers stay exact until the end, / divides to a float, // floors, **
// raises to a power (right to left, above unary minus), "4" comes out as
// "4.0" and 1e16 as "1e+16".
func evalExpression(expr string) (string, error) {
	for _, r := range expr {
		if !strings.ContainsRune("0123456789+-*/(). ", r) {
			return "", fmt.Errorf("the expression may hold only digits, + - * / ( ) . and spaces, not %q", r)
		}
	}
	p := &calcParser{src: expr}
	p.next()
	v, err := p.sum()
	if err == nil && p.tok != "" {
		err = fmt.Errorf("unexpected %q", p.tok)
	}
	if err != nil {
		return "", fmt.Errorf("cannot evaluate %q: %w", expr, err)
	}
	f, err := v.float()
	if err != nil {
		return "", fmt.Errorf("cannot evaluate %q: %w", expr, err)
	}
	return pyRepr(roundCents(f)), nil
}

// calcValue is a Python number: an exact integer or a float.
type calcValue struct {
	i *big.Int // nil for a float
	f float64
}

var errTooLarge = errors.New("the result is too large for a float")

// float converts as Python's float() does: an integer too large for a
// float is an error, not an infinity.
func (v calcValue) float() (float64, error) {
	if v.i == nil {
		return v.f, nil
	}
	f, _ := new(big.Float).SetInt(v.i).Float64()
	if math.IsInf(f, 0) {
		return 0, errTooLarge
	}
	return f, nil
}

// maxIntBits bounds exact integers: far past what a float can hold, so a
// result a float could still express after a division is kept exact.
const maxIntBits = 1 << 16

type calcParser struct {
	src string
	pos int
	tok string // the current token; "" at the end
	num bool   // the token is a number
}

func (p *calcParser) next() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
	p.num = false
	if p.pos == len(p.src) {
		p.tok = ""
		return
	}
	start := p.pos
	c := p.src[p.pos]
	switch {
	case c >= '0' && c <= '9' || c == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
		for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			p.pos++
		}
		if p.pos < len(p.src) && p.src[p.pos] == '.' {
			p.pos++
			for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
				p.pos++
			}
		}
		p.num = true
	case (c == '*' || c == '/') && p.pos+1 < len(p.src) && p.src[p.pos+1] == c:
		p.pos += 2
	default:
		p.pos++
	}
	p.tok = p.src[start:p.pos]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// sum := term (("+" | "-") term)*
func (p *calcParser) sum() (calcValue, error) { return p.binary(p.term, "+", "-") }

// term := unary (("*" | "/" | "//") unary)*
func (p *calcParser) term() (calcValue, error) { return p.binary(p.unary, "*", "/", "//") }

// binary reads operands with next, joined left to right by any of ops.
func (p *calcParser) binary(next func() (calcValue, error), ops ...string) (calcValue, error) {
	v, err := next()
	for err == nil && slices.Contains(ops, p.tok) {
		op := p.tok
		p.next()
		var w calcValue
		if w, err = next(); err == nil {
			v, err = arith(op, v, w)
		}
	}
	return v, err
}

// unary := ("+" | "-") unary | power
func (p *calcParser) unary() (calcValue, error) {
	switch p.tok {
	case "-":
		p.next()
		v, err := p.unary()
		if err != nil {
			return v, err
		}
		if v.i != nil {
			return calcValue{i: new(big.Int).Neg(v.i)}, nil
		}
		return calcValue{f: -v.f}, nil
	case "+":
		p.next()
		return p.unary()
	}
	return p.power()
}

// power := atom ("**" unary)?
func (p *calcParser) power() (calcValue, error) {
	v, err := p.atom()
	if err != nil || p.tok != "**" {
		return v, err
	}
	p.next()
	w, err := p.unary()
	if err != nil {
		return v, err
	}
	return pow(v, w)
}

// atom := number | "(" sum ")"
func (p *calcParser) atom() (calcValue, error) {
	switch {
	case p.num:
		t := p.tok
		p.next()
		if p.num || p.tok == "(" {
			return calcValue{}, fmt.Errorf("unexpected %q after %q", p.tok, t)
		}
		return number(t)
	case p.tok == "(":
		p.next()
		if p.tok == ")" {
			return calcValue{}, errors.New("() is not a number")
		}
		v, err := p.sum()
		if err != nil {
			return v, err
		}
		if p.tok != ")" {
			return v, errors.New("unbalanced parentheses")
		}
		p.next()
		if p.num || p.tok == "(" {
			return calcValue{}, fmt.Errorf("unexpected %q after a parenthesis", p.tok)
		}
		return v, nil
	case p.tok == "":
		return calcValue{}, errors.New("unexpected end of the expression")
	}
	return calcValue{}, fmt.Errorf("unexpected %q", p.tok)
}

// number reads a literal: with a point it is a float, without it an
// integer, which Python refuses with a leading zero ("01").
func number(t string) (calcValue, error) {
	if strings.Contains(t, ".") {
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return calcValue{}, fmt.Errorf("bad number %q", t)
		}
		return calcValue{f: f}, nil
	}
	if len(t) > 1 && t[0] == '0' && strings.Trim(t, "0") != "" {
		return calcValue{}, fmt.Errorf("leading zeros are not allowed in %q", t)
	}
	i, _ := new(big.Int).SetString(t, 10)
	return calcValue{i: i}, nil
}

var errZeroDivision = errors.New("division by zero")

// arith applies + - * / or // with Python's rules: two integers give an
// exact integer (or, for /, the correctly rounded float of the exact
// quotient); anything with a float is float arithmetic.
func arith(op string, v, w calcValue) (calcValue, error) {
	if v.i != nil && w.i != nil {
		x, y := v.i, w.i
		switch op {
		case "+":
			return bounded(new(big.Int).Add(x, y))
		case "-":
			return bounded(new(big.Int).Sub(x, y))
		case "*":
			return bounded(new(big.Int).Mul(x, y))
		case "/":
			if y.Sign() == 0 {
				return calcValue{}, errZeroDivision
			}
			f, _ := new(big.Rat).SetFrac(x, y).Float64()
			if math.IsInf(f, 0) {
				return calcValue{}, errTooLarge
			}
			return calcValue{f: f}, nil
		case "//":
			if y.Sign() == 0 {
				return calcValue{}, errZeroDivision
			}
			q, m := new(big.Int).QuoRem(x, y, new(big.Int))
			if m.Sign() != 0 && (m.Sign() < 0) != (y.Sign() < 0) {
				q.Sub(q, big.NewInt(1))
			}
			return calcValue{i: q}, nil
		}
	}
	x, err := v.float()
	if err != nil {
		return calcValue{}, err
	}
	y, err := w.float()
	if err != nil {
		return calcValue{}, err
	}
	switch op {
	case "+":
		return calcValue{f: x + y}, nil
	case "-":
		return calcValue{f: x - y}, nil
	case "*":
		return calcValue{f: x * y}, nil
	case "/":
		if y == 0 {
			return calcValue{}, errZeroDivision
		}
		return calcValue{f: x / y}, nil
	}
	if y == 0 {
		return calcValue{}, errZeroDivision
	}
	return calcValue{f: floorDiv(x, y)}, nil
}

func bounded(i *big.Int) (calcValue, error) {
	if i.BitLen() > maxIntBits {
		return calcValue{}, errTooLarge
	}
	return calcValue{i: i}, nil
}

// floorDiv is Python's float //: the floor of the quotient, computed from
// the remainder so that it agrees with Python's %.
func floorDiv(x, y float64) float64 {
	mod := math.Mod(x, y)
	div := (x - mod) / y
	if mod != 0 && (y < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, x/y)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

// pow is Python's **: an integer to a non-negative integer power is exact;
// anything else is a float power, whose overflow is an error and whose
// negative base with a fractional exponent (a complex number in Python) is
// not a number here.
func pow(v, w calcValue) (calcValue, error) {
	if v.i != nil && w.i != nil && w.i.Sign() >= 0 {
		switch {
		case v.i.CmpAbs(big.NewInt(1)) <= 0:
			// 0, 1 or -1: only whether the exponent is 0, odd or even matters.
			e := int64(0)
			if w.i.Sign() > 0 {
				e = 2 + int64(w.i.Bit(0))
			}
			return calcValue{i: new(big.Int).Exp(v.i, big.NewInt(e), nil)}, nil
		case !w.i.IsInt64() || w.i.Int64() > maxIntBits || int64(v.i.BitLen()-1)*w.i.Int64() > maxIntBits:
			return calcValue{}, errTooLarge
		}
		return bounded(new(big.Int).Exp(v.i, w.i, nil))
	}
	x, err := v.float()
	if err != nil {
		return calcValue{}, err
	}
	y, err := w.float()
	if err != nil {
		return calcValue{}, err
	}
	return floatPow(x, y)
}

// floatPow follows CPython's float power, special cases first.
func floatPow(x, y float64) (calcValue, error) {
	odd := func(y float64) bool { return math.Mod(math.Abs(y), 2) == 1 }
	switch {
	case y == 0:
		return calcValue{f: 1}, nil
	case math.IsNaN(x):
		return calcValue{f: x}, nil
	case math.IsNaN(y):
		if x == 1 {
			return calcValue{f: 1}, nil
		}
		return calcValue{f: y}, nil
	case math.IsInf(y, 0):
		ax := math.Abs(x)
		switch {
		case ax == 1:
			return calcValue{f: 1}, nil
		case (y > 0) == (ax > 1):
			return calcValue{f: math.Inf(1)}, nil
		}
		return calcValue{f: 0}, nil
	case math.IsInf(x, 0):
		if y > 0 {
			if odd(y) {
				return calcValue{f: x}, nil
			}
			return calcValue{f: math.Abs(x)}, nil
		}
		if odd(y) {
			return calcValue{f: math.Copysign(0, x)}, nil
		}
		return calcValue{f: 0}, nil
	case x == 0:
		if y < 0 {
			return calcValue{}, errors.New("0.0 cannot be raised to a negative power")
		}
		if odd(y) {
			return calcValue{f: x}, nil
		}
		return calcValue{f: 0}, nil
	}
	negate := false
	if x < 0 {
		if y != math.Floor(y) {
			return calcValue{}, errors.New("a negative number to a fractional power is not a real number")
		}
		x, negate = -x, odd(y)
	}
	r := 1.0
	if x != 1 {
		r = math.Pow(x, y)
		if math.IsInf(r, 0) {
			return calcValue{}, errTooLarge
		}
	}
	if negate {
		r = -r
	}
	return calcValue{f: r}, nil
}

// pyRepr prints a float as Python's repr does: the shortest digits that
// read back to it, ".0" on whole numbers, and an exponent from 1e16 up or
// below 1e-4.
func pyRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if decpt := exp + 1; decpt <= -4 || decpt > 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
