package scenarios

import "github.com/evalrun/evalrun/internal/yamlx"

// decoder decodes one scenario file strictly and checks it, pointing every
// problem at its line and column.
type decoder struct {
	*yamlx.Decoder
}

func (d *decoder) failAt(path, format string, a ...any) { d.FailAt(path, format, a...) }
