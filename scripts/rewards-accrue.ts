// `npm run rewards:accrue [-- --date YYYY-MM-DD]`: pay one ended KST day, or every ended day not yet paid.
import { closeDb, getDb } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { isAppError } from "@/lib/errors";
import { accrueRewards } from "@/lib/staking/run";
import { isDay } from "@/lib/kst-day";

const args = process.argv.slice(2);
const i = args.indexOf("--date");
const date = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--date="))?.slice(7);
if ((i >= 0 || date !== undefined) && (!date || !isDay(date))) {
  console.error("usage: npm run rewards:accrue -- [--date YYYY-MM-DD]");
  process.exit(2);
}

try {
  await migrateDatabase();
  const result = await accrueRewards(await getDb(), { date });
  for (const d of result.days)
    console.log(
      d.alreadyPaid
        ? `${d.day}: already paid, nothing to do`
        : `${d.day}: paid ${d.membersPaid} member(s), ${d.totalPaid} in total`,
    );
  if (!result.days.length) console.log("no ended day is waiting to be paid");
  if (result.remaining) console.log(`${result.remaining} more day(s) waiting: run again`);
} catch (e) {
  console.error(isAppError(e) ? `refused: ${e.code} (the day must be a KST day that has ended)` : e);
  process.exitCode = 1;
} finally {
  await closeDb();
}
