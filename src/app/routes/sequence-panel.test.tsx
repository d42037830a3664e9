import '../../testing/dialog-polyfill';

import type { Passenger, Ride } from '@shared/types/ride.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { usePassengers } from '../../features/rides/api/get-passengers';
import { useRide } from '../../features/rides/api/get-ride';
import SequencePanel from '../../features/stop-order/components/sequence-panel';
import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';

// The panel as the ride page and My Rides hold it: with the rides feature's read of the
// passengers, which the panel's answers write into.
function Panel({ ride, asDriver }: { ride: Ride; asDriver?: boolean }) {
  const passengers = usePassengers(ride.id, true);
  return <SequencePanel ride={ride} passengers={passengers} asDriver={asDriver} />;
}

const RIDE = makeRide({ id: 5, direction: 'FC->SG', maxPassengers: 6, currentPassengers: 4 });
const named = (id: number, name: string, dropoffSequence: number | null = null) =>
  makePassenger(id, { rideId: RIDE.id, dropoffSequence, user: { ...makePassenger(id).user!, name } });

// The organiser's panel with the server answering the passenger list, and a move with the list
// in the order asked for.
function renderPanel(passengers: Passenger[], ride = RIDE) {
  server.use(
    http.get(`*/api/rides/${ride.id}/passengers`, () => HttpResponse.json(passengers)),
    http.patch(`*/api/rides/${ride.id}/passengers/:passengerId/sequence`, () =>
      HttpResponse.json({ message: 'Passenger sequence updated', passengers }),
    ),
    // A lock numbers everyone in the order shown.
    http.post(`*/api/rides/${ride.id}/lockSequence`, () => {
      passengers = passengers.map((passenger, index) => ({ ...passenger, dropoffSequence: index + 1 }));
      return HttpResponse.json({ message: 'Sequence locked successfully', passengers });
    }),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<Panel ride={ride} />, { user: testUser({ id: ride.creatorId }) });
  return { ...rendered, sent };
}

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');
const posts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST').map((request) => request.path);

