-- Global search (issue 13): case-, accent- and typo-tolerant matching through pg_trgm, with
-- trigram indexes on the folded text of what people look up. See docs/decisions/0028.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. Another
-- feature may already have created it; IF NOT EXISTS keeps one.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Folds case and the accents of Latin letters, one character for one (so offsets found in the
-- folded text are offsets in the original: src/shared/search-fold.ts does the same in
-- TypeScript). IMMUTABLE, so expression indexes can use it; unlike unaccent() it needs no
-- dictionary and behaves the same on PostgreSQL and PGlite.
CREATE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(t,
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžĐđĦħıŁłØøŦŧßÆæŒœ',
    'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzDdHhiLlOoTtsAaOo'))
$$;

-- The tables that grow with the business get trigram indexes on their folded search text; the
-- small ones (cities, stores, routes, trucks, roles) are read whole.
CREATE INDEX customers_search_trgm ON customers
  USING gin (search_fold(name || ' ' || address || ' ' || city) gin_trgm_ops);
CREATE INDEX products_search_trgm ON products
  USING gin (search_fold(name || ' ' || category) gin_trgm_ops);
CREATE INDEX employees_search_trgm ON employees
  USING gin (search_fold(first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX users_search_trgm ON users
  USING gin (search_fold(user_name || ' ' || email) gin_trgm_ops);
CREATE INDEX train_trips_search_trgm ON train_trips
  USING gin (search_fold(train_name) gin_trgm_ops);
CREATE INDEX stock_movements_note_trgm ON stock_movements
  USING gin (search_fold(note) gin_trgm_ops) WHERE note IS NOT NULL;
