// Command evalrun runs multi-step scenarios against an agent with tools that
// fail silently, and scores what the agent told the user against what
// actually happened.
package main

import "github.com/evalrun/evalrun/cli"

func main() { cli.Main() }
