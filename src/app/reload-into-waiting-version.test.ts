import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { reloadIntoWaitingVersion } from './reload-into-waiting-version';

// A service worker as the page sees one: a state, its changes, and the messages sent to it.
class WaitingWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  postMessage = vi.fn();

  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

const container = new EventTarget() as EventTarget & { getRegistration: () => Promise<unknown> };

// The tap, with this worker waiting (or none): what it asked the page to do.
async function tapReload(waiting: WaitingWorker | null) {
  container.getRegistration = () => Promise.resolve({ waiting });
  const reload = vi.fn();
  await reloadIntoWaitingVersion(reload);
  return reload;
}

const nudgeFrames = () => document.querySelectorAll<HTMLIFrameElement>('iframe[src="/api/health"]');

describe('reloadIntoWaitingVersion', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    document.body.replaceChildren();
  });

  it('reloads at once when no version is waiting (another tab took it)', async () => {
    const reload = await tapReload(null);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the waiting version to take over and reloads once, on the first sign that it has', async () => {
    const waiting = new WaitingWorker();
    const reload = await tapReload(waiting);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    waiting.moveTo('activating');
    container.dispatchEvent(new Event('controllerchange'));
    waiting.moveTo('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(nudgeFrames()).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the worker it waited for turns redundant', async () => {
    const waiting = new WaitingWorker();
    const reload = await tapReload(waiting);
    waiting.moveTo('redundant');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('opens a hidden frame in scope every two seconds while the takeover is parked, then reloads anyway', async () => {
    const waiting = new WaitingWorker();
    const reload = await tapReload(waiting);

    await vi.advanceTimersByTimeAsync(1_900);
    expect(nudgeFrames()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    const [frame] = nudgeFrames();
    expect(frame?.hidden).toBe(true);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.tabIndex).toBe(-1);

    // Each frame goes once it has loaded, or by the next one.
    frame?.dispatchEvent(new Event('load'));
    expect(nudgeFrames()).toHaveLength(0);
    for (let opened = 2; opened <= 5; opened += 1) {
      await vi.advanceTimersByTimeAsync(2_000);
      expect(nudgeFrames()).toHaveLength(1);
    }
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(nudgeFrames()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops opening frames once the takeover has started', async () => {
    const waiting = new WaitingWorker();
    const reload = await tapReload(waiting);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(nudgeFrames()).toHaveLength(1);

    waiting.moveTo('activating');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(nudgeFrames()).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
