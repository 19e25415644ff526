package toolpack_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestToolpack(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "toolpack")
}
