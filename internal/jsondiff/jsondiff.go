// Package jsondiff lists where two JSON values differ, leaf by leaf, with
// the paths tau2-bench's own replay uses ("address.zip", "items[2].price"):
// how the retail pack and the importer are checked against that replay.
package jsondiff

import (
	"strconv"

	"github.com/evalrun/evalrun/world"
)

// Leaves calls emit for every leaf that differs between before and after,
// under path: "a.b" into objects, "a[2]" into arrays, an absent field or
// entry read as null.
func Leaves(before, after any, path string, emit func(path string, b, a any)) {
	if bm, ok := before.(map[string]any); ok {
		if am, ok := after.(map[string]any); ok {
			for _, k := range world.UnionKeys(bm, am) {
				sub := k
				if path != "" {
					sub = path + "." + k
				}
				Leaves(bm[k], am[k], sub, emit)
			}
			return
		}
	}
	if bl, ok := before.([]any); ok {
		if al, ok := after.([]any); ok {
			for i := range max(len(bl), len(al)) {
				var b, a any
				if i < len(bl) {
					b = bl[i]
				}
				if i < len(al) {
					a = al[i]
				}
				Leaves(b, a, path+"["+strconv.Itoa(i)+"]", emit)
			}
			return
		}
	}
	if !world.Equal(before, after) {
		emit(path, before, after)
	}
}
