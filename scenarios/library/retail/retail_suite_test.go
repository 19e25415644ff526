package retail_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

func TestRetail(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "retail")
}

// shop is a small store in tau2's shape: two products, two customers and
// seven orders, in every status the tools care about.
const shop = `{
 "products": {
  "1000000001": {"name": "Mechanical Keyboard", "product_id": "1000000001", "variants": {
   "2000000001": {"item_id": "2000000001", "options": {"switch type": "linear", "backlight": "none"}, "available": true, "price": 100.1},
   "2000000002": {"item_id": "2000000002", "options": {"switch type": "clicky", "backlight": "rgb"}, "available": true, "price": 120.35},
   "2000000003": {"item_id": "2000000003", "options": {"switch type": "tactile", "backlight": "white"}, "available": false, "price": 110.0},
   "2000000004": {"item_id": "2000000004", "options": {"switch type": "linear", "backlight": "white"}, "available": true, "price": 90.5}}},
  "1000000002": {"name": "Desk Lamp", "product_id": "1000000002", "variants": {
   "3000000001": {"item_id": "3000000001", "options": {"color": "black"}, "available": true, "price": 30.0},
   "3000000002": {"item_id": "3000000002", "options": {"color": "white"}, "available": true, "price": 45.55}}}
 },
 "users": {
  "ada_lovelace_1": {"user_id": "ada_lovelace_1", "name": {"first_name": "Ada", "last_name": "Lovelace"},
   "address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
   "email": "ada.lovelace@example.com",
   "payment_methods": {
    "credit_card_1": {"source": "credit_card", "id": "credit_card_1", "brand": "visa", "last_four": "4242"},
    "gift_card_1": {"source": "gift_card", "id": "gift_card_1", "balance": 20.0},
    "paypal_1": {"source": "paypal", "id": "paypal_1"}},
   "orders": ["#W1001", "#W1002", "#W1003", "#W1004"]},
  "jose_nunez_2": {"user_id": "jose_nunez_2", "name": {"first_name": "José", "last_name": "Núñez"},
   "address": {"address1": "9 Bay St", "address2": "Apt 4", "city": "San Francisco", "country": "USA", "state": "CA", "zip": "94105"},
   "email": "jose.nunez@example.com",
   "payment_methods": {
    "credit_card_2": {"source": "credit_card", "id": "credit_card_2", "brand": "amex", "last_four": "1005"},
    "gift_card_2": {"source": "gift_card", "id": "gift_card_2", "balance": 500.0}},
   "orders": ["#W1005", "#W1006", "#W1007"]}
 },
 "orders": {
  "#W1001": {"order_id": "#W1001", "user_id": "ada_lovelace_1", "status": "pending",
   "address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
   "items": [
    {"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000001", "price": 100.1, "options": {"switch type": "linear", "backlight": "none"}},
    {"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}],
   "fulfillments": [],
   "payment_history": [{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"}]},
  "#W1002": {"order_id": "#W1002", "user_id": "ada_lovelace_1", "status": "delivered",
   "address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
   "items": [
    {"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000001", "price": 100.1, "options": {"switch type": "linear", "backlight": "none"}},
    {"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000001", "price": 100.1, "options": {"switch type": "linear", "backlight": "none"}},
    {"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}],
   "fulfillments": [{"tracking_id": ["111"], "item_ids": ["2000000001", "2000000001", "3000000001"]}],
   "payment_history": [{"transaction_type": "payment", "amount": 230.2, "payment_method_id": "credit_card_1"}]},
  "#W1003": {"order_id": "#W1003", "user_id": "ada_lovelace_1", "status": "processed",
   "address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
   "items": [{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}],
   "fulfillments": [{"tracking_id": ["222"], "item_ids": ["3000000001"]}],
   "payment_history": [{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "credit_card_1"}]},
  "#W1004": {"order_id": "#W1004", "user_id": "ada_lovelace_1", "status": "pending (item modified)",
   "address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
   "items": [{"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000002", "price": 120.35, "options": {"switch type": "clicky", "backlight": "rgb"}}],
   "fulfillments": [],
   "payment_history": [
    {"transaction_type": "payment", "amount": 100.1, "payment_method_id": "credit_card_1"},
    {"transaction_type": "payment", "amount": 20.25, "payment_method_id": "credit_card_1"}]},
  "#W1005": {"order_id": "#W1005", "user_id": "jose_nunez_2", "status": "pending",
   "address": {"address1": "9 Bay St", "address2": "Apt 4", "city": "San Francisco", "country": "USA", "state": "CA", "zip": "94105"},
   "items": [{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}],
   "fulfillments": [],
   "payment_history": [{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"}]},
  "#W1006": {"order_id": "#W1006", "user_id": "jose_nunez_2", "status": "pending",
   "address": {"address1": "9 Bay St", "address2": "Apt 4", "city": "San Francisco", "country": "USA", "state": "CA", "zip": "94105"},
   "items": [{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}],
   "fulfillments": [],
   "payment_history": [
    {"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"},
    {"transaction_type": "payment", "amount": 30.0, "payment_method_id": "credit_card_2"},
    {"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"}]},
  "#W1007": {"order_id": "#W1007", "user_id": "jose_nunez_2", "status": "pending",
   "address": {"address1": "9 Bay St", "address2": "Apt 4", "city": "San Francisco", "country": "USA", "state": "CA", "zip": "94105"},
   "items": [{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000002", "price": 40.0, "options": {"color": "white"}}],
   "fulfillments": [],
   "payment_history": [{"transaction_type": "payment", "amount": 40.0, "payment_method_id": "credit_card_2"}]}
 }
}`

// decodeState reads a database in tau2's db.json shape into a world state.
func decodeState(data []byte) (world.State, error) {
	var raw map[string]map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return world.State{}, err
	}
	s := world.State{Collections: map[string]world.Collection{}}
	for name, records := range raw {
		s.Collections[name] = world.Collection(records)
	}
	return s, nil
}

func shopState() world.State {
	s, err := decodeState([]byte(shop))
	Expect(err).NotTo(HaveOccurred())
	return s
}

// counter runs the retail tools on a world the way a trial does: through
// a fault layer with no faults, arguments as raw JSON, so that they are
// decoded and validated as a model's would be.
type counter struct {
	w     *world.World
	layer *faults.Layer
	n     int
}

func newCounter(s world.State) *counter {
	tb, err := mocktools.NewToolbox([]string{"retail"})
	Expect(err).NotTo(HaveOccurred())
	w := world.New(s, tb.Collections()...)
	layer, err := faults.NewLayer(w, tb, nil, 1)
	Expect(err).NotTo(HaveOccurred())
	return &counter{w: w, layer: layer}
}

// call runs one tool call and returns its response.
func (c *counter) call(tool, args string) mocktools.Response {
	c.n++
	return c.layer.Call(context.Background(), fmt.Sprintf("call-%d", c.n), tool, args)
}