const shownOrder = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('SequencePanel: locked or not on load (SPEC §4)', () => {
  it('counts as locked when every passenger already has a stop number, though the ride is not marked locked', async () => {
    renderPanel([named(1, 'Ann', 2), named(2, 'Ben', 1), named(3, 'Cat', 3)]);
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(screen.getByText(/· Locked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Sequence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  it('stays unlocked while one passenger still has no stop number', async () => {
    renderPanel([named(1, 'Ann', 2), named(2, 'Ben', null), named(3, 'Cat', 3)]);
    expect(await screen.findByRole('button', { name: 'Lock Sequence' })).toBeInTheDocument();
    expect(screen.getByText(/Drag passengers, or use the arrows/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Cat up' })).toBeEnabled();
  });

  it('counts as locked when the ride says so, whatever the stop numbers', async () => {
    renderPanel([named(1, 'Ann'), named(2, 'Ben')], { ...RIDE, sequenceLocked: true });
    expect(await screen.findByText('Ben')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Sequence' })).not.toBeInTheDocument();
  });
});

// A drag as Chromium delivers it to SortableJS (HTML5 drag and drop), on a laid-out list: jsdom
// lays nothing out, so every item gets the box it would have, stacked from the top of the list.
const LIST_TOP = 100;
const ROW = 40;
const GAP = 10;
const WIDTH = 300;

function rect(top: number, height: number): DOMRect {
  return {
    x: 0,
    y: top,
    left: 0,
    top,
    width: WIDTH,
    height,
    right: WIDTH,
    bottom: top + height,
    toJSON: () => ({}),
  } as DOMRect;
}

// The items as laid out: SortableJS keeps a hidden copy of the dragged one in the list.
const items = (list: HTMLElement) =>
  [...list.children].filter(
    (child) => (child as HTMLElement).style.display !== 'none' && !child.classList.contains('sortable-fallback'),
  );

function layOut(list: HTMLElement) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this === list) return rect(LIST_TOP, items(list).length * (ROW + GAP) - GAP);
    const index = items(list).indexOf(this);
    if (index >= 0) return rect(LIST_TOP + index * (ROW + GAP), ROW);
    return rect(0, 0);
  });
  // SortableJS's auto-scroll asks what is under the pointer; jsdom has no elementFromPoint.
  Object.defineProperty(document, 'elementFromPoint', {
    configurable: true,
    value: (_x: number, y: number) => elementAt(list, y),
  });
}

// What is under the pointer at a height: an item of the list, or the panel's heading.
function elementAt(list: HTMLElement, y: number): Element {
  const index = Math.floor((y - LIST_TOP) / (ROW + GAP));
  const item = y >= LIST_TOP ? items(list)[index] : undefined;
  return item ?? screen.getByRole('heading', { name: 'Drop-off Sequence' });
}

// jsdom has no DragEvent: a MouseEvent with the DataTransfer SortableJS writes to.
function dragEvent(type: string, y: number): MouseEvent {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: WIDTH / 2, clientY: y, button: 0 });
  const data = new Map<string, string>();
  Object.defineProperty(event, 'dataTransfer', {
    value: {
      dropEffect: 'none',
      effectAllowed: 'all',
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
    },
  });
  return event;
}

const nextTask = (ms = 0) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

// Picks up the stop at `from` (by its number badge, or by `grab` inside the row), carries it over
// the first stop, then lets go at the height `dropY`: on the list, or above or below it. Says
// whether SortableJS showed the dragged stop first while it passed over the first one, as it
// does in a browser.
async function dragOverFirstThenDrop(
  list: HTMLElement,
  from: number,
  dropY: number,
  grab = '.drag-handle',
): Promise<boolean> {
  const item = items(list)[from] as HTMLElement;
  const startY = LIST_TOP + from * (ROW + GAP) + ROW / 2;
  item.querySelector(grab)!.dispatchEvent(
    new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      clientX: WIDTH / 2,
      clientY: startY,
      button: 0,
    }),
  );
  item.dispatchEvent(dragEvent('dragstart', startY));
  await nextTask();
  // Over the top part of the first stop: SortableJS puts the dragged one before it.
  items(list)[0].dispatchEvent(dragEvent('dragover', LIST_TOP + 5));
  const shownFirst = items(list)[0] === item;
  // SortableJS ignores drag events for a moment after each move.
  await nextTask(50);
  const target = elementAt(list, dropY);
  target.dispatchEvent(dragEvent('dragover', dropY));
  target.dispatchEvent(dragEvent('drop', dropY));
  item.dispatchEvent(dragEvent('dragend', dropY));
  // A move calls fetch within the drop's own task: by the next task it has been asked.
  await nextTask();
  return shownFirst;
}

// A finger as Chromium reports it to SortableJS (pointer events of type touch): it rests on the
// stop at `from`, on `grab` inside the row, for `holdMs`, then moves over the first stop and lifts
// at `dropY`. SortableJS drags a floating copy and looks under the finger every 50 ms. Says
// whether the dragged stop was shown first while the finger was over the first one.
async function touchDragOverFirstThenDrop(
  list: HTMLElement,
  from: number,
  dropY: number,
  { grab = 'p', holdMs = 250 } = {},
) {
  const item = items(list)[from] as HTMLElement;
  const x = WIDTH / 2;
  const startY = LIST_TOP + from * (ROW + GAP) + ROW / 2;
  const finger = (type: string, y: number, target: EventTarget = document) =>
    target.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        pointerType: 'touch',
        isPrimary: true,
        pointerId: 1,
        clientX: x,
        clientY: y,
        button: 0,
      }),
    );
  finger('pointerdown', startY, item.querySelector(grab)!);
  await nextTask(holdMs);
  finger('pointermove', startY + 2);
  await nextTask();
  finger('pointermove', LIST_TOP + 5);
  await nextTask(120);
  const shownFirst = items(list)[0] === item;
  await nextTask(50);
  finger('pointermove', dropY);
  await nextTask(120);
  finger('pointerup', dropY);
  await nextTask();
  return shownFirst;
}

