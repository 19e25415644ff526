// Command fakeopenai serves the in-process fake OpenAI-compatible endpoint
// as a process, for agents that run outside evalrun (the JavaScript
// example in CI): it plays the scripts in a folder for the library's
// scenarios, prints its base URL, and serves until killed. With -judge it
// also answers claims judge requests, reading every step as the claim
// given, so that --claims both can be tried without a model.
//
//	go run ./openai/openaitest/fakeopenai -scripts fixtures/scripts
//	go run ./openai/openaitest/fakeopenai -judge done   # a judge that believes every claim
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/judge"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios/library"
)

func main() {
	scripts := flag.String("scripts", "fixtures/scripts", "`DIR` of scripts, one per scenario")
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	judgeAs := flag.String("judge", "", "answer claims judge requests reading every step as `CLAIM` (done, failed, pending, unmentioned)")
	flag.Parse()
	switch *judgeAs {
	case "", "done", "failed", "pending", "unmentioned":
	default:
		fail(fmt.Errorf("-judge %q: want done, failed, pending or unmentioned", *judgeAs))
	}
	list, err := library.Load()
	if err != nil {
		fail(err)
	}
	sc, err := agent.LoadScripts(*scripts)
	if err != nil {
		fail(err)
	}
	srv := openaitest.New(list, sc)
	if *judgeAs != "" {
		srv.Judge = func(in judge.Input, _ int) string {
			claims := map[string]string{}
			for _, st := range in.Steps {
				claims[st.ID] = *judgeAs
			}
			return openaitest.JudgeReads(in, claims)
		}
	}
	srv.Close() // its own loopback listener: serve the handler on ours instead
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fail(err)
	}
	fmt.Printf("http://%s/v1\n", ln.Addr())
	if err := http.Serve(ln, srv.Config.Handler); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fakeopenai:", err)
	os.Exit(1)
}
