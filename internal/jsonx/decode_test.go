package jsonx

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecode checks Decode against encoding/json: whatever Decode accepts,
// encoding/json accepts with the same value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"order_id":"A1001","amount":120.5,"items":[{"sku":"MUG","qty":2}],"ok":true,"x":null}`,
		`{"a":"q\"\\\/\b\f\n\r\t","b":-0.0e+3,"c":[],"d":{}}`,
		`{"a":01}`, `{"a":1.}`, `{"a":"\u00e9"}`, `[1,2,]`, `{"a":1}x`, " \n{} ", `"\xff"`, `{"a":1,"a":2}`,
		`-`, `1e400`, `{"k":"é"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := Decode(s)
		var want any
		err := json.Unmarshal([]byte(s), &want)
		if !ok {
			return // encoding/json decides
		}
		if err != nil {
			t.Fatalf("Decode accepted %q, encoding/json: %v", s, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Decode(%q) = %#v, encoding/json = %#v", s, got, want)
		}
	})
}

func TestDecodeTakesToolArguments(t *testing.T) {
	v, ok := Decode(`{"order_id": "A1001", "items": [{"sku": "MUG-BLU", "qty": 2}], "amount": 120}`)
	if !ok {
		t.Fatal("Decode refused ordinary tool arguments")
	}
	want := map[string]any{"order_id": "A1001", "items": []any{map[string]any{"sku": "MUG-BLU", "qty": 2.0}}, "amount": 120.0}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v", v)
	}
}
