//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup runs the agent in a process group of its own, so that a
// timeout kills everything it started (a shell, its node process), not
// only the shell.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
