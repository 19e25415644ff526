package scenarios

import "github.com/evalrun/evalrun/internal/yamlx"

// decoder decodes one scenario file strictly and checks it, pointing every
// problem at its line and column.
type decoder struct {
	*yamlx.Decoder
	// files are the files the scenario names relative to itself.
	files siblings
	cache *cache
}

func (d *decoder) failAt(path, format string, a ...any) { d.FailAt(path, format, a...) }
