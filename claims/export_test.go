package claims

// MatchPattern compiles src and reports whether it matches anywhere in text,
// so that the pattern syntax is tested on its own.
func MatchPattern(src, text string) (bool, error) {
	es, err := parsePattern(src)
	if err != nil {
		return false, err
	}
	toks := tokenize(text, nil)
	for i := range toks {
		if matchElems(es, toks, i, len(toks)) > i {
			return true, nil
		}
	}
	return false, nil
}
