package toolpack_test

import (
	"context"
	"encoding/json"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/toolpack"
	"github.com/evalrun/evalrun/world"
)

// ledgerPack exercises every effect and reply form.
const ledgerPack = `
name: ledger
collections:
  books:
    fields: {title: {type: string}, copies: {type: integer}, tags: {type: array}, shelf: {type: string}}
  loans:
    fields: {book: {type: string}, reader: {type: string}}
tools:
  - name: get_book
    description: Look up a book.
    parameters: {type: object, properties: {id: {type: string}}, required: [id]}
    requires:
      - {check: id in books, error: "book {id} not found"}
    reply: 'merge(books[id], {"id": id})'
  - name: lend
    description: Lend a copy.
    write: true
    parameters: {type: object, properties: {id: {type: string}, reader: {type: string}, note: {type: string}}, required: [id, reader]}
    requires:
      - {check: id in books, error: "book {id} not found"}
      - {check: 'books[id].copies > 0', error: "no copies of {books[id].title} left ({books[id].copies})"}
    effects:
      - {add: 'books[id].copies', value: -1}
      - {create: loans, prefix: LN, as: loan, fields: {book: id, reader: reader}}
      - {append: 'books[id].tags', value: '"lent"', when: 'note != ""'}
    partial:
      - {create: loans, prefix: LN, as: loan, fields: {book: id, reader: reader}}
    reply: {loan: loan, left: 'books[id].copies', note: note}
  - name: retag
    description: Take a tag off and shelve it.
    write: true
    parameters: {type: object, properties: {id: {type: string}, tag: {type: string}}, required: [id, tag]}
    effects:
      - {remove: 'books[id].tags', value: tag}
      - {set: 'books[id].shelf', value: '"B" + string(len(books[id].tags))'}
    reply: 'books[id]'
  - name: add_book
    description: Add a book under a given id.
    write: true
    parameters: {type: object, properties: {id: {type: string}, title: {type: string}}, required: [id, title]}
    effects:
      - {create: books, id: id, fields: {title: title, copies: 1, tags: [], shelf: '""'}}
    reply: {id: id}
  - name: set_copies
    description: Count the copies on the shelf.
    write: true
    parameters: {type: object, properties: {id: {type: string}, n: {type: integer}}, required: [id, n]}
    effects:
      - {set: 'books[id].copies', value: n}
  - name: drop_loan
    description: Forget a loan.
    write: true
    parameters: {type: object, properties: {loan: {type: string}}, required: [loan]}
    effects:
      - {delete: 'loans[loan]'}
`

func ledger() (*faults.Layer, *world.World) {
	p, err := toolpack.Load("ledger.yaml", []byte(ledgerPack))
	Expect(err).NotTo(HaveOccurred())
	tb, err := mocktools.ToolboxOf(p.Pack)
	Expect(err).NotTo(HaveOccurred())
	w := world.New(world.State{Collections: map[string]world.Collection{
		"books": {"B1": world.Record{"title": "Dune", "copies": 2.0, "tags": []any{"sf"}, "shelf": "A"}},
	}}, tb.Collections()...)
	l, err := faults.NewLayer(w, tb, nil, 1)
	Expect(err).NotTo(HaveOccurred())
	return l, w
}

func call(l *faults.Layer, tool string, args map[string]any) mocktools.Response {
	b, err := json.Marshal(args)
	Expect(err).NotTo(HaveOccurred())
	return l.Call(context.Background(), fmt.Sprintf("c-%s", tool), tool, string(b))
}

