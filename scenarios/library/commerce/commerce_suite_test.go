package commerce_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestCommerce(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "commerce")
}
