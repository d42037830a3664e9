import type { Database } from '../supabase/functions/api/lib/database.ts';
import { sendQueuedPushes } from '../supabase/functions/api/lib/push/sender.ts';

// The Node host's clock (ADR 0051): once a minute, app.run_due_reminders() asks the passengers
// whose day-before moment has come (supabase/schemas/68_day_before.sql), then the pushes it
// queued go out as a request's would. Hosted Supabase runs the same function from pg_cron
// (docs/deploy.md). The function is idempotent, so a tick that overlaps, repeats after a
// restart, or runs on two hosts at once asks nobody twice; a tick that fails is logged and the
// next one tries again.
const TICK_MS = 60_000;

export function startReminderClock(
  database: Database,
  origin: string | undefined,
  logError: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    // A slow tick is not overlapped by the next one: the next minute picks up what is due.
    if (running) return;
    running = (async () => {
      try {
        const [row] = await database.transaction((tx) =>
          tx.query<{ asked: number }>('select app.run_due_reminders() as asked'),
        );
        if (row && row.asked > 0) await sendQueuedPushes(database, origin, logError);
      } catch (error) {
        logError('reminders: the minute failed', error);
      }
    })().finally(() => {
      running = null;
    });
  };
  // Once at start, so a host that was down at the moment catches up at once.
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