describe('SequencePanel: dragging with SortableJS (SPEC §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (document as { elementFromPoint?: unknown }).elementFromPoint;
  });

  const three = () => [named(1, 'Ann'), named(2, 'Ben'), named(3, 'Cat')];

  async function renderedList(passengers: Passenger[]) {
    const rendered = renderPanel(passengers);
    const list = within(await screen.findByTestId(`sequence-list-${RIDE.id}`)).getByRole('list');
    layOut(list);
    return { ...rendered, list };
  }

  it("moves a passenger dropped on the list, renumbers after the organiser's stop and sends the new place", async () => {
    const { sent, list } = await renderedList(three());
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5)).toBe(true);
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    const [patch] = patches(sent);
    expect(patch?.path).toBe(`/api/rides/${RIDE.id}/passengers/3/sequence`);
    expect(patch?.body).toEqual({ sequence: 1 });
    expect(shownOrder()).toEqual(['Cat', 'Ann', 'Ben']);
    // Numbered as every screen numbers the route (_shared/stops.ts): the organiser's own drop-off
    // is stop 1, fixed above the list; the passengers follow it.
    expect(screen.getByTestId('organiser-stop')).toHaveTextContent(/^1Your drop-offPasir Ris MRT$/);
    expect(
      within(list)
        .getAllByText(/^[234]$/)
        .map((badge) => badge.textContent),
    ).toEqual(['2', '3', '4']);
    expect(await screen.findByText('Passenger sequence updated')).toBeInTheDocument();
  });

  it.each([
    ['above', LIST_TOP - 40],
    ['below', LIST_TOP + 3 * (ROW + GAP) + 40],
  ])(
    'does nothing when the passenger is dropped %s the list, after passing over another stop',
    async (_where, dropY) => {
      const { sent, list } = await renderedList(three());
      expect(await dragOverFirstThenDrop(list, 2, dropY)).toBe(true);
      expect(patches(sent)).toHaveLength(0);
      expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
      expect(screen.queryByText('Passenger sequence updated')).not.toBeInTheDocument();
    },
  );

  it('drags by any part of the row, not only the number', async () => {
    const { sent, list } = await renderedList(three());
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5, 'p')).toBe(true);
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(shownOrder()).toEqual(['Cat', 'Ann', 'Ben']);
  });

  it('starts no drag from the arrow buttons, which still move the passenger', async () => {
    const { sent, list, user } = await renderedList(three());
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5, 'button')).toBe(false);
    expect(patches(sent)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
    await user.click(screen.getByRole('button', { name: 'Move Cat up' }));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(shownOrder()).toEqual(['Ann', 'Cat', 'Ben']);
  });

  it('by touch: a finger resting on the row picks it up anywhere and moves it', async () => {
    const { sent, list } = await renderedList(three());
    expect(await touchDragOverFirstThenDrop(list, 2, LIST_TOP + 5)).toBe(true);
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]?.body).toEqual({ sequence: 1 });
    expect(shownOrder()).toEqual(['Cat', 'Ann', 'Ben']);
  });

  it('by touch: lifted above the list after passing over another stop, nothing moves', async () => {
    const { sent, list } = await renderedList(three());
    expect(await touchDragOverFirstThenDrop(list, 2, LIST_TOP - 40)).toBe(true);
    expect(patches(sent)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
  });

  it('by touch: a swipe that does not rest first scrolls, it drags nothing', async () => {
    const { sent, list } = await renderedList(three());
    expect(await touchDragOverFirstThenDrop(list, 2, LIST_TOP + 5, { holdMs: 0 })).toBe(false);
    expect(patches(sent)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
  });

  it('does nothing when the list is locked: no drag starts', async () => {
    const { sent, list } = await renderedList([named(1, 'Ann', 1), named(2, 'Ben', 2), named(3, 'Cat', 3)]);
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5)).toBe(false);
    expect(patches(sent)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
  });
});

