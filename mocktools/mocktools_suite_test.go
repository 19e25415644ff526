package mocktools_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestMocktools(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Mocktools Suite")
}
