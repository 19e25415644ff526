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
		w := tx.World()
		for _, id := range w.Records("users") {
			if fold(str(w.Get("users", id), "email")) == want {
				return mocktools.Body{"user_id": id}, nil
			}
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
		w := tx.World()
		for _, id := range w.Records("users") {
			u := w.Get("users", id)
			name := obj(u, "name")
			if str(obj(u, "address"), "zip") == zip && fold(str(name, "first_name")) == first && fold(str(name, "last_name")) == last {
				return mocktools.Body{"user_id": id}, nil
			}
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
		w := tx.World()
		for _, pid := range w.Records("products") {
			if v := obj(obj(w.Get("products", pid), "variants"), id); v != nil {
				return reply(v), nil
			}
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
		w := tx.World()
		out := mocktools.Body{}
		for _, pid := range w.Records("products") {
			p := w.Get("products", pid)
			out[str(p, "name")] = str(p, "product_id")
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
