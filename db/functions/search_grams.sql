-- The admin member search's grams of a text (migration 0030, users_search_grams_idx; db/queries/members.ts
-- shortTermPage): every character and every pair of adjacent characters of lower(p), distinct. pg_trgm makes no
-- trigram of a one- or two-character term; with these, `x ILIKE '%t%'` for a t of one or two characters holds
-- exactly when search_grams(x) contains lower(t) (ILIKE compares the lower-cased texts). IMMUTABLE because an
-- index is built on it: a change to the body must come with a REINDEX of users_search_grams_idx in its migration.
CREATE OR REPLACE FUNCTION search_grams(p text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT substr(l.s, i, n)), '{}')
  FROM (SELECT lower(p) AS s) l, generate_series(1, 2) n, generate_series(1, length(l.s) - n + 1) i
$$;
