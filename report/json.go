package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("json", JSON) }

// JSON writes the versioned result document, indented, keys in a fixed
// order: the same suite always gives the same bytes. Control and format
// characters in strings are escaped, so the file is safe to cat.
func JSON(w io.Writer, s *result.Suite, _ Options) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := w.Write(escapeEncoded(b.Bytes(), jsonRef))
	return err
}
