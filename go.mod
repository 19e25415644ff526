module github.com/evalrun/evalrun

go 1.26

require (
	github.com/expr-lang/expr v1.17.8
	github.com/fatih/color v1.19.0
	github.com/mattn/go-isatty v0.0.20
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	golang.org/x/sys v0.46.0 // indirect
)
