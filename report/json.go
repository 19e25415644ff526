package report

import (
	"encoding/json"
	"io"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("json", JSON) }

// JSON writes the versioned result document, indented, keys in a fixed
// order: the same suite always gives the same bytes.
func JSON(w io.Writer, s *result.Suite, _ Options) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(s)
}
