-- search_fold() as PL/pgSQL with a cost, and a fast path for ASCII text (issue 13, measured at
-- 1M orders: bench/README.md). The SQL version of 0010_global_search was inlined into queries,
-- so the planner priced the fold at almost nothing and read whole tables instead of using the
-- trigram indexes; and translate() over the accent list cost ~100 us a row. Same results, so
-- the indexes built on it stay valid.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100 AS $$
BEGIN
  -- as many bytes as characters: plain ASCII, nothing to unaccent
  IF octet_length(t) = char_length(t) THEN
    RETURN lower(t);
  END IF;
  RETURN lower(translate(t,
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžĐđĦħıŁłØøŦŧßÆæŒœ',
    'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzDdHhiLlOoTtsAaOo'));
END
$$;
