package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// Protocol is the dialect of a session; the handshake word chooses it.
type Protocol int

const (
	// UCI as Stockfish and Pikafish speak it.
	UCI Protocol = iota
	// UCCI, ElephantEye's protocol: ucci/ucciok, usemillisec, banmoves,
	// nobestmove, bye.
	UCCI
)

// String is the protocol's handshake word.
func (p Protocol) String() string {
	if p == UCCI {
		return "ucci"
	}
	return "uci"
}

// ok is the word that ends the engine's handshake.
func (p Protocol) ok() string { return p.String() + "ok" }

// Kind is an option's type, one of the five both protocols know.
type Kind int

// The five kinds; a combo's values and a spin's range come with it.
const (
	Check Kind = iota
	Spin
	Combo
	String
	Button
)

var kindNames = [...]string{Check: "check", Spin: "spin", Combo: "combo", String: "string", Button: "button"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// Option is one option as a handshake announces it.
type Option struct {
	Name     string
	Kind     Kind
	Default  string   // empty for a button
	Min, Max int      // a spin's range
	Vars     []string // a combo's values
}

// Line is the option's handshake line in protocol p. UCI writes "name"
// before the name and the default before the range or values; UCCI has no
// "name" word and puts the range or values first.
func (o Option) Line(p Protocol) string {
	var sb strings.Builder
	sb.WriteString("option ")
	if p == UCI {
		sb.WriteString("name ")
	}
	sb.WriteString(o.Name)
	sb.WriteString(" type ")
	sb.WriteString(o.Kind.String())
	if o.Kind == Button {
		return sb.String()
	}
	var rest string
	switch o.Kind {
	case Spin:
		rest = fmt.Sprintf(" min %d max %d", o.Min, o.Max)
	case Combo:
		for _, v := range o.Vars {
			rest += " var " + v
		}
	}
	def := " default " + o.Default
	if p == UCI {
		sb.WriteString(def + rest)
	} else {
		sb.WriteString(rest + def)
	}
	return sb.String()
}

// ParseOption reads a handshake's option line in either protocol's form.
func ParseOption(line string) (Option, error) {
	f := strings.Fields(line)
	bad := func(why string) (Option, error) { return Option{}, fmt.Errorf("option line %q: %s", line, why) }
	if len(f) < 2 || f[0] != "option" {
		return bad("does not start with option")
	}
	var o Option
	i := 1
	if f[1] == "name" { // UCI: the name runs up to "type" and may have spaces
		j := 2
		for j < len(f) && f[j] != "type" {
			j++
		}
		o.Name = strings.Join(f[2:j], " ")
		i = j
	} else {
		o.Name = f[1]
		i = 2
	}
	if o.Name == "" {
		return bad("no name")
	}
	if i+1 >= len(f) || f[i] != "type" {
		return bad("no type")
	}
	kind := -1
	for k, n := range kindNames {
		if f[i+1] == n {
			kind = k
		}
	}
	if kind < 0 {
		return bad("unknown type " + strconv.Quote(f[i+1]))
	}
	o.Kind = Kind(kind)
	// The rest are keywords with values; a default or a var value runs up
	// to the next keyword (UCI allows spaces in them).
	keyword := func(w string) bool { return w == "default" || w == "min" || w == "max" || w == "var" }
	for i += 2; i < len(f); {
		key := f[i]
		j := i + 1
		for j < len(f) && !keyword(f[j]) {
			j++
		}
		val := strings.Join(f[i+1:j], " ")
		switch key {
		case "default":
			o.Default = val
		case "var":
			o.Vars = append(o.Vars, val)
		case "min", "max":
			n, err := strconv.Atoi(val)
			if err != nil {
				return bad(key + " is not a number")
			}
			if key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		default:
			return bad("unknown word " + strconv.Quote(key))
		}
		i = j
	}
	return o, nil
}

// setOptionLine is the setoption command for an option in protocol p; an
// empty value (a button) sends the name alone.
func setOptionLine(p Protocol, name, value string) string {
	if p == UCCI {
		return strings.TrimSpace("setoption " + name + " " + value)
	}
	if value == "" {
		return "setoption name " + name
	}
	return "setoption name " + name + " value " + value
}

// splitSetOption reads the arguments of UCI `setoption name N value V` and
// UCCI `setoption N V` into the name and the value.
func splitSetOption(args []string) (name, value string) {
	if len(args) > 0 && strings.EqualFold(args[0], "name") {
		i := 1
		for i < len(args) && !strings.EqualFold(args[i], "value") {
			i++
		}
		name = strings.Join(args[1:i], " ")
		if i < len(args) {
			value = strings.Join(args[i+1:], " ")
		}
		return name, value
	}
	if len(args) > 0 {
		name, value = args[0], strings.Join(args[1:], " ")
	}
	return name, value
}
