package retail_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/mocktools"
)

var retailTools = []string{
	"calculate", "cancel_pending_order", "exchange_delivered_order_items", "find_user_id_by_email",
	"find_user_id_by_name_zip", "get_item_details", "get_order_details", "get_product_details",
	"get_user_details", "list_all_product_types", "modify_pending_order_address",
	"modify_pending_order_items", "modify_pending_order_payment", "modify_user_address",
	"return_delivered_order_items", "think", "transfer_to_human_agents",
}

func retailTool(name string) mocktools.Tool {
	tb, err := mocktools.NewToolbox([]string{"retail"})
	Expect(err).NotTo(HaveOccurred())
	t, ok := tb.Tool(name)
	Expect(ok).To(BeTrue(), name)
	return t
}

var _ = Describe("the retail pack", func() {
	It("is registered with tau2's collections and every tool", func() {
		p, ok := mocktools.Lookup("retail")
		Expect(ok).To(BeTrue())
		Expect(p.Description).NotTo(BeEmpty())
		Expect(p.Collections).To(Equal([]string{"products", "users", "orders"}))
		tb, err := mocktools.NewToolbox([]string{"retail"})
		Expect(err).NotTo(HaveOccurred())
		Expect(tb.Names()).To(Equal(retailTools))
		for _, c := range p.Collections {
			_, ok := tb.Fields(c)
			Expect(ok).To(BeTrue(), c)
		}
	})

	DescribeTable("tool definitions: tau2's argument names, all required, each described",
		func(name string, writes, partial bool, required ...string) {
			t := retailTool(name)
			def := t.Definition()
			Expect(def.Name).To(Equal(name))
			Expect(def.Description).NotTo(BeEmpty())
			Expect(def.Write).To(Equal(writes))
			_, isPartial := t.(mocktools.PartialApplier)
			Expect(isPartial).To(Equal(partial))
			p, _ := t.(mocktools.Phraser)
			phrased := p != nil && len(p.Phrases().Done) > 0
			Expect(phrased).To(Equal(writes), "every write tool, and only they, say how replies speak of them")

			Expect(def.Parameters).To(HaveKeyWithValue("type", "object"))
			Expect(def.Parameters["required"]).To(ConsistOf(required))
			props := def.Parameters["properties"].(map[string]any)
			Expect(props).To(HaveLen(len(required)))
			for arg, p := range props {
				schema := p.(map[string]any)
				Expect(schema["type"]).To(BeElementOf("string", "array"), arg)
				Expect(schema["description"]).NotTo(BeEmpty(), arg)
			}
			b, err := json.Marshal(def)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(b)).NotTo(ContainSubstring(`"minItems"`), "tau2 takes an empty item list")
		},
		Entry(nil, "calculate", false, false, "expression"),
		Entry(nil, "find_user_id_by_email", false, false, "email"),
		Entry(nil, "find_user_id_by_name_zip", false, false, "first_name", "last_name", "zip"),
		Entry(nil, "get_item_details", false, false, "item_id"),
		Entry(nil, "get_order_details", false, false, "order_id"),
		Entry(nil, "get_product_details", false, false, "product_id"),
		Entry(nil, "get_user_details", false, false, "user_id"),
		Entry(nil, "list_all_product_types", false, false),
		Entry(nil, "think", false, false, "thought"),
		Entry(nil, "transfer_to_human_agents", false, false, "summary"),
		Entry(nil, "cancel_pending_order", true, false, "order_id", "reason"),
		Entry(nil, "exchange_delivered_order_items", true, false, "order_id", "item_ids", "new_item_ids", "payment_method_id"),
		Entry(nil, "modify_pending_order_address", true, true, "order_id", "address1", "address2", "city", "state", "country", "zip"),
		Entry(nil, "modify_pending_order_items", true, false, "order_id", "item_ids", "new_item_ids", "payment_method_id"),
		Entry(nil, "modify_pending_order_payment", true, false, "order_id", "payment_method_id"),
		Entry(nil, "modify_user_address", true, true, "user_id", "address1", "address2", "city", "state", "country", "zip"),
		Entry(nil, "return_delivered_order_items", true, false, "order_id", "item_ids", "payment_method_id"),
	)

	It("declares only well-formed phrases", func() {
		for _, name := range retailTools {
			t := retailTool(name)
			p, ok := t.(mocktools.Phraser)
			if !ok || !t.Definition().Write {
				continue
			}
			ph := p.Phrases()
			done, named, failed := ph.Done, ph.Name, ph.Failed
			Expect(done).NotTo(BeEmpty(), name)
			Expect(named).NotTo(BeEmpty(), name)
			for _, src := range append(append(append([]string{}, done...), named...), failed...) {
				Expect(claims.CheckPattern(src)).To(Succeed(), name)
			}
		}
	})

	DescribeTable("its phrases let the extractor read a reply's claim about a step",
		func(tool, message string, want claims.Claim) {
			p := retailTool(tool).(mocktools.Phraser)
			ph := p.Phrases()
			got := claims.Extract(message, []claims.Step{{ID: "step_1", Phrases: ph}})
			Expect(got.Steps["step_1"]).To(Equal(want), message)
		},
		Entry(nil, "cancel_pending_order", "Your order #W2378156 has been cancelled.", claims.Done),
		Entry(nil, "cancel_pending_order", "I'm sorry, I couldn't cancel the order: it has already been processed.", claims.Failed),
		Entry(nil, "exchange_delivered_order_items", "The exchange has been requested; you'll get an email with the return label.", claims.Done),
		Entry(nil, "exchange_delivered_order_items", "I wasn't able to process the exchange.", claims.Failed),
		Entry(nil, "return_delivered_order_items", "Your return has been submitted and the refund will go to your gift card.", claims.Done),
		Entry(nil, "modify_pending_order_address", "The shipping address on your order has been updated to 5 Elm St, Austin.", claims.Done),
		Entry(nil, "modify_user_address", "Your default address has been updated.", claims.Done),
		Entry(nil, "modify_pending_order_items", "Your items have been updated to the clicky keyboard.", claims.Done),
		Entry(nil, "modify_pending_order_payment", "The payment method has been switched to your PayPal account.", claims.Done),
		Entry(nil, "modify_pending_order_payment", "Would you like me to change the payment method?", claims.Unmentioned),
	)
})
