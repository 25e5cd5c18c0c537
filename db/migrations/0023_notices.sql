-- Issue 30 item 1: notices (공지사항). An administrator writes a notice in Korean and English (markdown, rendered
-- without raw HTML), with a category, a pin and a publication window [published_from, published_until). A notice
-- is never deleted: withdrawing it (retiring) sets published_until to that instant, so the record stays.
-- notice_reads holds which member has opened which notice (the unread marks).
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"title_ko" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_ko" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_from" timestamp with time zone NOT NULL,
	"published_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_category_check" CHECK ("category" IN ('general', 'maintenance', 'event', 'policy', 'security')),
	CONSTRAINT "notices_window_check" CHECK ("published_until" IS NULL OR "published_until" >= "published_from")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_published_idx" ON "notices" USING btree ("published_from" DESC,"id" DESC);--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;
