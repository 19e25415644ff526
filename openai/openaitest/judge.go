package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/evalrun/evalrun/judge"
)

// JudgeAnswer is what a fake claims judge answers: the reply's content for
// the judge's input (the steps and the final message) on its first
// attempt, or on its second after an answer was rejected.
type JudgeAnswer func(in judge.Input, attempt int) string

// NewJudge starts an endpoint that answers only claims judge requests,
// with answer. Close it when done.
func NewJudge(answer JudgeAnswer) *Server {
	s := New(nil, nil)
	s.Judge = answer
	return s
}

// judgeRequest is the part of a judge's request the fake reads.
type judgeRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string      `json:"role"`
		Content textContent `json:"content"`
	} `json:"messages"`
}

// serveJudge answers a claims judge's request with s.Judge.
func (s *Server) serveJudge(w http.ResponseWriter, body []byte) {
	var req judgeRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return
	}
	attempt, user := 0, ""
	for _, m := range req.Messages {
		if m.Role == "user" {
			attempt++
			if attempt == 1 {
				user = string(m.Content)
			}
		}
	}
	in, err := judge.DecodeInput(user)
	if err != nil {
		writeError(w, http.StatusBadRequest, "not a claims judge's request: "+err.Error())
		return
	}
	content := s.Judge(in, attempt)
	prompt, completion := 1+len(body)/4, 1+len(content)/4
	writeJSON(w, http.StatusOK, chatReply{
		ID: fmt.Sprintf("chatcmpl-judge-%d", attempt), Object: "chat.completion", Model: req.Model,
		Choices: []choice{{Message: message{Role: "assistant", Content: content}, FinishReason: "stop"}},
		Usage:   usage{PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion},
	})
}

// JudgeReads is a judge's answer that reads each step as claims says (a
// step not in claims is unmentioned), quoting the whole message for every
// claim but unmentioned: a quote that is always in the message.
func JudgeReads(in judge.Input, claims map[string]string) string {
	type step struct {
		ID    string `json:"id"`
		Claim string `json:"claim"`
		Quote string `json:"quote"`
	}
	out := struct {
		Steps []step `json:"steps"`
	}{Steps: []step{}}
	for _, st := range in.Steps {
		c := claims[st.ID]
		if c == "" {
			c = "unmentioned"
		}
		q := in.Message
		if c == "unmentioned" {
			q = ""
		}
		out.Steps = append(out.Steps, step{ID: st.ID, Claim: c, Quote: q})
	}
	b, _ := json.Marshal(out)
	return string(b)
}
