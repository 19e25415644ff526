package scenarios

import "github.com/evalrun/evalrun/internal/yamlx"

// Error is one problem in a scenario file, at its line and column.
type Error = yamlx.Error

// Errors is every problem found in one or more files; validation reports
// them all at once rather than one per run.
type Errors = yamlx.Errors

// Pos is a place in a scenario file.
type Pos = yamlx.Pos
