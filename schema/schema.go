// Package schema holds the JSON Schemas of scenario files and tool-pack
// files, for editors (a yaml-language-server comment names them in every
// library file) and for anyone who generates scenarios. Tests hold them to
// the Go types the loaders decode, so that they cannot drift apart.
package schema

import _ "embed"

// Scenario is the JSON Schema of a scenario file.
//
//go:embed scenario.schema.json
var Scenario []byte

// ToolPack is the JSON Schema of a tool-pack file (tools.yaml).
//
//go:embed toolpack.schema.json
var ToolPack []byte
