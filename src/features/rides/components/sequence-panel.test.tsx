import type { Passenger } from '@shared/types/ride.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePassenger, makeRide } from '../../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../../../testing/render';
import SequencePanel from './sequence-panel';

const RIDE = makeRide({ id: 5, direction: 'FC->SG', maxPassengers: 6, currentPassengers: 4 });
const named = (id: number, name: string, dropoffSequence: number | null = null) =>
  makePassenger(id, { rideId: RIDE.id, dropoffSequence, user: { ...makePassenger(id).user!, name } });

// The organiser's panel with the server answering the passenger list, and a move with the list
// in the order asked for.
function renderPanel(passengers: Passenger[], ride = RIDE) {
  const fetchMock = stubFetch((url, init) => {
    if (url === `/api/rides/${ride.id}/passengers` && (init.method ?? 'GET') === 'GET') return jsonResponse(passengers);
    if (init.method === 'PATCH') return jsonResponse({ message: 'Passenger sequence updated', passengers });
    throw new Error(`Unexpected fetch: ${init.method ?? 'GET'} ${url}`);
  });
  const rendered = renderWithProviders(<SequencePanel ride={ride} />, { user: testUser({ id: ride.creatorId }) });
  return { ...rendered, fetchMock };
}

const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');

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
  return { x: 0, y: top, left: 0, top, width: WIDTH, height, right: WIDTH, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}

// The items as laid out: SortableJS keeps a hidden copy of the dragged one in the list.
const items = (list: HTMLElement) => [...list.children].filter((child) => (child as HTMLElement).style.display !== 'none');

function layOut(list: HTMLElement) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this === list) return rect(LIST_TOP, items(list).length * (ROW + GAP) - GAP);
    const index = items(list).indexOf(this);
    if (index >= 0) return rect(LIST_TOP + index * (ROW + GAP), ROW);
    return rect(0, 0);
  });
  // SortableJS's auto-scroll asks what is under the pointer; jsdom has no elementFromPoint.
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: (_x: number, y: number) => elementAt(list, y) });
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
    value: { dropEffect: 'none', effectAllowed: 'all', setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '' },
  });
  return event;
}

const nextTask = (ms = 0) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

// Picks up the stop at `from` by its handle, carries it over the first stop, then lets go at the
// height `dropY`: on the list, or above or below it. Says whether SortableJS showed the dragged
// stop first while it passed over the first one, as it does in a browser.
async function dragOverFirstThenDrop(list: HTMLElement, from: number, dropY: number): Promise<boolean> {
  const item = items(list)[from] as HTMLElement;
  const startY = LIST_TOP + from * (ROW + GAP) + ROW / 2;
  item.querySelector('.drag-handle')!.dispatchEvent(
    new PointerEvent('pointerdown', { bubbles: true, cancelable: true, clientX: WIDTH / 2, clientY: startY, button: 0 }),
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

  it('moves a passenger dropped on the list, renumbers from 1 and sends the new stop number', async () => {
    const { fetchMock, list } = await renderedList(three());
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5)).toBe(true);
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    const [url, init] = patches(fetchMock)[0];
    expect(url).toBe(`/api/rides/${RIDE.id}/passengers/3/sequence`);
    expect(JSON.parse(String(init?.body))).toEqual({ sequence: 1 });
    expect(shownOrder()).toEqual(['Cat', 'Ann', 'Ben']);
    expect(within(list).getAllByText(/^[123]$/).map((badge) => badge.textContent)).toEqual(['1', '2', '3']);
    expect(await screen.findByText('Passenger sequence updated')).toBeInTheDocument();
  });

  it.each([
    ['above', LIST_TOP - 40],
    ['below', LIST_TOP + 3 * (ROW + GAP) + 40],
  ])('does nothing when the passenger is dropped %s the list, after passing over another stop', async (_where, dropY) => {
    const { fetchMock, list } = await renderedList(three());
    expect(await dragOverFirstThenDrop(list, 2, dropY)).toBe(true);
    expect(patches(fetchMock)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
    expect(screen.queryByText('Passenger sequence updated')).not.toBeInTheDocument();
  });

  it('does nothing when the list is locked: no drag starts', async () => {
    const { fetchMock, list } = await renderedList([named(1, 'Ann', 1), named(2, 'Ben', 2), named(3, 'Cat', 3)]);
    expect(await dragOverFirstThenDrop(list, 2, LIST_TOP + 5)).toBe(false);
    expect(patches(fetchMock)).toHaveLength(0);
    expect(shownOrder()).toEqual(['Ann', 'Ben', 'Cat']);
  });
});
