//go:build !unix

package external

import "os/exec"

// ownGroup kills only the command itself where process groups are not
// available.
func ownGroup(*exec.Cmd) {}
