// Command fakeopenai serves the in-process fake OpenAI-compatible endpoint
// as a process, for agents that run outside evalrun (the JavaScript
// example in CI): it plays the scripts in a folder for the library's
// scenarios, prints its base URL, and serves until killed.
//
//	go run ./openai/openaitest/fakeopenai -scripts fixtures/scripts
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios/library"
)

func main() {
	scripts := flag.String("scripts", "fixtures/scripts", "`DIR` of scripts, one per scenario")
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	list, err := library.Load()
	if err != nil {
		fail(err)
	}
	sc, err := agent.LoadScripts(*scripts)
	if err != nil {
		fail(err)
	}
	srv := openaitest.New(list, sc)
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
