-- Issue 29: one stored form for phone numbers, `0XX-XXXX-XXXX` with hyphens (lib/phone.ts decides it for every new
-- value: sign-up and the console's phone edit). Existing rows that are Korean numbers in any spelling
-- (01023456789, 010 2345 6789, +82 10-2345-6789, 02.123.4567) take that form; empty ones become NULL; anything
-- else is left as it was (nothing is thrown away). The admin member search matches a phone term's digits against
-- the stored digits through the new expression index (db/queries/members.ts).
WITH typed AS (
  SELECT id, regexp_replace(phone, '[[:space:]().-]', '', 'g') AS s FROM users WHERE phone IS NOT NULL
), digits AS (
  SELECT id,
    CASE
      WHEN s ~ '^\+82' THEN '0' || regexp_replace(substr(s, 4), '^0', '')
      WHEN s ~ '^82[0-9]{9,}$' THEN '0' || regexp_replace(substr(s, 3), '^0', '')
      ELSE s
    END AS d
  FROM typed
), formed AS (
  SELECT id,
    CASE
      WHEN d ~ '^02[0-9]{7,8}$' THEN substr(d, 1, 2) || '-' || substr(d, 3, length(d) - 6) || '-' || right(d, 4)
      WHEN d ~ '^(010[0-9]{8}|01[16789][0-9]{7,8}|0(3[1-3]|4[1-4]|5[1-5]|6[1-4])[0-9]{7,8}|070[0-9]{8})$'
        THEN substr(d, 1, 3) || '-' || substr(d, 4, length(d) - 7) || '-' || right(d, 4)
    END AS phone
  FROM digits
)
UPDATE users u SET phone = f.phone FROM formed f WHERE u.id = f.id AND f.phone IS NOT NULL AND u.phone <> f.phone;
--> statement-breakpoint
UPDATE users SET phone = NULL WHERE phone IS NOT NULL AND btrim(phone) = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_digits_trgm_idx" ON "users" USING gin ((replace("phone", '-', '')) gin_trgm_ops);
