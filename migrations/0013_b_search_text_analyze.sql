-- The statistics of 0013's new search_text columns (issue 13, docs/decisions/0035): without
-- them the planner did not choose the trigram index for a typo search and computed the
-- similarity over every customer (~40 ms at 2,000 customers). These tables are small; a
-- rewrite by ALTER TABLE does not make autovacuum analyze them.
ANALYZE customers;
ANALYZE products;
ANALYZE employees;
ANALYZE users;
