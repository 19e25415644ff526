package claims_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var update = flag.Bool("update", false, "rewrite fixtures/claims/known-misses.txt from what is measured")

// knownMissesFile lists every reading of the labeled sets known to be wrong,
// one per line under the "[set]" it was measured on. A miss not listed fails
// the suite; a listed one that is now read right is reported, to be taken off.
const knownMissesFile = "../fixtures/claims/known-misses.txt"

// measured collects each set's misses in the order the specs run, so that
// -update writes them all once.
var measured = map[string][]string{}

func loadKnownMisses() (map[string][]string, error) {
	f, err := os.Open(knownMissesFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out, set := map[string][]string{}, ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			set = line[1 : len(line)-1]
			out[set] = []string{}
		case set == "":
			return nil, fmt.Errorf("%s:%d: a miss before any [set] line", knownMissesFile, n)
		default:
			out[set] = append(out[set], line)
		}
	}
	return out, sc.Err()
}

// ratchet fails on a miss of set s that is not in the known list and reports
// the known misses that are fixed.
func ratchet(set string, s Score) {
	measured[set] = slices.Clone(s.Misses)
	if *update {
		return
	}
	known, err := loadKnownMisses()
	Expect(err).NotTo(HaveOccurred())
	list, ok := known[set]
	Expect(ok).To(BeTrue(), "%s has no [%s] section; run go test ./claims -update", knownMissesFile, set)
	var added, fixed []string
	for _, m := range s.Misses {
		if !slices.Contains(list, m) {
			added = append(added, m)
		}
	}
	for _, m := range list {
		if !slices.Contains(s.Misses, m) {
			fixed = append(fixed, m)
		}
	}
	if len(fixed) > 0 {
		AddReportEntry("claim misses fixed in "+set+": take them off fixtures/claims/known-misses.txt", strings.Join(fixed, "\n"))
	}
	Expect(added).To(BeEmpty(), "new misses in %s (fix the reading, or relabel if the label is wrong)", set)
}

var _ = AfterSuite(func() {
	if !*update {
		return
	}
	var b strings.Builder
	b.WriteString("# Readings of the labeled replies known to be wrong, by the set they were\n")
	b.WriteString("# measured on. go test ./claims fails on a miss not listed here and reports\n")
	b.WriteString("# the listed ones that are fixed; go test ./claims -update rewrites it.\n")
	sets := make([]string, 0, len(measured))
	for set := range measured {
		sets = append(sets, set)
	}
	slices.Sort(sets)
	for _, set := range sets {
		fmt.Fprintf(&b, "\n[%s]\n", set)
		for _, m := range measured[set] {
			b.WriteString(m + "\n")
		}
	}
	Expect(os.WriteFile(knownMissesFile, []byte(b.String()), 0o644)).To(Succeed())
})
