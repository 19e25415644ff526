package registry_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/internal/registry"
)

var _ = Describe("a registry", func() {
	var r *registry.Registry[int]
	BeforeEach(func() {
		r = registry.New[int]("things: thing", "thing")
		r.Add("b", 2)
		r.Add("a", 1)
	})

	It("looks values up by name and lists them sorted by name", func() {
		Expect(r.Get("b")).To(Equal(2))
		Expect(r.Names()).To(Equal([]string{"a", "b"}))
		Expect(r.All()).To(Equal([]int{1, 2}))
	})

	It("names the known values when a name is unknown", func() {
		v, err := r.Get("c")
		Expect(err).To(MatchError(`unknown thing "c" (known: [a b])`))
		Expect(v).To(BeZero())
	})

	It("panics on a name registered twice", func() {
		Expect(func() { r.Add("a", 3) }).To(PanicWith("things: thing registered twice: a"))
		Expect(r.Get("a")).To(Equal(1))
	})
})
