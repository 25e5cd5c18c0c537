-- The audit trail is tamper-evident (SECURITY.md): a row's hash over a canonical form of all its columns plus
-- prev_hash, written once — the chain's trigger (audit_log_chain) and `npm run audit:verify` (lib/audit-chain.ts)
-- both call this. The canonical form is a JSON array of text-or-null, in this fixed order —
--   "audit_log.v1", id, at (UTC, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"', microseconds), actor_id, action,
--   target_user_id, target_id, ip, request_id, before (jsonb's own text form, which orders keys), after (same),
--   memo, prev_hash (lower-case hex)
-- — every value as a JSON string, SQL NULL as JSON null (so a jsonb 'null' in before/after, the string "null",
-- differs from SQL NULL), rendered as jsonb text and hashed as UTF-8 with the built-in sha256() (PostgreSQL 11+,
-- PGlite included: no extension). A column added to audit_log later is NOT covered until this function (and
-- its version tag) is extended.
CREATE OR REPLACE FUNCTION audit_row_hash(r audit_log) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(convert_to(jsonb_build_array(
    'audit_log.v1',
    r.id::text,
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id::text,
    r.action,
    r.target_user_id::text,
    r.target_id,
    r.ip,
    r.request_id,
    r.before::text,
    r.after::text,
    r.memo,
    encode(r.prev_hash, 'hex')
  )::text, 'UTF8'))
$$;
