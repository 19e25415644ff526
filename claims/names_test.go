package claims_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/scenarios/library"
)

// nameToken is a word, id, address or host name, in the library and in source.
var nameToken = regexp.MustCompile(`[A-Za-z0-9@._-]+`)

// libraryNames are the bundled library's own names: scenario, step and
// tool ids, world keys, field names and identifier-like values
// ("SL-0410-1530", "payments-api"), and the people named in its worlds.
func libraryNames() (map[string]bool, error) {
	lib, err := library.Load()
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	common := map[string]bool{} // words the library writes in lower case: not a name
	for _, s := range lib {
		for _, w := range strings.Fields(s.Description + " " + s.Task) {
			common[strings.Trim(w, ".,;:()\"'")] = true
		}
	}
	add := func(s string) {
		for _, w := range nameToken.FindAllString(s, -1) {
			w = strings.Trim(w, ".-_")
			if len(w) >= 4 && strings.ContainsAny(w, "-_@0123456789") && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
				names[w] = true
			}
		}
	}
	person := func(s string) {
		for _, w := range strings.Fields(s) {
			if w = strings.Trim(w, ".,"); len(w) >= 3 && unicode.IsUpper(rune(w[0])) && !common[strings.ToLower(w)] {
				names[w] = true
			}
		}
	}
	var walk func(field string, v any)
	walk = func(field string, v any) {
		switch x := v.(type) {
		case string:
			add(x)
			if field == "name" || strings.HasSuffix(field, "_name") {
				person(x)
			}
		case map[string]any:
			for k, y := range x {
				add(k)
				walk(k, y)
			}
		case []any:
			for _, y := range x {
				walk(field, y)
			}
		}
	}
	for _, s := range lib {
		add(s.ID)
		for c, recs := range s.World {
			add(c)
			for k, r := range recs {
				add(k)
				for f, v := range r {
					add(f)
					walk(f, v)
				}
			}
		}
		for _, st := range s.Steps {
			add(st.ID)
			add(st.Action.Tool)
			walk("", map[string]any(st.Action.Args))
		}
	}
	return names, nil
}

// The framework may not know a pack's words, in its code or in the examples
// its comments give: what a domain names is the scenario's and the pack's.
var _ = Describe("the framework's source", func() {
	It("names nothing of the bundled library (claims/ and faults/)", func() {
		names, err := libraryNames()
		Expect(err).NotTo(HaveOccurred())
		Expect(len(names)).To(BeNumerically(">", 300))
		var found []string
		for _, dir := range []string{".", "../faults"} {
			files, err := filepath.Glob(filepath.Join(dir, "*.go"))
			Expect(err).NotTo(HaveOccurred())
			for _, f := range files {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				b, err := os.ReadFile(f)
				Expect(err).NotTo(HaveOccurred())
				for i, line := range strings.Split(string(b), "\n") {
					for _, t := range nameToken.FindAllString(line, -1) {
						if t = strings.Trim(t, ".-_"); names[t] {
							found = append(found, filepath.Join(dir, filepath.Base(f))+":"+strconv.Itoa(i+1)+": "+t)
						}
					}
				}
			}
		}
		sort.Strings(found)
		Expect(found).To(BeEmpty(), "rename these to placeholders of no pack:\n%s", strings.Join(found, "\n"))
	})
})
