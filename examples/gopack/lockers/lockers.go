// Package lockers is a tool pack written in Go: parcel lockers that open
// with a code. Packs in YAML cover most domains; Go is for tools whose
// effects expressions cannot say.
package lockers

import (
	"context"
	"fmt"
	"hash/fnv"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

func init() {
	mocktools.Register(mocktools.Pack{
		Name:        "lockers",
		Description: "parcel lockers and their one-time codes",
		Collections: []string{"lockers"},
		Fields:      map[string]map[string]string{"lockers": {"parcel": "string", "code": "string", "status": "string"}},
		Tools:       []mocktools.Tool{getLocker, issueCode, revokeCode},
	})
}

var lockerID = mocktools.Object(map[string]any{"locker_id": mocktools.Str("the locker, e.g. L-7")}, "locker_id")

var getLocker = mocktools.Read("get_locker", "Look up a locker: its parcel, status and whether a code is out.", lockerID,
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		l, err := mocktools.Record(tx, "lockers", a.String("locker_id"), "locker")
		if err != nil {
			return nil, err
		}
		out := mocktools.WithID(l, "locker_id", a.String("locker_id"))
		out["has_code"] = l["code"] != ""
		delete(out, "code") // the code goes to the customer, not back to the agent
		return out, nil
	})

var issueCode = mocktools.Write("issue_code", "Issue a one-time pickup code for a locker and text it to the customer.", lockerID,
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("locker_id")
		l, err := mocktools.Record(tx, "lockers", id, "locker")
		if err != nil {
			return nil, err
		}
		if l["status"] != "loaded" {
			return nil, fmt.Errorf("locker %s is %v", id, l["status"])
		}
		// A code derived from the locker and the call: deterministic, so the
		// same seed gives the same world.
		h := fnv.New32a()
		h.Write([]byte(id + tx.Call()))
		if err := tx.Set("lockers", id, "code", fmt.Sprintf("%06d", h.Sum32()%1000000)); err != nil {
			return nil, err
		}
		return mocktools.Body{"locker_id": id, "status": "code sent"}, nil
	})

var revokeCode = mocktools.Write("revoke_code", "Revoke a locker's pickup code.", lockerID,
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("locker_id")
		if _, err := mocktools.Record(tx, "lockers", id, "locker"); err != nil {
			return nil, err
		}
		if err := tx.Set("lockers", id, "code", ""); err != nil {
			return nil, err
		}
		return mocktools.Body{"locker_id": id, "status": "revoked"}, nil
	})
