-- Issue 27 item 6: records kept as long as the law says (docs/operations.md, "Retention").
-- retained_identities: a deactivated member's identity (name, phone, login id, wallet address, the ID approval's
--   date), sealed with AES-256-GCM under FILE_ENCRYPTION_KEY (lib/kyc/retention.ts), kept 5 years after the
--   relationship ended (the Act on Reporting and Using Specified Financial Transaction Information) and readable only
--   by a SUPERADMIN, every read audited. The daily erasure (lib/kyc/retention.ts) clears `sealed` at `erase_after`
--   and sets `erased_at`; the row stays as the trace of what was kept and when it went.
-- retained_id_images: the member's ID images kept with it: the encrypted blobs stay in file_blobs under their key,
--   out of the member's record (id_documents.storage_key is cleared at deactivation), until the same erasure.
CREATE TABLE "retained_identities" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id"),
  "sealed" bytea,
  "iv" bytea,
  "relationship_ended_at" timestamp with time zone NOT NULL,
  "erase_after" timestamp with time zone NOT NULL,
  "erased_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "retained_identities_sealed_check" CHECK (("erased_at" IS NULL) = ("sealed" IS NOT NULL AND "iv" IS NOT NULL)),
  CONSTRAINT "retained_identities_erase_after_check" CHECK ("erase_after" > "relationship_ended_at")
);
--> statement-breakpoint
CREATE INDEX "retained_identities_due_idx" ON "retained_identities" ("erase_after") WHERE "erased_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "retained_id_images" (
  "document_id" bigint PRIMARY KEY REFERENCES "id_documents"("id"),
  "user_id" integer NOT NULL REFERENCES "retained_identities"("user_id"),
  "storage_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retained_id_images_user_idx" ON "retained_id_images" ("user_id");
--> statement-breakpoint
-- Money records are never deleted (가상자산이용자보호법, 2024: 15 years; the Travel Rule's records 5 years at least).
-- The application still updates these rows (a request's status, a history row hidden), so only DELETE (a row
-- trigger) and TRUNCATE (a statement trigger, which also fires for a TRUNCATE … CASCADE from another table) are
-- refused. db/roles.ts reads the guard: the app role gets no DELETE on these tables (and TRUNCATE on none).
--> function: db/functions/money_records_kept.sql
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['transactions', 'requests', 'request_events', 'travel_rule_records'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION money_records_kept()',
      t || '_no_delete', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION money_records_kept()',
      t || '_no_truncate', t);
  END LOOP;
END;
$$;
