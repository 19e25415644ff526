package retail

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// addressFields are an address's fields, the street lines first.
var addressFields = []string{"address1", "address2", "city", "state", "country", "zip"}

// streetLines is how many of addressFields a partly applied change writes.
const streetLines = 2

// addressArgs are the parameters of an address change besides the record id.
var addressArgs = map[string]any{
	"address1": mocktools.Str("the first address line, such as 123 Main St"),
	"address2": maybeEmpty("the second address line, such as Apt 1, or an empty string"),
	"city":     mocktools.Str("the city, such as San Francisco"),
	"state":    mocktools.Str("the state, such as CA"),
	"country":  mocktools.Str("the country, such as USA"),
	"zip":      mocktools.Str("the zip code, such as 12345"),
}

func addressSchema(idName string, id map[string]any) map[string]any {
	props := map[string]any{idName: id}
	for k, v := range addressArgs {
		props[k] = v
	}
	return mocktools.Object(props, append([]string{idName}, addressFields...)...)
}

// newAddress is the address the arguments give. When partial, only the
// street lines are new and the city, state, country and zip keep their old
// values: a half-written address.
func newAddress(old map[string]any, a mocktools.Args, partial bool) map[string]any {
	out := make(map[string]any, len(addressFields))
	for i, f := range addressFields {
		if partial && i >= streetLines {
			out[f] = old[f]
			continue
		}
		out[f] = a.String(f)
	}
	return out
}

func changeOrderAddress(partial bool) mocktools.RunFunc {
	return func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		o, err := getOrder(tx, id)
		if err != nil {
			return nil, err
		}
		if s := str(o, "status"); !strings.Contains(s, "pending") {
			return nil, fmt.Errorf("order %s is %s: only a pending order's address can be changed", id, s)
		}
		_ = tx.Assign("orders", id, "address", newAddress(obj(o, "address"), a, partial))
		return reply(tx.World().Get("orders", id)), nil
	}
}

func changeUserAddress(partial bool) mocktools.RunFunc {
	return func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("user_id")
		u, err := getUser(tx, id)
		if err != nil {
			return nil, err
		}
		_ = tx.Assign("users", id, "address", newAddress(obj(u, "address"), a, partial))
		return reply(tx.World().Get("users", id)), nil
	}
}

var modifyPendingOrderAddress = phrasedPartial{partial: changeOrderAddress(true), phrased: phrased{says: orderAddressSays,
	Func: mocktools.Write("modify_pending_order_address",
		"Change the shipping address of a pending order (pending, or pending with items modified). "+
			"Confirm the details with the customer first.",
		addressSchema("order_id", orderIDArg), changeOrderAddress(false))}}

var modifyUserAddress = phrasedPartial{partial: changeUserAddress(true), phrased: phrased{says: userAddressSays,
	Func: mocktools.Write("modify_user_address",
		"Change a customer's default address, the one used for future orders; existing orders keep theirs. "+
			"Confirm the details with the customer first.",
		addressSchema("user_id", userIDArg), changeUserAddress(false))}}
