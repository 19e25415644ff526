// Package extend holds one example of each Go extension point, each in
// its own file, registered by name from init: a fault kind (staleok.go),
// an agent model (planner.go) and a report format (csv.go). A binary that
// imports the package (next to cli.Main, as examples/gopack does) has
// them all; EXTENDING.md shows these files and a test keeps it honest.
package extend
