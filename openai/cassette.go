package openai

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/evalrun/evalrun/internal/jsonx"
)

// Exchange is one recorded model call: a summary of the request and the
// reply. It holds no credentials: the key travels in a header, and only the
// body is summarised.
type Exchange struct {
	// Key is the sha256 of the canonical request; the file is Key.json.
	Key string `json:"key"`
	// Request is the request with its conversation cut to a count and the
	// last message, and its tools to their names: enough to see which turn
	// of which trial it was, small enough to check in.
	Request  json.RawMessage `json:"request"`
	Response json.RawMessage `json:"response"`
}

// ErrReplayMiss is returned when a replayed run asks something that was
// never recorded.
var ErrReplayMiss = errors.New("replay miss")

// Key is the recording key of a request body: the sha256 of its canonical
// JSON (keys sorted, no spaces). The body holds everything that determines
// the reply (model, messages, tools, temperature, seed) and nothing else:
// the endpoint URL and the key are not part of it, so a recording made
// against one server replays against none.
func Key(body []byte) (string, []byte, error) {
	canon, err := canonical(body)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:]), canon, nil
}

func canonical(body []byte) ([]byte, error) {
	var v any
	if err := decodeNumbers(body, &v); err != nil {
		return nil, fmt.Errorf("the request is not JSON: %w", err)
	}
	return jsonx.Compact(v)
}

// decodeNumbers decodes JSON keeping numbers as written, so that a
// recording does not round them.
func decodeNumbers(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

// recorder stores every successful exchange in dir, one file per key,
// with the API key taken out of everything the endpoint sent back.
type recorder struct {
	next   doer
	dir    string
	redact redactor
}

var _ doer = (*recorder)(nil)

func (r *recorder) Do(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	key, canon, err := Key(body)
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	resp, err := r.next.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	reply, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the reply: %w", err)
	}
	// A body that is not JSON is not recorded: the trial fails on it, and
	// a replay then misses instead of replaying garbage.
	if replyCanon, err := r.canonicalReply(reply); err == nil {
		if err := r.save(key, canon, replyCanon); err != nil {
			return nil, err
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(reply))
	return resp, nil
}

// canonicalReply is the reply as recorded: canonical JSON without the key.
func (r *recorder) canonicalReply(reply []byte) ([]byte, error) {
	var v any
	if err := decodeNumbers(reply, &v); err != nil {
		return nil, err
	}
	return jsonx.Compact(r.redact.Value(v))
}

// save writes an exchange atomically: a concurrent reader or a crash never
// sees half a file.
func (r *recorder) save(key string, canon, replyCanon []byte) error {
	summary, err := r.summarize(canon)
	if err != nil {
		return fmt.Errorf("recording %s: %w", key, err)
	}
	b, err := json.MarshalIndent(Exchange{Key: key, Request: summary, Response: replyCanon}, "", "  ")
	if err != nil {
		return fmt.Errorf("recording %s: %w", key, err)
	}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	tmp, err := os.CreateTemp(r.dir, ".tmp-"+key)
	if err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	_, werr := tmp.Write(append(b, '\n'))
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("recording %s: %w", key, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), filepath.Join(r.dir, key+".json")); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("recording: %w", err)
	}
	return nil
}

// summarize cuts a canonical request to what a reader needs: every
// parameter, the number of messages, the last message, the tool names.
func (r *recorder) summarize(canon []byte) ([]byte, error) {
	var req map[string]any
	if err := decodeNumbers(canon, &req); err != nil {
		return nil, err
	}
	if msgs, ok := req["messages"].([]any); ok {
		delete(req, "messages")
		req["message_count"] = len(msgs)
		if len(msgs) > 0 {
			req["last_message"] = msgs[len(msgs)-1]
		}
	}
	if tools, ok := req["tools"].([]any); ok {
		names := make([]any, 0, len(tools))
		for _, t := range tools {
			if fn, ok := t.(map[string]any)["function"].(map[string]any); ok {
				names = append(names, fn["name"])
			}
		}
		req["tools"] = names
	}
	return jsonx.Compact(r.redact.Value(req))
}

// replayer answers from recordings and never touches the network: a
// request that was not recorded is an error naming its key.
type replayer struct {
	dir string
}

var _ doer = (*replayer)(nil)

func (r *replayer) Do(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	key, _, err := Key(body)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(r.dir, key+".json")
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: no recording %s.json in %s for this request; record it with --record %s",
			ErrReplayMiss, key, r.dir, r.dir)
	}
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	var ex Exchange
	if err := json.Unmarshal(b, &ex); err != nil {
		return nil, fmt.Errorf("replay: %s: %w", path, err)
	}
	return &http.Response{
		Status: "200 OK", StatusCode: http.StatusOK, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": []string{"application/json"}},
		Body:          io.NopCloser(bytes.NewReader(ex.Response)),
		ContentLength: int64(len(ex.Response)),
		Request:       req,
	}, nil
}
