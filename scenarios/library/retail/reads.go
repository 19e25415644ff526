package retail

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var findUserByEmail = mocktools.Read("find_user_id_by_email",
	"Look up a customer's user id from their email address. Letter case and accents do not matter.",
	mocktools.Object(map[string]any{"email": mocktools.Str("the customer's email, such as someone@example.com")}, "email"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		want := fold(a.String("email"))
		if id, ok := firstMatch(tx.World(), "users", func(u world.Record) bool { return foldEqual(str(u, "email"), want) }); ok {
			return mocktools.Body{"user_id": id}, nil
		}
		return nil, fmt.Errorf("no user has the email %s", a.String("email"))
	})

var findUserByNameZip = mocktools.Read("find_user_id_by_name_zip",
	"Look up a customer's user id from their first name, last name and zip code, when the email is unknown. "+
		"Names match regardless of case and accents; the zip code must match exactly.",
	mocktools.Object(map[string]any{
		"first_name": mocktools.Str("the customer's first name"),
		"last_name":  mocktools.Str("the customer's last name"),
		"zip":        mocktools.Str("the zip code of the customer's default address, such as 12345"),
	}, "first_name", "last_name", "zip"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		first, last, zip := fold(a.String("first_name")), fold(a.String("last_name")), a.String("zip")
		if id, ok := firstMatch(tx.World(), "users", func(u world.Record) bool {
			name := obj(u, "name")
			return str(obj(u, "address"), "zip") == zip && foldEqual(str(name, "first_name"), first) && foldEqual(str(name, "last_name"), last)
		}); ok {
			return mocktools.Body{"user_id": id}, nil
		}
		return nil, fmt.Errorf("no user named %s %s with zip code %s", a.String("first_name"), a.String("last_name"), zip)
	})

var getOrderDetails = mocktools.Read("get_order_details",
	"Read an order: status, items with their prices and options, shipping address, fulfilments and payments.",
	mocktools.Object(map[string]any{"order_id": orderIDArg}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		o, err := getOrder(tx, a.String("order_id"))
		if err != nil {
			return nil, err
		}
		return reply(o), nil
	})

var getProductDetails = mocktools.Read("get_product_details",
	"Read a product type and every one of its variants (item id, options, availability, price). "+
		"A product id is not an item id.",
	mocktools.Object(map[string]any{"product_id": mocktools.Str("the product id, such as 6086499569")}, "product_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		p, err := getProduct(tx, a.String("product_id"))
		if err != nil {
			return nil, err
		}
		return reply(p), nil
	})

var getItemDetails = mocktools.Read("get_item_details",
	"Read one item (a variant of a product) by its item id: options, availability and price.",
	mocktools.Object(map[string]any{"item_id": mocktools.Str("the item id, such as 1008292230")}, "item_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("item_id")
		has := func(p world.Record) bool { return obj(obj(p, "variants"), id) != nil }
		if pid, ok := firstMatch(tx.World(), "products", has); ok {
			return reply(obj(obj(tx.World().Get("products", pid), "variants"), id)), nil
		}
		return nil, fmt.Errorf("item %s not found", id)
	})

var getUserDetails = mocktools.Read("get_user_details",
	"Read a customer: name, default address, email, payment methods (with gift card balances) and order ids.",
	mocktools.Object(map[string]any{"user_id": userIDArg}, "user_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		u, err := getUser(tx, a.String("user_id"))
		if err != nil {
			return nil, err
		}
		return reply(u), nil
	})

var listAllProductTypes = mocktools.Read("list_all_product_types",
	"List every product type the store sells, as a map from product name to product id.",
	mocktools.Object(map[string]any{}),
	func(_ context.Context, tx *world.Tx, _ mocktools.Args) (mocktools.Body, error) {
		// With two products of one name, the one last in id order wins.
		out, ids := mocktools.Body{}, map[string]string{}
		for id, r := range tx.World().View().Collections["products"] {
			p, _ := r.(world.Record)
			name := str(p, "name")
			if prev, ok := ids[name]; !ok || world.NaturalLess(prev, id) {
				ids[name] = id
				out[name] = str(p, "product_id")
			}
		}
		return out, nil
	})

var think = mocktools.Read("think",
	"Write down a thought while reasoning. Nothing is looked up and nothing changes.",
	mocktools.Object(map[string]any{"thought": maybeEmpty("the thought")}, "thought"),
	func(context.Context, *world.Tx, mocktools.Args) (mocktools.Body, error) {
		return mocktools.Body{"result": ""}, nil
	})

var transferToHumanAgents = mocktools.Read("transfer_to_human_agents",
	"Hand the customer over to a human agent with a summary of their issue. Only when the customer asks "+
		"for a human, or when the policy and these tools cannot resolve the issue.",
	mocktools.Object(map[string]any{"summary": maybeEmpty("a summary of the customer's issue")}, "summary"),
	func(context.Context, *world.Tx, mocktools.Args) (mocktools.Body, error) {
		return mocktools.Body{"result": "Transfer successful"}, nil
	})

// firstMatch finds the first record of a collection, in id order, that
// match accepts, without sorting the collection: a scan of 500 users costs
// no more than the comparisons.
func firstMatch(w *world.World, collection string, match func(world.Record) bool) (string, bool) {
	best, found := "", false
	for id, r := range w.View().Collections[collection] {
		if found && !world.NaturalLess(id, best) {
			continue
		}
		if rec, _ := r.(world.Record); match(rec) {
			best, found = id, true
		}
	}
	return best, found
}
