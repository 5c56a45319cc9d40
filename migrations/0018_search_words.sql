-- Global search's word dictionary (issue 13, docs/decisions/0041): the distinct folded words
-- (3 letters or more) of everything global search matches by text, so that a misspelt word is
-- corrected against a few thousand words instead of being compared with every customer's text
-- (the typo pass was a sequential scan computing word similarity over all customers).
--
-- Kept current by triggers in the writers' own transactions. Words are only added: a word whose
-- last holder is renamed or deleted stays (it can no longer be corrected to a match, and the
-- search then falls back to correcting every word; docs/decisions/0041). No unique index: two
-- writers adding the same new word at once may both insert it (the lookups read distinct words),
-- so no writer ever waits on another's uncommitted word.
CREATE TABLE search_words (word text NOT NULL);
CREATE INDEX search_words_word_idx ON search_words (word);
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);

-- The words of a folded text that are not in the dictionary yet. Words are split at anything
-- but letters and digits, as src/shared/search-fold.ts splits a query.
CREATE FUNCTION search_words_add(doc text) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(doc, '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3
     AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w)
$$;

-- Row trigger: the folded text of the columns named as arguments (any type; arrays as their
-- JSON text, whose punctuation the split drops). A truck's plate also adds its letters and digits
-- run together ("wpla4521"), which is how plates are matched without their separators.
CREATE FUNCTION search_words_collect() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(NEW);
  doc text := '';
  col text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    doc := doc || ' ' || coalesce(row_json ->> col, '');
  END LOOP;
  doc := search_fold(doc);
  IF TG_TABLE_NAME = 'trucks' THEN
    doc := doc || ' ' || regexp_replace(doc, '[^a-z0-9]', '', 'g');
  END IF;
  PERFORM search_words_add(doc);
  RETURN NULL;
END
$$;

CREATE TRIGGER customers_search_words AFTER INSERT OR UPDATE OF name, address, city ON customers
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name', 'address', 'city');
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF name, category ON products
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name', 'category');
CREATE TRIGGER employees_search_words AFTER INSERT OR UPDATE OF first_name, last_name ON employees
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('first_name', 'last_name');
CREATE TRIGGER users_search_words AFTER INSERT OR UPDATE OF user_name, email ON users
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('user_name', 'email');
CREATE TRIGGER routes_search_words AFTER INSERT OR UPDATE OF name, end_location, covered_towns ON routes
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name', 'end_location', 'covered_towns');
CREATE TRIGGER cities_search_words AFTER INSERT OR UPDATE OF name ON cities
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name');
CREATE TRIGGER stores_search_words AFTER INSERT OR UPDATE OF address, near_station_name ON stores
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('address', 'near_station_name');
CREATE TRIGGER roles_search_words AFTER INSERT OR UPDATE OF role_name, access_rights ON roles
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('role_name', 'access_rights');
CREATE TRIGGER trucks_search_words AFTER INSERT OR UPDATE OF plate_number ON trucks
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('plate_number');
-- many trips share a train name: only a name the trip brings can add words
CREATE TRIGGER train_trips_search_words AFTER INSERT OR UPDATE OF train_name ON train_trips
  FOR EACH ROW WHEN (NEW.train_name <> '') EXECUTE FUNCTION search_words_collect('train_name');
-- the ledger grows with every order; only the few rows with a note pay anything
CREATE TRIGGER stock_movements_search_words AFTER INSERT OR UPDATE OF note ON stock_movements
  FOR EACH ROW WHEN (NEW.note IS NOT NULL) EXECUTE FUNCTION search_words_collect('note');

-- What is there already, once.
SELECT search_words_add(string_agg(doc, ' ')) FROM (
  SELECT DISTINCT doc FROM (
    SELECT search_fold(name || ' ' || address || ' ' || city) AS doc FROM customers
    UNION ALL SELECT search_fold(name || ' ' || category) FROM products
    UNION ALL SELECT search_fold(first_name || ' ' || last_name) FROM employees
    UNION ALL SELECT search_fold(user_name || ' ' || email) FROM users
    UNION ALL SELECT search_fold(name || ' ' || end_location || ' ' || array_to_string(covered_towns, ' ')) FROM routes
    UNION ALL SELECT search_fold(name) FROM cities
    UNION ALL SELECT search_fold(address || ' ' || near_station_name) FROM stores
    UNION ALL SELECT search_fold(role_name || ' ' || access_rights) FROM roles
    UNION ALL SELECT search_fold(plate_number) || ' ' || regexp_replace(search_fold(plate_number), '[^a-z0-9]', '', 'g') FROM trucks
    UNION ALL SELECT DISTINCT search_fold(train_name) FROM train_trips
    UNION ALL SELECT DISTINCT search_fold(note) FROM stock_movements WHERE note IS NOT NULL
  ) sources
) docs;
ANALYZE search_words;

-- Part of the search's first statement for a text (src/server/features/search/search.service.ts):
-- for each word of the query, whether some dictionary word holds it (then the text search can
-- find it as typed), and the other dictionary words closest to it (trigram word similarity at
-- least `threshold`, best first; words holding it are found by the text search anyway), for the
-- words no dictionary word holds, or with `every_word` for all. The threshold is set for the rest
-- of the transaction: the typo conditions of the searches that follow (`<%`) use it too.
-- PL/pgSQL keeps the plans.
CREATE FUNCTION search_words_near(tokens text[], threshold float8, alternatives int, every_word boolean)
RETURNS TABLE (known boolean, words text[], sims float8[])
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM set_config('pg_trgm.word_similarity_threshold', threshold::text, true);
  RETURN QUERY
    SELECT k.known, coalesce(c.words, '{}'), coalesce(c.sims, '{}')
      FROM unnest(tokens) WITH ORDINALITY AS t(t, n)
     CROSS JOIN LATERAL (
        SELECT length(t.t) < 3 OR EXISTS (SELECT 1 FROM search_words s WHERE s.word LIKE '%' || t.t || '%') AS known) k
      LEFT JOIN LATERAL (
        SELECT array_agg(x.word ORDER BY x.sim DESC, x.whole DESC, x.word) AS words,
               array_agg(x.sim ORDER BY x.sim DESC, x.whole DESC, x.word) AS sims
          FROM (SELECT DISTINCT s.word, word_similarity(t.t, s.word)::float8 AS sim,
                                similarity(t.t, s.word) AS whole
                  FROM search_words s
                 WHERE length(t.t) >= 3 AND (every_word OR NOT k.known)
                   AND t.t <% s.word AND s.word NOT LIKE '%' || t.t || '%'
                 ORDER BY sim DESC, whole DESC, s.word
                 LIMIT alternatives) x) c ON true
     ORDER BY t.n;
END
$$;