describe('SequencePanel: Lock Sequence asks first', () => {
  it('Cancel or Esc sends nothing and leaves the order to drag', async () => {
    const { user, sent } = renderPanel([named(1, 'Ann'), named(2, 'Ben')]);
    await user.click(await screen.findByRole('button', { name: 'Lock Sequence' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock the drop-off order?' });
    expect(dialog).toHaveAccessibleDescription(
      'Passengers see their stop numbers; you can unlock it again to place a late joiner.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lock Sequence' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(posts(sent)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Move Ben up' })).toBeEnabled();
  });

  it('Lock sends the lock, says so and shows the order locked, with Unlock', async () => {
    const { user, sent } = renderPanel([named(1, 'Ann'), named(2, 'Ben')]);
    await user.click(await screen.findByRole('button', { name: 'Lock Sequence' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Sequence locked successfully')).toBeInTheDocument();
    expect(posts(sent)).toEqual([`/api/rides/${RIDE.id}/lockSequence`]);
    expect(screen.getByText(/· Locked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Sequence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });
});

// The panel as My Rides shows it: the ride comes from its detail, read from the server.
function PanelFromList({ rideId }: { rideId: number }) {
  const ride = useRide(rideId).data;
  return ride ? <Panel ride={ride} /> : null;
}

describe('SequencePanel: Unlock, to place a late joiner', () => {
  const locked = () => [named(1, 'Ann', 1), named(2, 'Ben', 2), named(3, 'Dave', 3)];

  // The server's side: a locked ride whose unlock clears every stop number and the flag. After
  // the unlock the ride is not answered, so what the panel shows comes from the unlock's own
  // answer, not from the ride read again.
  function renderLockedFromList({ refuse }: { refuse?: Response } = {}) {
    let ride: Ride = { ...RIDE, sequenceLocked: true };
    let passengers = locked();
    server.use(
      http.get(`*/api/rides/${RIDE.id}`, async () =>
        ride.sequenceLocked ? HttpResponse.json(ride) : await delay('infinite'),
      ),
      http.get(`*/api/rides/${RIDE.id}/passengers`, () => HttpResponse.json(passengers)),
      http.post(`*/api/rides/${RIDE.id}/unlockSequence`, () => {
        if (refuse) return refuse;
        ride = { ...ride, sequenceLocked: false };
        passengers = passengers.map((passenger) => ({ ...passenger, dropoffSequence: null }));
        return HttpResponse.json({ message: 'Sequence unlocked successfully', passengers });
      }),
    );
    const sent = recordRequests();
    const rendered = renderWithProviders(<PanelFromList rideId={RIDE.id} />, {
      user: testUser({ id: RIDE.creatorId }),
    });
    return { ...rendered, sent };
  }

  it('unlocks without asking: the order stays, the arrows and Lock Sequence come back, and it does not read as locked again', async () => {
    const { user, sent } = renderLockedFromList();
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Sequence unlocked')).toBeInTheDocument();
    expect(posts(sent)).toEqual([`/api/rides/${RIDE.id}/unlockSequence`]);

    expect(await screen.findByRole('button', { name: 'Lock Sequence' })).toBeEnabled();
    expect(screen.queryByText(/· Locked/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Dave']);
    // The late joiner can now be moved up.
    expect(screen.getByRole('button', { name: 'Move Dave up' })).toBeEnabled();
  });

  it('shows a refusal under Error and stays locked', async () => {
    const { user } = renderLockedFromList({
      refuse: HttpResponse.json(
        { message: 'The drop-off sequence of a past ride cannot be unlocked' },
        { status: 409 },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('409: The drop-off sequence of a past ride cannot be unlocked')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText(/· Locked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
  });

  it('offers no Unlock on a past ride', async () => {
    renderPanel(locked(), { ...RIDE, sequenceLocked: true, date: '2020-06-16T01:30:00.000Z' });
    expect(await screen.findByText('Dave')).toBeInTheDocument();
    expect(screen.getByText(/· Locked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });
});

// Issue 37 §3 (ADR 0040): an SG->FC ride's pickup order, with a time per stop, for the
// organiser and the assigned driver; the same calls and the same lock as the drop-offs.
describe('SequencePanel: the SG->FC pickup order and times', () => {
  const DRIVER_ID = 50;
  const SGFC = makeRide({
    id: 6,
    direction: 'SG->FC',
    maxPassengers: 6,
    currentPassengers: 3,
    vendorId: DRIVER_ID,
    status: 'assigned',
    // 8:00 am in Singapore.
    date: '2030-06-16T00:00:00.000Z',
  });
  const rider = (id: number, name: string, dropoffSequence: number | null = null, pickupTime: string | null = null) =>
    makePassenger(id, {
      rideId: SGFC.id,
      dropoffSequence,
      pickupTime,
      dropoffLocation: `${name}'s block`,
      user: { ...makePassenger(id).user!, name },
    });

  // The panel with the server answering the list, a move, a time (the list with it saved) and a lock.
  function renderPickups(passengers: Passenger[], { ride = SGFC, asDriver = false } = {}) {
    server.use(
      http.get(`*/api/rides/${ride.id}/passengers`, () => HttpResponse.json(passengers)),
      http.patch(`*/api/rides/${ride.id}/passengers/:passengerId/sequence`, () =>
        HttpResponse.json({ message: 'Passenger sequence updated', passengers }),
      ),
      http.patch(`*/api/rides/${ride.id}/passengers/:passengerId/pickupTime`, async ({ request, params }) => {
        const { pickupTime } = (await request.json()) as { pickupTime: string | null };
        passengers = passengers.map((passenger) =>
          passenger.id === Number(params.passengerId) ? { ...passenger, pickupTime } : passenger,
        );
        return HttpResponse.json({ message: 'Pickup time saved', passengers });
      }),
      http.post(`*/api/rides/${ride.id}/lockSequence`, () => {
        passengers = passengers.map((passenger, index) => ({ ...passenger, dropoffSequence: index + 1 }));
        return HttpResponse.json({ message: 'Sequence locked successfully', passengers });
      }),
    );
    const sent = recordRequests();
    const rendered = renderWithProviders(<Panel ride={ride} asDriver={asDriver} />, {
      user: testUser({ id: asDriver ? DRIVER_ID : ride.creatorId }),
    });
    return { ...rendered, sent };
  }

  const timePatches = (sent: SentRequest[]) =>
    sent
      .filter((request) => request.method === 'PATCH' && request.path.endsWith('/pickupTime'))
      .map((request) => [request.path, request.body]);

  it("numbers the draft after the organiser's own pickup, at the ride's time, with a labelled time field per stop", async () => {
    renderPickups([rider(1, 'Ann'), rider(2, 'Ben', null, '08:35')]);
    const panel = await screen.findByRole('region', { name: 'Pickup order' });
    await within(panel).findByText('Ann');
    expect(within(panel).getByTestId('organiser-stop')).toHaveTextContent(
      /^1Your pickupPasir Ris MRTAt the ride's time, 8:00 am$/,
    );
    expect(
      within(within(panel).getByRole('list'))
        .getAllByText(/^[23]$/)
        .map((badge) => badge.textContent),
    ).toEqual(['2', '3']);
    expect(within(panel).getByText(/set the order of pickups, and give each one a time/)).toBeInTheDocument();
    const ann = within(panel).getByLabelText('Pickup time for Ann');
    expect(ann).toHaveAttribute('type', 'time');
    expect(ann).toHaveValue('');
    expect(ann).toHaveAccessibleDescription('No time yet');
    expect(within(panel).getByLabelText('Pickup time for Ben')).toHaveValue('08:35');
    expect(within(panel).getByLabelText('Pickup time for Ben')).toHaveAccessibleDescription('about 8:35 am');
    expect(within(panel).getByRole('button', { name: 'Move Ben up' })).toBeEnabled();
    // Not the drop-off panel's words.
    expect(screen.queryByRole('heading', { name: 'Drop-off Sequence' })).not.toBeInTheDocument();
  });

  it('saves a time when the field is left, clears it when emptied, and sends nothing unchanged', async () => {
    const { user, sent } = renderPickups([rider(1, 'Ann'), rider(2, 'Ben', null, '08:35')]);
    const ann = await screen.findByLabelText('Pickup time for Ann');
    await user.type(ann, '08:20');
    await user.tab();
    expect(await screen.findByText('Pickup time saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Pickup time for Ann')).toHaveAccessibleDescription('about 8:20 am'),
    );

    // Into Ben's field and out again, unchanged: nothing is sent.
    await user.click(screen.getByLabelText('Pickup time for Ben'));
    await user.tab();
    await user.clear(screen.getByLabelText('Pickup time for Ben'));
    await user.tab();
    expect(await screen.findByText('Pickup time cleared')).toBeInTheDocument();
    expect(timePatches(sent)).toEqual([
      [`/api/rides/${SGFC.id}/passengers/1/pickupTime`, { pickupTime: '08:20' }],
      [`/api/rides/${SGFC.id}/passengers/2/pickupTime`, { pickupTime: null }],
    ]);
    await waitFor(() =>
      expect(screen.getByLabelText('Pickup time for Ben')).toHaveAccessibleDescription('No time yet'),
    );
  });

  it('saves a moment after a phone picker sets the time, though the field keeps the focus', async () => {
    const { sent } = renderPickups([rider(1, 'Ann')]);
    const ann = await screen.findByLabelText('Pickup time for Ann');
    act(() => ann.focus());
    fireEvent.change(ann, { target: { value: '09:15' } });
    expect(timePatches(sent)).toEqual([]);
    expect(await screen.findByText('Pickup time saved', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(ann).toHaveFocus();
    expect(timePatches(sent)).toEqual([[`/api/rides/${SGFC.id}/passengers/1/pickupTime`, { pickupTime: '09:15' }]]);
    // Leaving the field afterwards sends it no second time.
    act(() => ann.blur());
    await waitFor(() => expect(ann).toHaveAccessibleDescription('about 9:15 am'));
    expect(timePatches(sent)).toHaveLength(1);
  });

  it('locks the order with its own words; the times stay open to change, the arrows go', async () => {
    const { user, sent } = renderPickups([rider(1, 'Ann'), rider(2, 'Ben')]);
    await user.click(await screen.findByRole('button', { name: 'Lock pickup order' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock the pickup order?' });
    expect(dialog).toHaveAccessibleDescription(
      'Passengers see their pickup numbers and times; you can unlock it again to place a late joiner.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Pickup order locked')).toBeInTheDocument();
    expect(posts(sent)).toEqual([`/api/rides/${SGFC.id}/lockSequence`]);
    expect(screen.getByText(/· Locked; the times can still change\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    expect(screen.getByLabelText('Pickup time for Ben')).toBeEnabled();
  });

  it("shows the assigned driver the organiser's pickup as the organiser's", async () => {
    renderPickups([rider(1, 'Ann', 1, '08:20')], { asDriver: true });
    expect(await screen.findByTestId('organiser-stop')).toHaveTextContent(/Organizer's pickup/);
    expect(screen.getByText(/· Locked; the times can still change\./)).toBeInTheDocument();
  });

  it('keeps a past ride as it was: its times cannot be edited', async () => {
    renderPickups([rider(1, 'Ann', 1, '08:20')], { ride: { ...SGFC, date: '2020-06-16T00:00:00.000Z' } });
    expect(await screen.findByLabelText('Pickup time for Ann')).toBeDisabled();
    expect(screen.getByText(/· Locked$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });
});
