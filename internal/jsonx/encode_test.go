package jsonx

import (
	"encoding/json"
	"testing"
)

// FuzzAppend checks the fast encoder against encoding/json on the
// shapes tools return.
func FuzzAppend(f *testing.F) {
	f.Add("plain", 1.5, true)
	f.Add("quote \" back \\ <tag> & \n\t\x01 \u2028 é \xff", -0.000001, false)
	f.Add("", 1e21, true)
	f.Fuzz(func(t *testing.T, s string, x float64, flag bool) {
		v := map[string]any{
			s:   []any{s, x, flag, nil, map[string]any{"k": s, "n": x}},
			"z": 3.0, "a": []any{},
		}
		want, err := json.Marshal(v)
		got, ok := Append(nil, v)
		if err != nil {
			if ok {
				t.Fatalf("encoded what encoding/json rejects: %v", err)
			}
			return
		}
		if !ok || string(got) != string(want) {
			t.Fatalf("Append = %s, ok %v\nencoding/json = %s", got, ok, want)
		}
	})
}
