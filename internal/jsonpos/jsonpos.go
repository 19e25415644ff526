// Package jsonpos locates a byte offset of a JSON file as a line and column,
// so that errors in JSON input name their place the way YAML errors do.
package jsonpos

import (
	"bytes"
	"unicode/utf8"
)

// Position turns a byte offset into a line and a column (in characters),
// both from 1.
func Position(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	start := bytes.LastIndexByte(before, '\n') + 1
	return bytes.Count(before, []byte{'\n'}) + 1, utf8.RuneCount(before[start:]) + 1
}

// Next skips white space, commas and colons from off: where the next token
// starts.
func Next(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}
