package scenarios

import "github.com/evalrun/evalrun/internal/yamlx"

// decoder decodes one scenario file strictly and checks it, pointing every
// problem at its line and column.
type decoder struct {
	*yamlx.Decoder
	// read reads a file named relative to the scenario.
	read  func(rel string) (string, []byte, error)
	packs packCache
}

func (d *decoder) failAt(path, format string, a ...any) { d.FailAt(path, format, a...) }
