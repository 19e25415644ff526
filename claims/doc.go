// Package claims extracts, step by step, what an agent's final message tells
// the user was done.
package claims
