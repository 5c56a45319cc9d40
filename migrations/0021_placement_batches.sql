-- Issue 7 part 5 (docs/decisions/0047): orders that arrive together are placed in one
-- transaction, each in its own subtransaction, and committed once.
--
-- The server gathers the placements that arrive while an earlier one is running (never waiting
-- for more: a lone order still goes to place_order() alone) and hands them here. Every order is
-- placed by place_order() exactly as alone, inside its own subtransaction (a plpgsql block with an
-- exception handler is a savepoint): an order that fails is rolled back to its savepoint, whatever
-- it wrote undone, and its error is answered for it alone; the others go on. The batch commits
-- once (one WAL flush for all of them) and the server answers each order only after that commit;
-- a failing commit fails every order of the batch and leaves nothing.
--
-- The orders of a batch want products in no common order, so the batch takes them as it goes
-- without ever waiting while holding a product of a higher id than the one it waits for: each
-- order first locks, in its savepoint, the products it wants that the batch does not hold yet:
-- those with an id above every product the batch holds in id order, waiting as any placement
-- does; those below, only if no one else holds them (NOWAIT). An order that would have to wait
-- for one of those is rolled back to its savepoint (nothing written) and answered {"retry": true}:
-- the server places it again in its next batch, where it comes first. Every wait is then for a
-- product above all the waiter holds, as in place_order() and the cancellation's stock return, so
-- no two transactions can wait for each other (no deadlock). The products are locked and updated
-- by the same subtransaction, so no multixact is made on them (decision 0044).

-- One answer per order, in the order given: {"placed": <place_order()'s answer>}, {"retry": true}
-- (not placed, nothing written: place it again), or, when the order failed and was rolled back,
-- {"error": {...}} with the fields of the PostgreSQL error.
CREATE FUNCTION place_orders(p_orders jsonb) RETURNS json AS $$
DECLARE
  v_order jsonb;
  v_ids integer[];
  v_held integer[] := '{}';
  v_top integer;
  v_answers json[] := '{}';
  e_code text;
  e_message text;
  e_detail text;
  e_hint text;
  e_constraint text;
  e_table text;
  e_column text;
  e_schema text;
  e_datatype text;
BEGIN
  FOR v_order IN SELECT o FROM jsonb_array_elements(p_orders) WITH ORDINALITY x(o, n) ORDER BY n LOOP
    v_ids := ARRAY(SELECT p.id::integer FROM jsonb_array_elements_text(v_order -> 'product_ids') WITH ORDINALITY p(id, n)
                    ORDER BY p.n);
    v_top := (SELECT max(h) FROM unnest(v_held) h);
    BEGIN
      PERFORM 1 FROM products
       WHERE product_id = ANY (v_ids) AND product_id <> ALL (v_held) AND product_id < v_top
       ORDER BY product_id FOR NO KEY UPDATE NOWAIT;
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
    EXCEPTION
      WHEN lock_not_available THEN
        v_answers := v_answers || json_build_object('retry', true);
      WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS e_code = RETURNED_SQLSTATE, e_message = MESSAGE_TEXT, e_detail = PG_EXCEPTION_DETAIL,
                                e_hint = PG_EXCEPTION_HINT, e_constraint = CONSTRAINT_NAME, e_table = TABLE_NAME,
                                e_column = COLUMN_NAME, e_schema = SCHEMA_NAME, e_datatype = PG_DATATYPE_NAME;
        v_answers := v_answers || json_build_object('error', json_build_object(
          'code', e_code, 'message', e_message, 'detail', nullif(e_detail, ''), 'hint', nullif(e_hint, ''),
          'constraint', nullif(e_constraint, ''), 'table', nullif(e_table, ''), 'column', nullif(e_column, ''),
          'schema', nullif(e_schema, ''), 'dataType', nullif(e_datatype, '')));
    END;
  END LOOP;
  RETURN array_to_json(v_answers);
END
$$ LANGUAGE plpgsql;
