-- Global search at scale (issue 13, docs/decisions/0035): the folded search text of the tables
-- that grow is kept in a stored generated column, and their trigram indexes move onto it. Matching
-- a common word ("road", a city) read every row and called search_fold() (PL/pgSQL) on each, and
-- an index's recheck called it again for every candidate: a plain column costs neither. Same
-- text as the expression indexes of 0010, so the queries find the same rows.
ALTER TABLE customers ADD COLUMN search_text text
  GENERATED ALWAYS AS (search_fold(name || ' ' || address || ' ' || city)) STORED;
DROP INDEX customers_search_trgm;
CREATE INDEX customers_search_trgm ON customers USING gin (search_text gin_trgm_ops);

ALTER TABLE products ADD COLUMN search_text text
  GENERATED ALWAYS AS (search_fold(name || ' ' || category)) STORED;
DROP INDEX products_search_trgm;
CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops);

ALTER TABLE employees ADD COLUMN search_text text
  GENERATED ALWAYS AS (search_fold(first_name || ' ' || last_name)) STORED;
DROP INDEX employees_search_trgm;
CREATE INDEX employees_search_trgm ON employees USING gin (search_text gin_trgm_ops);

ALTER TABLE users ADD COLUMN search_text text
  GENERATED ALWAYS AS (search_fold(user_name || ' ' || email)) STORED;
DROP INDEX users_search_trgm;
CREATE INDEX users_search_trgm ON users USING gin (search_text gin_trgm_ops);
