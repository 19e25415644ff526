package commerce_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
)

var commerceTools = []string{
	"cancel_order", "cancel_replacement", "create_replacement", "get_customer", "get_inventory",
	"get_order", "get_payment", "issue_refund", "list_notifications", "list_orders",
	"notify_customer", "remove_stock", "reopen_order", "restock", "update_customer_address",
	"update_order_address", "void_refund",
}

var _ = Describe("the commerce pack", func() {
	It("is registered with its collections", func() {
		p, ok := mocktools.Lookup("commerce")
		Expect(ok).To(BeTrue())
		Expect(p.Name).To(Equal("commerce"))
		Expect(p.Description).NotTo(BeEmpty())
		Expect(p.Collections).To(Equal([]string{"customers", "orders", "inventory", "payments", "refunds", "notifications"}))
		Expect(p.Tools).To(HaveLen(len(commerceTools)))
	})

	It("is listed among the packs", func() {
		Expect(mocktools.PackNames()).To(ContainElement("commerce"))
	})

	It("cannot be registered twice", func() {
		Expect(func() { mocktools.Register(mocktools.Pack{Name: "commerce"}) }).
			To(PanicWith("mocktools: pack registered twice: commerce"))
		p, _ := mocktools.Lookup("commerce")
		Expect(p.Tools).To(HaveLen(len(commerceTools)))
	})

	It("makes a toolbox with every tool sorted by name and the pack's collections", func() {
		tb, err := mocktools.NewToolbox([]string{"commerce"})
		Expect(err).NotTo(HaveOccurred())
		Expect(tb.Names()).To(Equal(commerceTools))
		Expect(tb.Collections()).To(Equal([]string{"customers", "orders", "inventory", "payments", "refunds", "notifications"}))
		defs := tb.Definitions()
		names := make([]string, len(defs))
		for i, d := range defs {
			names[i] = d.Name
		}
		Expect(names).To(Equal(commerceTools))
		_, ok := tb.Tool("refund_everything")
		Expect(ok).To(BeFalse())
	})

	DescribeTable("tool definitions: an object schema with a description for the tool and each argument",
		func(name string, writes, partial bool, required ...string) {
			tb, err := mocktools.NewToolbox([]string{"commerce"})
			Expect(err).NotTo(HaveOccurred())
			t, ok := tb.Tool(name)
			Expect(ok).To(BeTrue())
			def := t.Definition()
			Expect(def.Name).To(Equal(name))
			Expect(def.Description).NotTo(BeEmpty())
			Expect(def.Write).To(Equal(writes))
			_, isPartial := t.(mocktools.PartialApplier)
			Expect(isPartial).To(Equal(partial))

			Expect(def.Parameters).To(HaveKeyWithValue("type", "object"))
			Expect(def.Parameters["required"]).To(Equal(required))
			props, ok := def.Parameters["properties"].(map[string]any)
			Expect(ok).To(BeTrue())
			for _, r := range required {
				Expect(props).To(HaveKey(r))
			}
			for arg, p := range props {
				schema, ok := p.(map[string]any)
				Expect(ok).To(BeTrue(), arg)
				Expect(schema["type"]).To(BeElementOf("string", "number", "integer", "array"), arg)
				Expect(schema["description"]).NotTo(BeEmpty(), arg)
			}

			b, err := json.Marshal(def)
			Expect(err).NotTo(HaveOccurred())
			var back map[string]any
			Expect(json.Unmarshal(b, &back)).To(Succeed())
			Expect(back).To(HaveLen(3))
			Expect(back).To(HaveKeyWithValue("name", name))
			Expect(back["parameters"]).To(HaveKeyWithValue("type", "object"))
		},
		Entry(nil, "get_order", false, false, "order_id"),
		Entry(nil, "list_orders", false, false, "customer_id"),
		Entry(nil, "get_customer", false, false, "customer_id"),
		Entry(nil, "get_inventory", false, false, "sku"),
		Entry(nil, "get_payment", false, false, "order_id"),
		Entry(nil, "list_notifications", false, false, "order_id"),
		Entry(nil, "cancel_order", true, false, "order_id"),
		Entry(nil, "reopen_order", true, false, "order_id"),
		Entry(nil, "restock", true, true, "items"),
		Entry(nil, "remove_stock", true, false, "items"),
		Entry(nil, "issue_refund", true, true, "order_id", "amount"),
		Entry(nil, "void_refund", true, false, "order_id"),
		Entry(nil, "notify_customer", true, true, "customer_id", "order_id", "message"),
		Entry(nil, "create_replacement", true, false, "order_id", "items"),
		Entry(nil, "cancel_replacement", true, false, "order_id"),
		Entry(nil, "update_customer_address", true, false, "customer_id", "address_line", "city", "zip"),
		Entry(nil, "update_order_address", true, false, "order_id", "address_line", "city", "zip"),
	)
})
