-- Issue 30 item 3: 1:1 support (1:1 문의). A member opens an inquiry (a category, text, up to three images) and
-- staff answer it: 접수 (RECEIVED) → 답변 중 (ANSWERING, assigned) → 답변 완료 (ANSWERED) → 종료 (CLOSED); a member's
-- reply to an answered inquiry opens it again. `waiting_since` is the SLA clock: the oldest member message no staff
-- answer has followed (NULL while nothing waits); `last_member_message_at` the newest member message.
-- Nothing here is ever deleted (the member's record of what they asked and were told): a row trigger refuses DELETE
-- and a statement trigger TRUNCATE, so db/roles.ts gives the app role no DELETE on these tables. Images are
-- encrypted blobs in file_blobs (lib/storage), linked to their message here.
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"category" text NOT NULL,
	"subject" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"assignee_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_member_message_at" timestamp with time zone NOT NULL,
	"waiting_since" timestamp with time zone,
	"first_answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer REFERENCES "users"("id"),
	CONSTRAINT "inquiries_category_check" CHECK ("category" IN ('account', 'deposit', 'withdraw', 'staking', 'verification', 'other')),
	CONSTRAINT "inquiries_status_check" CHECK ("status" IN ('RECEIVED', 'ANSWERING', 'ANSWERED', 'CLOSED')),
	CONSTRAINT "inquiries_closed_check" CHECK (("status" = 'CLOSED') = ("closed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "inquiries_user_idx" ON "inquiries" USING btree ("user_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX "inquiries_queue_idx" ON "inquiries" USING btree ("status","waiting_since");
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL REFERENCES "inquiries"("id"),
	"author_id" integer NOT NULL REFERENCES "users"("id"),
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","id");
--> statement-breakpoint
CREATE TABLE "inquiry_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL REFERENCES "inquiries"("id"),
	"message_id" bigint NOT NULL REFERENCES "inquiry_messages"("id"),
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_images_key_uq" ON "inquiry_images" USING btree ("storage_key");
--> statement-breakpoint
CREATE INDEX "inquiry_images_message_idx" ON "inquiry_images" USING btree ("message_id");
--> statement-breakpoint
--> function: db/functions/support_records_kept.sql
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inquiries', 'inquiry_messages', 'inquiry_images'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH ROW EXECUTE FUNCTION support_records_kept()',
      t || '_no_delete', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION support_records_kept()',
      t || '_no_truncate', t);
  END LOOP;
END;
$$;
