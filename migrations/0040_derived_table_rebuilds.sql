-- Derived data in one room (docs/decisions/0078, src/server/db/derived-tables.ts): every table or
-- column kept by triggers has one rebuild_<name>() that computes it from its source tables. The
-- tables that had none get theirs here: the trains' booked space, the trucks' loads, the support
-- requests' message figures and the search dictionary. Replaces search_words_collect from
-- 0018_search_words, so that the rule "which words a row gives" is written once
-- (search_words_of_row) and read by the trigger and the rebuild alike.

-- ---- train_trips.used_capacity: the sum of the trip's bookings (migration 0004) ----

-- The guard (train_trips_used_capacity) refuses a direct write; the rebuild sets it aside for
-- its one statement, as rebuild_stock_rollups does with the ledger's guard.
CREATE FUNCTION rebuild_train_trips_used_capacity() RETURNS void AS $$
BEGIN
  ALTER TABLE train_trips DISABLE TRIGGER train_trips_used_capacity;
  UPDATE train_trips t SET used_capacity = x.space
    FROM (SELECT t.train_trip_id, coalesce(sum(a.space), 0) AS space
            FROM train_trips t LEFT JOIN train_allocations a ON a.train_trip_id = t.train_trip_id
           GROUP BY t.train_trip_id) x
   WHERE t.train_trip_id = x.train_trip_id AND t.used_capacity IS DISTINCT FROM x.space;
  ALTER TABLE train_trips ENABLE TRIGGER train_trips_used_capacity;
END
$$ LANGUAGE plpgsql;

-- ---- deliveries.loaded_space: the sum of the space of the orders on the run (migration 0004) ----

CREATE FUNCTION rebuild_deliveries_loaded_space() RETURNS void AS $$
BEGIN
  ALTER TABLE deliveries DISABLE TRIGGER deliveries_loaded_space;
  UPDATE deliveries d SET loaded_space = x.space
    FROM (SELECT d.delivery_id, coalesce(sum(l.space), 0) AS space
            FROM deliveries d LEFT JOIN delivery_orders l ON l.delivery_id = d.delivery_id
           GROUP BY d.delivery_id) x
   WHERE d.delivery_id = x.delivery_id AND d.loaded_space IS DISTINCT FROM x.space;
  ALTER TABLE deliveries ENABLE TRIGGER deliveries_loaded_space;
END
$$ LANGUAGE plpgsql;

-- ---- support_requests: how many messages, the last one's time and side (migration 0035) ----

-- The last message: the latest created_at, and of equal times the one written last (as the
-- trigger support_messages_state keeps it). The status stays: it is the staff's and the
-- customer's doing, not a figure of the messages.
CREATE FUNCTION rebuild_support_request_messages() RETURNS void AS $$
BEGIN
  UPDATE support_requests s
     SET message_count = x.n, last_message_at = x.last_at, last_message_side = x.side
    FROM (SELECT m.request_id, count(*)::int AS n, max(m.created_at) AS last_at,
                 (array_agg(m.author_side ORDER BY m.created_at DESC, m.message_id DESC))[1] AS side
            FROM support_messages m GROUP BY m.request_id) x
   WHERE s.request_id = x.request_id
     AND (s.message_count, s.last_message_at, s.last_message_side) IS DISTINCT FROM (x.n, x.last_at, x.side);
END
$$ LANGUAGE plpgsql;

-- ---- search_words: the words of the searchable columns (migration 0018, decision 0041) ----

-- The text a row gives to the dictionary: its columns (as the trigger names them), folded; a
-- truck's plate also without its separators.
CREATE FUNCTION search_words_of_row(p_table text, p_row jsonb, p_columns text[]) RETURNS text AS $$
DECLARE
  doc text := '';
  col text;
BEGIN
  FOREACH col IN ARRAY p_columns LOOP
    doc := doc || ' ' || coalesce(p_row ->> col, '');
  END LOOP;
  doc := search_fold(doc);
  IF p_table = 'trucks' THEN
    doc := doc || ' ' || regexp_replace(doc, '[^a-z0-9]', '', 'g');
  END IF;
  RETURN doc;
END
$$ LANGUAGE plpgsql IMMUTABLE;

CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger AS $$
BEGIN
  PERFORM search_words_add(search_words_of_row(TG_TABLE_NAME, to_jsonb(NEW), TG_ARGV));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- Every word of every row of the tables whose triggers collect words, with the columns those
-- triggers name (read from the catalog: the triggers stay the one list). A word of a renamed or
-- deleted row is not given again (decision 0041 keeps such words: the kept table holds at least
-- the rebuild's words).
CREATE FUNCTION rebuild_search_words() RETURNS void AS $$
DECLARE
  t record;
BEGIN
  DELETE FROM search_words;
  FOR t IN SELECT c.relname AS name, tg.tgrelid::regclass AS tab,
                  (string_to_array(encode(tg.tgargs, 'escape'), '\000'))[1:tg.tgnargs] AS cols
             FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
            WHERE tg.tgfoid = 'search_words_collect'::regproc
            ORDER BY c.relname LOOP
    EXECUTE format('SELECT search_words_add(string_agg(search_words_of_row(%L, to_jsonb(r), %L::text[]), '' '')) FROM %s r',
                   t.name, t.cols, t.tab);
  END LOOP;
END
$$ LANGUAGE plpgsql;
