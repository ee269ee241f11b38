/** Between a voice benchmark's passes: the pass's calls analysed, then a quiet moment, so no pass pays for another's work. */
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the product has analysed the calls of `reports` (its after-call work: analysis, follow-up text, alert; a
 * minute at most), then `settleMs` more, so the next pass starts on a quiet machine.
 */
export async function settled(db: D1Database, reports: SimulatedCallReport[], settleMs: number): Promise<void> {
  const sids = reports.map((report) => report.callSid);
  const pending = db
    .prepare(`select count(*) as n from calls where processing_status = 'pending' and call_sid in (${sids.map(() => "?").join(",")})`)
    .bind(...sids);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && ((await pending.first<number>("n")) ?? 0) > 0) await sleep(250);
  await sleep(settleMs);
}
