// `npm run retention:erase`: erases now every retained identity whose retention period has ended (the daily job of
// lib/kyc/retention-job.ts, by hand or from an external scheduler), one audit row per member.
import { closeDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { eraseExpiredIdentities, RETENTION_IDENTITY_YEARS } from "@/lib/kyc/retention";

try {
  await migrateDatabase();
  const erased = await eraseExpiredIdentities();
  console.log(
    erased.length
      ? `erased the retained identity of ${erased.length} member(s) deactivated ${RETENTION_IDENTITY_YEARS} years ago or more`
      : "no retained identity is due for erasure",
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await closeDb();
}
