-- Issue 7 part 5 (docs/decisions/0050): a batch of placements runs in one subtransaction, not one
-- per order; each order gets a savepoint of its own only when one of the batch fails.
--
-- Until now place_orders() (migration 0021) placed every order in its own subtransaction. Each
-- order's ledger rows took their foreign key's key-share lock on the product rows it had just
-- updated, in that order's subtransaction; the next order of the batch, another subtransaction,
-- then locked and updated those rows, and PostgreSQL recorded each such pair as a multixact.
-- Every later statement reading the products (a dozen per order: the checks, the locks, the
-- lines' prices, the ledger's updates, the foreign keys) had to look up the members of the
-- batch's multixacts on the row versions it passed, so the CPU per order grew with the batch
-- (decision 0047: 1.5-1.65 ms with 8-16 orders, 1.9-2.7 ms with 32) and batches stayed small.
-- Written by one transaction id (one subtransaction for the whole batch) the locks, the updates
-- and the foreign keys' locks of every order are that one id's: no multixact is made, and a batch
-- of 32 costs per order what one of 16 did, or less.
--
-- What each order gets is unchanged:
-- * every order is placed by place_order() as alone (every check, trigger, audit row with its own
--   actor, CHECK), in the order given, against the stock the earlier orders of the batch left;
--   a refusal writes nothing and answers as before;
-- * if any order of the batch fails (an error, not a refusal), nothing the batch did is kept
--   (its one subtransaction is rolled back) and the whole batch is placed again by
--   place_orders_each(), the previous place_orders(): each order in its own savepoint, the
--   failing one rolled back alone with its error, the others placed. Failures are rare (a refusal
--   is an answer, not an error), so the fallback's cost is rare too;
-- * the lock order is kept: an order takes the products it wants above all the batch holds by
--   waiting in id order, those below only if nobody holds them. Without a savepoint of its own an
--   order cannot try NOWAIT and roll back, so it takes those with SKIP LOCKED: if one is held by
--   another transaction the order is answered {"retry": true} before it writes anything (the
--   server places it again first in its next batch). The rows it did lock stay with the batch
--   (below its highest product, so no later wait is out of order); nothing can deadlock.

-- The previous place_orders(), unchanged but for its name: the fallback.
ALTER FUNCTION place_orders(jsonb) RENAME TO place_orders_each;

-- One answer per order, in the order given, as place_orders_each() answers.
CREATE FUNCTION place_orders(p_orders jsonb) RETURNS json AS $$
DECLARE
  v_order jsonb;
  v_ids integer[];
  v_below integer[];
  v_got integer[];
  v_held integer[] := '{}';
  v_top integer;
  v_answers json[] := '{}';
BEGIN
  BEGIN
    FOR v_order IN SELECT o FROM jsonb_array_elements(p_orders) WITH ORDINALITY x(o, n) ORDER BY n LOOP
      v_ids := ARRAY(SELECT p.id::integer FROM jsonb_array_elements_text(v_order -> 'product_ids') WITH ORDINALITY p(id, n)
                      ORDER BY p.n);
      v_top := (SELECT max(h) FROM unnest(v_held) h);
      -- below the batch's highest product: only those nobody holds, else retry (nothing written)
      v_below := ARRAY(SELECT product_id FROM products
                        WHERE product_id = ANY (v_ids) AND product_id <> ALL (v_held) AND product_id < v_top);
      IF cardinality(v_below) > 0 THEN
        v_got := ARRAY(SELECT product_id FROM products WHERE product_id = ANY (v_below)
                        ORDER BY product_id FOR NO KEY UPDATE SKIP LOCKED);
        v_held := v_held || v_got;
        IF cardinality(v_got) < cardinality(v_below) THEN
          v_answers := v_answers || json_build_object('retry', true);
          CONTINUE;
        END IF;
      END IF;
      -- above it: waited for in id order, as any placement waits
      PERFORM 1 FROM products
       WHERE product_id = ANY (v_ids) AND product_id <> ALL (v_held) AND (v_top IS NULL OR product_id > v_top)
       ORDER BY product_id FOR NO KEY UPDATE;
      v_answers := v_answers || json_build_object('placed', place_order(
        (v_order ->> 'actor')::integer, (v_order ->> 'customer')::integer, (v_order ->> 'at')::timestamptz,
        (v_order ->> 'schedule')::date, v_order ->> 'address', v_order ->> 'city', v_order ->> 'instructions',
        (v_order ->> 'fee')::numeric, v_ids,
        ARRAY(SELECT q.n::integer FROM jsonb_array_elements_text(v_order -> 'quantities') WITH ORDINALITY q(n, k)
               ORDER BY q.k),
        (v_order -> 'files')::json));
      v_held := v_held || ARRAY(SELECT unnest(v_ids) EXCEPT SELECT unnest(v_held));
    END LOOP;
  EXCEPTION
    WHEN OTHERS THEN
      -- an order failed: all of the batch is undone above; each order again, in its own savepoint
      RETURN place_orders_each(p_orders);
  END;
  RETURN array_to_json(v_answers);
END
$$ LANGUAGE plpgsql;
