package claims

import "encoding/json"

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

// Model is the learned reading's file format, for training it.
type Model = modelFile

// ReadRules reads message with the rules alone and returns their claims
// and, per step, the learned reading's features of that reading.
func ReadRules(message string, steps []Step) (Result, [][]string) {
	x := newExtraction(message, steps)
	defer x.release()
	x.startTrace()
	ov := x.run()
	feats := make([][]string, len(steps))
	for si := range steps {
		x.features(si, ov, nil, func(f *feature) { feats[si] = append(feats[si], f.name()) })
	}
	return x.result(ov), feats
}

// ExtractWith is Extract with the learned reading m (nil: the rules alone).
func ExtractWith(m *Model, message string, steps []Step) (Result, error) {
	l := rulesOnly
	if m != nil {
		b, err := json.Marshal(m)
		if err != nil {
			return Result{}, err
		}
		if l, err = compileModel(b); err != nil {
			return Result{}, err
		}
	}
	return extract(message, steps, l), nil
}

// EmbeddedModel is the learned reading Extract uses.
func EmbeddedModel() []byte { return learnedJSON }

// Softmax is the learned reading's probabilities from its scores.
func Softmax(s [4]float64) [4]float64 { return softmax(s) }

// ClaimOrder is the order of a model's weights, and ClaimIndex a claim's
// place in it.
var ClaimOrder = claimOrder

func ClaimIndex(c Claim) int { return claimIndex(c) }

// DescribeFeature says a learned feature's name in words.
func DescribeFeature(name string) string { return describeFeature(name) }