var _ = Describe("a declared tool", func() {
	It("applies its effects in order, binds created ids, and answers from the world after them", func() {
		l, w := ledger()
		r := call(l, "lend", map[string]any{"id": "B1", "reader": "ana", "note": "gift"})
		Expect(r.Status).To(Equal(mocktools.StatusOK))
		Expect(r.Body).To(Equal(mocktools.Body{"loan": "LN-1", "left": 1.0, "note": "gift"}))
		Expect(w.Get("books", "B1")).To(HaveKeyWithValue("copies", 1.0))
		Expect(w.Get("books", "B1")).To(HaveKeyWithValue("tags", []any{"sf", "lent"}))
		Expect(w.Get("loans", "LN-1")).To(Equal(world.Record{"book": "B1", "reader": "ana"}))
		Expect(w.Audit()).To(HaveLen(3))
	})

	It("fills a parameter the agent left out with its type's zero, and skips an effect whose when fails", func() {
		l, w := ledger()
		r := call(l, "lend", map[string]any{"id": "B1", "reader": "ana"})
		Expect(r.Body).To(HaveKeyWithValue("note", ""))
		Expect(w.Get("books", "B1")["tags"]).To(Equal([]any{"sf"}))
	})

	It("answers a failed precondition with its message and changes nothing", func() {
		l, w := ledger()
		call(l, "lend", map[string]any{"id": "B1", "reader": "a"})
		call(l, "lend", map[string]any{"id": "B1", "reader": "b"})
		r := call(l, "lend", map[string]any{"id": "B1", "reader": "c"})
		Expect(r.Status).To(Equal(mocktools.StatusError))
		Expect(r.Body).To(HaveKeyWithValue("error", "no copies of Dune left (0)"))
		Expect(call(l, "get_book", map[string]any{"id": "B9"}).Body).To(HaveKeyWithValue("error", "book B9 not found"))
		Expect(w.Get("books", "B1")["copies"]).To(Equal(0.0))
	})

	It("removes from lists, sets computed values, creates by id, deletes, and never hands out a live record", func() {
		l, w := ledger()
		r := call(l, "retag", map[string]any{"id": "B1", "tag": "sf"})
		Expect(r.Body).To(HaveKeyWithValue("shelf", "B0"))
		r.Body["title"] = "changed by the agent"
		Expect(w.Get("books", "B1")["title"]).To(Equal("Dune"), "the reply is a copy")
		Expect(call(l, "add_book", map[string]any{"id": "B2", "title": "Emma"}).Status).To(Equal(mocktools.StatusOK))
		Expect(w.Get("books", "B2")).To(Equal(world.Record{"title": "Emma", "copies": 1.0, "tags": []any{}, "shelf": ""}))
		Expect(call(l, "add_book", map[string]any{"id": "B2", "title": "Emma"}).Body["error"]).To(ContainSubstring("already exists"))
		call(l, "lend", map[string]any{"id": "B2", "reader": "ana"})
		Expect(call(l, "drop_loan", map[string]any{"loan": "LN-1"}).Status).To(Equal(mocktools.StatusOK))
		Expect(w.Get("loans", "LN-1")).To(BeNil())
	})

	It("rejects arguments that break its schema before anything runs", func() {
		l, w := ledger()
		r := call(l, "lend", map[string]any{"id": "B1"})
		Expect(r.Status).To(Equal(mocktools.StatusError))
		Expect(w.Audit()).To(BeEmpty())
	})

	It("under duplicate_apply moves an add twice but sets a set once, and creates twice", func() {
		p, err := toolpack.Load("ledger.yaml", []byte(ledgerPack))
		Expect(err).NotTo(HaveOccurred())
		tb, _ := mocktools.ToolboxOf(p.Pack)
		w := world.New(world.State{Collections: map[string]world.Collection{
			"books": {"B1": world.Record{"title": "Dune", "copies": 6.0, "tags": []any{}, "shelf": "A"}}}}, tb.Collections()...)
		l, err := faults.NewLayer(w, tb, []faults.Spec{
			{Name: "twice-set", Kind: "duplicate_apply", Tool: "set_copies", Target: faults.Target{Tool: "set_copies"}},
			{Name: "twice-lend", Kind: "duplicate_apply", Tool: "lend", Target: faults.Target{Tool: "lend"}},
		}, 1)
		Expect(err).NotTo(HaveOccurred())
		call(l, "set_copies", map[string]any{"id": "B1", "n": 0})
		Expect(w.Get("books", "B1")["copies"]).To(Equal(0.0), "set to 0 twice is 0, not -6")
		call(l, "set_copies", map[string]any{"id": "B1", "n": 4})
		call(l, "lend", map[string]any{"id": "B1", "reader": "ana"})
		Expect(w.Get("books", "B1")["copies"]).To(Equal(2.0), "an add lands twice")
		Expect(w.Get("loans", "LN-2")).NotTo(BeNil(), "and so does a create")
	})

	It("applies its declared partial effects under partial_apply", func() {
		p, err := toolpack.Load("ledger.yaml", []byte(ledgerPack))
		Expect(err).NotTo(HaveOccurred())
		var lend mocktools.Tool
		for _, t := range p.Tools {
			if t.Definition().Name == "lend" {
				lend = t
			}
		}
		_, ok := lend.(mocktools.PartialApplier)
		Expect(ok).To(BeTrue())
		tb, _ := mocktools.ToolboxOf(p.Pack)
		w := world.New(world.State{Collections: map[string]world.Collection{
			"books": {"B1": world.Record{"title": "Dune", "copies": 2.0, "tags": []any{}, "shelf": "A"}}}}, tb.Collections()...)
		l, err := faults.NewLayer(w, tb, []faults.Spec{{Name: "half", Kind: "partial_apply", Tool: "lend", Target: faults.Target{Tool: "lend"}}}, 1)
		Expect(err).NotTo(HaveOccurred())
		r := call(l, "lend", map[string]any{"id": "B1", "reader": "ana"})
		Expect(r.Status).To(Equal(mocktools.StatusOK))
		Expect(w.Get("loans", "LN-1")).NotTo(BeNil(), "the loan is recorded")
		Expect(w.Get("books", "B1")["copies"]).To(Equal(2.0), "but no copy left the shelf")
	})
})
