package retail_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
)

// calc runs the calculate tool on expr.
func calc(expr string) mocktools.Response {
	args, _ := json.Marshal(map[string]string{"expression": expr})
	return newCounter(shopState()).call("calculate", string(args))
}

// The expected values are what Python 3 prints for
// str(round(float(eval(expr)), 2)).
var _ = Describe("calculate", func() {
	DescribeTable("evaluates as Python does and prints the rounded float as Python does",
		func(expr, want string) {
			resp := calc(expr)
			Expect(resp.Status).To(Equal(mocktools.StatusOK), resp.Content())
			Expect(resp.Body).To(Equal(mocktools.Body{"result": want}))
		},
		Entry(nil, "2 + 2", "4.0"),
		Entry(nil, "3131.1 + 4777.75 + 367.38", "8276.23"),
		Entry(nil, "135.24 - 153.23", "-17.99"),
		Entry(nil, "0.1 + 0.2", "0.3"),
		Entry(nil, "10 / 4", "2.5"),
		Entry(nil, "7 // 2", "3.0"),
		Entry(nil, "-7 // 2", "-4.0"),
		Entry(nil, "7.5 // -2", "-4.0"),
		Entry(nil, "-7.5 // 2", "-4.0"),
		Entry(nil, "2 ** 10", "1024.0"),
		Entry(nil, "2 ** -1", "0.5"),
		Entry(nil, "-2 ** 2", "-4.0"),
		Entry(nil, "(-2) ** 2", "4.0"),
		Entry(nil, "2 ** 3 ** 2", "512.0"),
		Entry(nil, "10 ** 20", "1e+20"),
		Entry(nil, "10 ** 16 + 0.5", "1e+16"),
		Entry(nil, "1234567890123456.7", "1234567890123456.8"),
		Entry(nil, "99999999999999999", "1e+17"),
		Entry(nil, "1 / 3", "0.33"),
		Entry(nil, "2 / 3", "0.67"),
		Entry(nil, "-0.001", "-0.0"),
		Entry(nil, "-0", "0.0"),
		Entry(nil, "- 0.0", "-0.0"),
		Entry(nil, "0.125", "0.12"),
		Entry(nil, "0.375", "0.38"),
		Entry(nil, "1.005", "1.0"),
		Entry(nil, "2.675", "2.67"),
		Entry(nil, "--3", "3.0"),
		Entry(nil, "+-+3", "-3.0"),
		Entry(nil, "(1 + 2) * 3", "9.0"),
		Entry(nil, "  1+1", "2.0"),
		Entry(nil, "1.", "1.0"),
		Entry(nil, ".5", "0.5"),
		Entry(nil, "00", "0.0"),
		Entry(nil, "00.5", "0.5"),
		Entry(nil, "3 * (2 - 5) / 4", "-2.25"),
		Entry(nil, "10 ** 400 / 10 ** 399", "10.0"),
		Entry(nil, "2 ** 0.5", "1.41"),
		Entry(nil, "100 * 1.1", "110.0"),
		Entry(nil, "1 - 0.9", "0.1"),
		Entry(nil, "4 // 0.5", "8.0"),
		Entry(nil, "0 ** 0", "1.0"),
		Entry(nil, "(-1) ** 1001", "-1.0"),
		Entry(nil, "1000000 * 1000000 * 1000000", "1e+18"),
		Entry(nil, "123456789 * 987654321 / 7", "1.7418947301805038e+16"),
	)

	DescribeTable("refuses what Python refuses",
		func(expr string) {
			resp := calc(expr)
			Expect(resp.Status).To(Equal(mocktools.StatusError), resp.Content())
		},
		Entry(nil, "1 / 0"),
		Entry(nil, "1 // 0"),
		Entry(nil, "1.0 / 0"),
		Entry(nil, "0.0 ** -1"),
		Entry(nil, "01"),
		Entry(nil, "2 3"),
		Entry(nil, "(1)(2)"),
		Entry(nil, "2 (3)"),
		Entry(nil, "()"),
		Entry(nil, "("),
		Entry(nil, ")"),
		Entry(nil, "1 +"),
		Entry(nil, "*2"),
		Entry(nil, "2 *** 3"),
		Entry(nil, "1..2"),
		Entry(nil, "1.2.3"),
		Entry(nil, "."),
		Entry(nil, "(-8) ** 0.5"),
		Entry(nil, "10 ** 400 * 1.0"),
		Entry(nil, "10.0 ** 400"),
		Entry(nil, "   "),
	)

	It("refuses an exponent too large to compute, as Python cannot either", func() {
		Expect(calc("2 ** 10 ** 100").Status).To(Equal(mocktools.StatusError))
		Expect(calc("9 ** 99999").Status).To(Equal(mocktools.StatusError))
		Expect(calc("1 ** 10 ** 100").Body).To(Equal(mocktools.Body{"result": "1.0"}))
		Expect(calc("(-1) ** (10 ** 100 + 1)").Body).To(Equal(mocktools.Body{"result": "-1.0"}))
	})
})
