// Package retail is the "retail" tool pack: the store of tau2-bench's
// retail domain (sierra-research/tau2-bench, src/tau2/domains/retail),
// rewritten in Go with the same tools, arguments, preconditions, errors and
// effects, so that a tau2 retail task replays here to the database tau2's
// own replay gives. Importing the package registers the pack.
//
// The world holds tau2's database unchanged: collections products, users
// and orders, keyed and shaped as in db.json (order ids keep their '#').
// Reads are find_user_id_by_email, find_user_id_by_name_zip,
// get_order_details, get_product_details, get_item_details,
// get_user_details, list_all_product_types, calculate, think and
// transfer_to_human_agents; writes are cancel_pending_order,
// exchange_delivered_order_items, modify_pending_order_address,
// modify_pending_order_items, modify_pending_order_payment,
// modify_user_address and return_delivered_order_items. A refused call is
// a tool error and changes nothing. Every write goes through the call's
// transaction, one top-level field at a time (an order's status, items,
// payment_history, address; a user's address or payment_methods), so the
// audit log shows which fields a call changed and the fault layer can drop,
// delay, repeat or halve it. The write tools declare the words replies use
// for them (mocktools.Phraser).
//
// # tau2's quirks, kept
//
// The pack reproduces tau2's behaviour, oddities included, because a
// replayed task must end in tau2's database:
//
//   - Unrounded price difference. modify_pending_order_items records the
//     sum of (new price - old price) as it comes out of floating point, so
//     a payment_history amount can read 12.340000000000003; the gift card
//     balance it moves is rounded to cents afterwards. An exchange, by
//     contrast, rounds its exchange_price_difference to cents.
//   - Last variant wins. modify_pending_order_items gives each changed item
//     its own new item_id, but the price and options of the last new
//     variant in the call, whatever product that is: change a keyboard and
//     a lamp at once and both carry the lamp's price and options.
//   - A refund of nothing. An item change that costs the same or less is
//     recorded as a "refund" of the absolute difference, 0 included.
//   - Cancelling refunds the whole history. cancel_pending_order adds a
//     refund for every payment_history entry whatever its type, and credits
//     a gift card for each: after a payment-method change (payment, payment,
//     refund) a cancellation records three refunds, the refund refunded.
//   - Two meanings of pending. Cancelling and changing items need the status
//     to be exactly "pending"; changing the address or the payment method
//     accepts any status containing "pending". So once its items changed
//     ("pending (item modified)") an order can no longer be cancelled or
//     have its items changed again, but its address can change; a payment
//     change is then refused too, for a history of more than one entry.
//   - Lists sorted, pairs lost. An exchange and a return store their item
//     ids sorted (exchange_items and exchange_new_items each on its own), so
//     which old item goes with which new one is no longer on record.
//   - An exchange may swap an item for itself (only the item change refuses
//     that), and it moves no money: a gift card need only cover the
//     difference, which is recorded, never charged.
//   - Empty lists are accepted. A return or exchange of no items still
//     changes the order's status; an item change of no items sets "pending
//     (item modified)" and records a refund of 0.
//   - Repeated ids are priced from the first. Each id in item_ids is priced
//     from the first item of the order that has it, and the change rewrites
//     the first item that still has it, so a call that both replaces and
//     introduces an id (A for B, then B for C) can rewrite an item twice.
//   - A return refunds to the order's original payment method (the first
//     payment_history entry) or to any gift card of the customer.
//   - Names and emails match regardless of case, accents and surrounding
//     spaces (Unicode decomposition, marks dropped, case folded); the zip
//     code must match exactly.
//
// # Where this pack differs from tau2
//
//   - A refused call changes nothing. tau2 checks before it writes, with two
//     exceptions that never trigger on the published database: a
//     cancellation whose history names a payment method its user does not
//     have fails after crediting earlier gift cards, and a payment change
//     whose old method is missing fails after recording the change.
//   - Lookups that scan (a user by email or name, an item by id, the product
//     list) go through records in id order, tau2 in file order; the two can
//     differ only when two records match, which none do in db.json.
//   - Replies are JSON objects: a user id comes back as {"user_id": ...},
//     the calculator, think and transfer_to_human_agents as {"result": ...},
//     the product list as an object of name to product id (tau2 returns it
//     as a JSON string). Error messages are this pack's own words.
//   - think is offered as a no-op, as in tau-bench; tau2's current toolkit
//     has it commented out.
//   - calculate evaluates like Python's eval on its allowed characters
//     (exact integers, / to a float, //, **, unary signs) and prints like
//     Python's str(round(x, 2)); integers are bounded at 65,536 bits, and a
//     fractional power may differ from C's pow in its last bit before the
//     rounding.
//   - Arguments are checked against the tool's schema before it runs, so a
//     number where an id belongs is an error, as is an empty id.
//
// # Faults
//
// Writes put the order's own fields first and gift card balances last, so
// the generic partial apply (the first half of a call's writes) changes the
// order without moving the money: a cancellation without its refund, an
// item change without its payment. The two address tools know their own
// half: the street lines change and the city, state, country and zip keep
// their old values.
package retail
