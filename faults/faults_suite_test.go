package faults_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	// The tests aim faults at the commerce pack's tools.
	_ "github.com/evalrun/evalrun/scenarios/library/commerce"
)

func TestFaults(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Faults Suite")
}
