package main

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestEvalrun(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "cmd/evalrun")
}
