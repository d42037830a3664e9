// The test harness's child processes (tests/support/child-process.ts): waiting for the
// "listening" line must not leave its listener behind. One that stayed read the whole collected
// output again on every later chunk, for as long as the server ran: a host logs a line per
// request, so the test process's CPU grew with the requests it had sent (bench:api's
// single-client first page measured 3.5 ms p50 with the client at 100 % CPU; 0.37 ms without).
import { describe, expect, it } from 'vitest';

import { type CollectedChild, spawnCollecting, stopChild, waitForListening } from '../support/child-process.ts';

const SERVER = `
console.log('starting');
setTimeout(() => console.log('listening on http://127.0.0.1:4321'), 50);
let lines = 0;
const timer = setInterval(() => {
  console.log('GET /api/rides 200 ' + lines);
  if ((lines += 1) === 20) clearInterval(timer);
}, 10);
setTimeout(() => {}, 60_000);
`;

// The same child, counting the listeners attached to its output that are still attached.
function counted(child: CollectedChild) {
  let attached = 0;
  const onOutput = (listener: () => void) => {
    attached += 1;
    const stop = child.onOutput(listener);
    let stopped = false;
    return () => {
      if (!stopped) attached -= 1;
      stopped = true;
      stop();
    };
  };
  return { child: { ...child, onOutput }, attached: () => attached };
}

describe('waiting for a child to listen', () => {
  it('finds the port, then stops reading the output it goes on writing', async () => {
    const started = spawnCollecting('listener', process.execPath, ['-e', SERVER], {});
    const { child, attached } = counted(started);
    try {
      const port = await waitForListening(child, /listening on http:\/\/127\.0\.0\.1:(\d+)/, 10_000, 'The child');
      expect(port).toBe(4321);
      expect(attached()).toBe(0);
      await expect.poll(() => started.output().match(/GET \/api\/rides/g)?.length ?? 0).toBe(20);
      expect(attached()).toBe(0);
    } finally {
      await stopChild(started, 'SIGTERM', 5_000, 'The child');
    }
  });

  it('says what the child printed when it exits before listening, and lets go of it', async () => {
    const started = spawnCollecting(
      'early-exit',
      process.execPath,
      ['-e', 'console.log("no port"); process.exit(3)'],
      {},
    );
    const { child, attached } = counted(started);
    await expect(waitForListening(child, /listening on (\d+)/, 10_000, 'The child')).rejects.toThrow(
      /The child exited \(code 3, signal null\) before listening\. Output:\nno port/,
    );
    expect(attached()).toBe(0);
  });
});
