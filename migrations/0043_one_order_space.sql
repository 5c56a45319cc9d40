-- One statement of an order's space (issue 25 item 4). order_space() (migrations 0004 and 0030)
-- was written out again in the planner's order lists, train allocation, the truck loading lists,
-- the pending list and the scale seed: seven copies of "the lines' quantity x space per unit,
-- summed, rounded up to hundredths" and one of the whole truck rule. They now call these:
--
--   space_hundredths(space)     the rounding: up to hundredths, once, after the sum. A one-line
--                               SQL function with no subquery: the planner writes its body into
--                               the calling query (no call at run time).
--   order_lines_space(order)    the space of an order's lines, rounded (null when it has none).
--   order_space_of(order)       order_space() itself: the lines still to deliver when some were
--                               delivered, else the train booking, else the lines, else 0.
--   order_space(order)          the same for one order (the delivery_orders trigger), the same
--                               answers. Replaces order_space of 0030_failed_items_and_returns:
--                               its body moves to order_space_of, which it calls.
--
-- order_lines_space and order_space_of return a one-row set rather than a value: the planner
-- inlines a set-returning SQL function (STABLE, not STRICT) into the query that reads it from FROM
-- or a subquery, where a scalar one with subqueries is called once per row, not inlined (about
-- 12 us a row at 1M orders, the reason the lists had written order_space() out).

CREATE FUNCTION space_hundredths(p_space numeric) RETURNS numeric AS $$
  SELECT ceil(p_space * 100) / 100
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION order_lines_space(p_order_id integer) RETURNS TABLE (space numeric) AS $$
  SELECT space_hundredths(sum(i.quantity * p.space_per_unit))
    FROM order_items i JOIN products p ON p.product_id = i.product_id
   WHERE i.order_id = p_order_id
$$ LANGUAGE sql STABLE;

CREATE FUNCTION order_space_of(p_order_id integer) RETURNS TABLE (space numeric) AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM item_confirmations c WHERE c.order_id = p_order_id) THEN
      -- partly delivered (migrations/0030): the lines still to deliver
      coalesce((SELECT space_hundredths(sum(i.quantity * p.space_per_unit))
                  FROM order_items i JOIN products p ON p.product_id = i.product_id
                 WHERE i.order_id = p_order_id
                   AND NOT EXISTS (SELECT 1 FROM item_confirmations c
                                    WHERE c.order_id = i.order_id AND c.product_id = i.product_id)), 0)
    ELSE coalesce(
      (SELECT sum(a.space) FROM train_allocations a WHERE a.order_id = p_order_id),
      (SELECT l.space FROM order_lines_space(p_order_id) l),
      0)
  -- numeric, not order_space()'s numeric(10, 2) of 0030: an order larger than that (1.5e8 units
  -- booked on two trains) is refused by the truck's room (409), not by a cast (order-size-limits.test.ts)
  END::numeric
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION order_space(p_order_id integer) RETURNS numeric AS $$
  SELECT s.space FROM order_space_of(p_order_id) s
$$ LANGUAGE sql STABLE;
