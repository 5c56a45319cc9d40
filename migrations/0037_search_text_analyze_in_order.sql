-- The statistics of the search_text columns, taken after the columns exist. 0013_b_search_text_analyze
-- was written to run after 0013_search_text_columns but sorts before it ('b' < 's'), so on a fresh
-- database it analyzed the four tables before they had the columns, and the planner had no
-- statistics for them until autovacuum came by (docs/decisions/0035). Migrations are applied in
-- file-name order; from this one on each has a four-digit prefix of its own
-- (src/server/db/migration-history.test.ts).
ANALYZE customers;
ANALYZE products;
ANALYZE employees;
ANALYZE users;
