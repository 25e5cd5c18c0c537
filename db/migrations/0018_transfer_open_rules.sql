-- Issue 27: transfer_request_open (lib/wallet/requests.ts createTransferRequest) also judges the Korean rules for
-- money that leaves, in the same one statement, and stores the request's Travel Rule record. Its arguments change,
-- so the old function is dropped.
DROP FUNCTION IF EXISTS transfer_request_open(
  integer, request_type, coin, numeric, numeric, text, numeric, timestamptz, text, boolean, timestamptz, timestamptz,
  numeric);
--> statement-breakpoint
-- The new transfer_request_open(): db/functions/transfer_request_open.sql, applied after the migrations
-- (db/migrate.ts).
