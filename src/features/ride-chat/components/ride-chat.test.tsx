import type { RideConversation, RideMessage } from '@shared/schemas/ride-chat.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { activateLanguage } from '../../../lib/i18n/i18n';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import RideChat from './ride-chat';

const ME = testUser({ id: 101, discordUsername: 'p1', name: 'Pat' });
// A ride on another day than today: no quick replies.
const PROPS = { rideId: 1, rideDate: '2030-06-15T10:00:00.000Z', organiser: false };

function message(id: number, overrides: Partial<RideMessage> = {}): RideMessage {
  return {
    id,
    authorId: 10,
    authorName: 'Olivia',
    body: `Message ${id}`,
    createdAt: '2030-06-15T10:05:00.000Z',
    own: false,
    pinned: false,
    ...overrides,
  };
}

function serve(conversation: RideConversation) {
  let current = conversation;
  server.use(
    http.get('*/api/rides/1/messages', () => HttpResponse.json(current)),
    http.post('*/api/rides/1/messages', async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      const sent = message(99, { authorId: ME.id, authorName: 'Pat', body, own: true });
      current = { ...current, messages: [...current.messages, sent] };
      return HttpResponse.json(sent, { status: 201 });
    }),
    http.post('*/api/rides/1/messages/read', () => HttpResponse.json({ unread: 0 })),
    http.put('*/api/rides/1/messages/:messageId/pin', async ({ params, request }) => {
      const { pinned } = (await request.json()) as { pinned: boolean };
      const id = Number(params.messageId);
      const messages = current.messages.map((m) => ({
        ...m,
        pinned: m.id === id ? pinned : pinned ? false : m.pinned,
      }));
      current = { ...current, messages, pinned: messages.find((m) => m.pinned) ?? null };
      return HttpResponse.json({ pinned });
    }),
    http.delete('*/api/rides/1/messages/:messageId', ({ params }) => {
      current = { ...current, messages: current.messages.filter((m) => m.id !== Number(params.messageId)) };
      return HttpResponse.json({ message: 'Message deleted' });
    }),
  );
}

// The list's messages, without its days' headers.
const messageItems = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-message-id'));

const CONVERSATION: RideConversation = {
  rideId: 1,
  readOnly: false,
  pinned: message(1, { body: 'Pickup 7:30 at exit A', pinned: true }),
  messages: [
    message(1, { body: 'Pickup 7:30 at exit A', pinned: true }),
    message(2, { authorId: ME.id, authorName: 'Pat', body: 'Map: https://maps.example/a?b=1. Thanks', own: true }),
    message(3, { authorId: 50, authorName: 'Raju', body: 'javascript:alert(1)' }),
  ],
};

describe('the ride chat', () => {
  it('lists the messages with their authors and times, the pinned one on top, links made safe', async () => {
    serve(CONVERSATION);
    const { user } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = messageItems(list);
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Olivia');
    expect(items[0]).toHaveTextContent('Pickup 7:30 at exit A');
    expect(items[1]).toHaveTextContent('You');
    expect(items[2]).toHaveTextContent('Raju');
    expect(within(items[0]!).getByText((_, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2030-06-15T10:05:00.000Z',
    );
    expect(screen.getByRole('note', { name: 'Pinned by the organizer' })).toHaveTextContent('Pickup 7:30 at exit A');

    const link = within(items[1]!).getByRole('link', { name: 'https://maps.example/a?b=1' });
    expect(link).toHaveAttribute('href', 'https://maps.example/a?b=1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();

    // Times alone: the day is the header above the messages.
    expect(within(items[0]!).getByText((_, node) => node?.tagName === 'TIME').textContent).not.toMatch(/Jun/);
    // Delete is offered on the member's own message only, in its menu.
    await user.click(within(items[1]!).getByRole('button', { name: /^Actions for your message at / }));
    expect(within(items[1]!).getByRole('button', { name: /Delete your message/ })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends what the member typed, clears the box, and shows it from the answer', async () => {
    serve(CONVERSATION);
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('maxlength', '1000');
    await user.type(box, 'Running 5 minutes late');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const post = sent.find((request) => request.method === 'POST' && request.path === '/api/rides/1/messages');
    expect(post?.path).toBe('/api/rides/1/messages');
    expect(post?.body).toEqual({ body: 'Running 5 minutes late' });
    await screen.findByText('Running 5 minutes late');
    // Shown from the POST's answer: the conversation was asked for once, as the chat opened, and
    // not again after the message went (issue 39 §4).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = sent.filter((request) => request.method === 'GET' && request.path === '/api/rides/1/messages');
    expect(asked).toHaveLength(1);
  });

  it('keeps the draft when the message is refused', async () => {
    serve(CONVERSATION);
    server.use(
      http.post('*/api/rides/1/messages', () =>
        HttpResponse.json(
          {
            code: 'too_many_messages',
            params: { wait: 300 },
            message: 'Too many messages. Please try again in 5 minutes.',
            requestId: 'r1',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Your message was not sent');
    expect(box).toHaveValue('Hello?');
  });

  it('deletes the member’s own message', async () => {
    serve(CONVERSATION);
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await user.click(await screen.findByRole('button', { name: /^Actions for your message at / }));
    await user.click(screen.getByRole('button', { name: /Delete your message/ }));
    await waitFor(() => expect(screen.queryByText(/maps\.example/)).not.toBeInTheDocument());
    expect(sent.some((request) => request.method === 'DELETE' && request.path === '/api/rides/1/messages/2')).toBe(
      true,
    );
  });

  it('offers no box and no delete once the chat is read-only', async () => {
    serve({ ...CONVERSATION, readOnly: true });
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await screen.findByText('This chat is read-only: the ride was more than a week ago.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('says how far the member has read: the newest message on screen', async () => {
    serve(CONVERSATION);
    const sent = recordRequests();
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/api/rides/1/messages/read')?.body).toEqual({ lastId: 3 }),
    );
  });

  it('lets the organiser pin and unpin members’ messages, not the app’s lines', async () => {
    serve({
      ...CONVERSATION,
      messages: [
        ...CONVERSATION.messages,
        message(4, {
          authorId: null,
          authorName: null,
          body: 'Raju joined the ride',
          system: { kind: 'joined', params: { name: 'Raju' } },
        }),
      ],
    });
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat {...PROPS} organiser />, { user: ME });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = messageItems(list);
    expect(within(items[3]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Raju joined the ride');
    await user.click(within(items[2]!).getByRole('button', { name: /^Actions for the message from Raju at / }));
    await user.click(within(items[2]!).getByRole('button', { name: /Pin the message from/ }));
    await waitFor(() =>
      expect(screen.getByRole('note', { name: 'Pinned by the organizer' })).toHaveTextContent('javascript:alert(1)'),
    );
    expect(sent.find((request) => request.method === 'PUT' && request.path.endsWith('/pin'))).toMatchObject({
      path: '/api/rides/1/messages/3/pin',
      body: { pinned: true },
    });
    await user.click(await screen.findByRole('button', { name: /Unpin the message from/ }));
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });

  describe("the day of the trip's lines (issue 40)", () => {
    const TRIP_LINES: RideConversation = {
      rideId: 1,
      readOnly: false,
      pinned: null,
      messages: [
        ['car_step', 'The car is at the Malaysia checkpoint', { step: 'at_checkpoint' }],
        ['car_step', 'The car is at Tampines MRT', { step: 'at_stop', stop: 'Tampines MRT' }],
        ['car_step_undone', 'Taken back: The car is at Tampines MRT', { step: 'at_stop', stop: 'Tampines MRT' }],
        ['passenger_step', 'Mei is running 10 minutes late', { name: 'Mei', passengerStep: 'late', lateMinutes: 10 }],
        ['passenger_step', 'Mei is running 15+ minutes late', { name: 'Mei', passengerStep: 'late', lateMinutes: 15 }],
        ['passenger_step', 'Mei is at their stop', { name: 'Mei', passengerStep: 'at_stop' }],
        ['passenger_step', 'Mei was picked up', { name: 'Mei', passengerStep: 'picked_up' }],
      ].map(([kind, body, params], index) =>
        message(index + 1, {
          authorId: null,
          authorName: null,
          body: body as string,
          system: { kind: kind as string, params: params as Record<string, unknown> },
        }),
      ),
    };
    // The app's lines, by their mark: the list's own name is in the member's language too.
    const lines = async () => {
      await waitFor(() => expect(document.querySelectorAll('[data-system-line]').length).toBeGreaterThan(0));
      return [...document.querySelectorAll('[data-system-line]')].map((item) =>
        item.textContent?.replace(/ · .*$/, ''),
      );
    };

    afterEach(() => activateLanguage('en'));

    it.each([
      [
        'en',
        [
          'The car is at the Malaysia checkpoint',
          'The car is at Tampines MRT',
          'Taken back: The car is at Tampines MRT',
          'Mei is running 10 minutes late',
          'Mei is running 15+ minutes late',
          'Mei is at their stop',
          'Mei was picked up',
        ],
      ],
      [
        'zh',
        [
          '车在马来西亚关卡',
          '车在Tampines MRT',
          '已撤回：车在Tampines MRT',
          'Mei将迟到 10 分钟',
          'Mei将迟到 15 分钟以上',
          'Mei已到达上车点',
          'Mei已上车',
        ],
      ],
    ] as const)('reads them in the member’s language (%s)', async (language, expected) => {
      await act(() => activateLanguage(language));
      serve(TRIP_LINES);
      renderWithProviders(<RideChat {...PROPS} direction="FC->SG" />, { user: ME });
      expect(await lines()).toEqual(expected);
    });

    it('tells the page of each line the app writes after the chat opened, not of the old ones', async () => {
      let conversation: RideConversation = { ...TRIP_LINES, messages: TRIP_LINES.messages.slice(0, 2) };
      server.use(
        http.get('*/api/rides/1/messages', () => HttpResponse.json(conversation)),
        http.post('*/api/rides/1/messages/read', () => HttpResponse.json({ unread: 0 })),
      );
      const heard: string[] = [];
      const { queryClient } = renderWithProviders(
        <RideChat {...PROPS} direction="FC->SG" onSystemLine={(kind) => heard.push(kind)} />,
        { user: ME },
      );
      await waitFor(() => expect(document.querySelectorAll('[data-system-line]')).toHaveLength(2));
      conversation = {
        ...conversation,
        messages: [...conversation.messages, TRIP_LINES.messages[2]!, message(20, { body: 'Thanks!' })],
      };
      await act(() => queryClient.invalidateQueries());
      await waitFor(() => expect(document.querySelectorAll('[data-system-line]')).toHaveLength(3));
      expect(heard).toEqual(['car_step_undone']);
    });

    it("keeps the database's English where it cannot tell the checkpoint", async () => {
      await act(() => activateLanguage('zh'));
      serve({ ...TRIP_LINES, messages: TRIP_LINES.messages.slice(0, 1) });
      renderWithProviders(<RideChat {...PROPS} />, { user: ME });
      expect(await lines()).toEqual(['The car is at the Malaysia checkpoint']);
    });
  });

  it('offers pin to nobody but the organiser', async () => {
    serve(CONVERSATION);
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: /Pin/ })).not.toBeInTheDocument();
  });

  // The clock is set (Date only) to an hour before the ride, or the day before: a test run across
  // Singapore's midnight would otherwise see the quick replies come and go.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the quick replies on the day of the ride and sends one as it reads', async () => {
    vi.useFakeTimers({ now: Date.parse(PROPS.rideDate) - 3_600_000, toFake: ['Date'] });
    serve(CONVERSATION);
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    const group = await screen.findByRole('group', { name: 'Quick replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(["I'm at the pickup", 'Running 5 minutes late', 'Here']);
    await user.click(within(group).getByRole('button', { name: "I'm at the pickup" }));
    await waitFor(() =>
      expect(
        sent.find((request) => request.method === 'POST' && request.path === '/api/rides/1/messages')?.body,
      ).toEqual({ body: "I'm at the pickup" }),
    );
  });

  it('offers no quick replies on another day', async () => {
    vi.useFakeTimers({ now: Date.parse(PROPS.rideDate) - 86_400_000, toFake: ['Date'] });
    serve(CONVERSATION);
    renderWithProviders(<RideChat {...PROPS} />, { user: ME });
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('group', { name: 'Quick replies' })).not.toBeInTheDocument();
  });

  describe('where it opens', () => {
    // What the chat asked to scroll into view, and where to.
    function scrolls() {
      const calls: Array<{ element: Element; block: string | undefined }> = [];
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
        this: Element,
        options?: boolean | ScrollIntoViewOptions,
      ) {
        calls.push({ element: this, block: typeof options === 'object' ? options.block : undefined });
      });
      return calls;
    }
    afterEach(() => vi.restoreAllMocks());

    it('heads each day, today and yesterday by name, and opens at the newest with nothing unread', async () => {
      vi.useFakeTimers({ now: Date.parse('2030-06-15T12:00:00.000Z'), toFake: ['Date'] });
      const calls = scrolls();
      serve({
        ...CONVERSATION,
        pinned: null,
        messages: [
          message(1, { createdAt: '2030-06-10T02:00:00.000Z' }),
          message(2, { createdAt: '2030-06-14T02:00:00.000Z' }),
          message(3, { createdAt: '2030-06-15T02:00:00.000Z' }),
          message(4, { createdAt: '2030-06-15T03:00:00.000Z' }),
        ],
      });
      renderWithProviders(<RideChat {...PROPS} />, { user: ME });
      const list = await screen.findByRole('list', { name: 'Messages' });
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((day) => day.textContent),
      ).toEqual(['Mon, 10 Jun', 'Yesterday', 'Today']);
      expect(within(list).queryByRole('separator', { name: 'New messages' })).not.toBeInTheDocument();
      await waitFor(() => expect(calls.at(-1)?.block).toBe('end'));
      // The end of the chat: after the message box.
      const box = screen.getByRole('textbox', { name: 'Message' });
      expect(box.compareDocumentPosition(calls.at(-1)!.element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('opens at a "New" line before the first unread message, which stays once read', async () => {
      const calls = scrolls();
      serve({
        ...CONVERSATION,
        messages: [
          ...CONVERSATION.messages,
          message(4, { authorId: ME.id, authorName: 'Pat', own: true, body: 'On my way' }),
          message(5, {
            authorId: null,
            authorName: null,
            body: 'Raju joined the ride',
            system: { kind: 'joined', params: { name: 'Raju' } },
          }),
          message(6, { body: 'See you at 7:30' }),
        ],
      });
      // Raju's message 3 and Olivia's 6 are unread: the member's own and the app's lines are no news.
      server.use(
        http.get('*/api/rides/1/chat', () =>
          HttpResponse.json({ rideId: 1, unread: 2, readOnly: false, pinned: null }),
        ),
      );
      const sent = recordRequests();
      renderWithProviders(<RideChat {...PROPS} />, { user: ME });
      const list = await screen.findByRole('list', { name: 'Messages' });
      const divider = await within(list).findByRole('separator', { name: 'New messages' });
      expect(divider.closest('li')!.nextElementSibling).toHaveTextContent('javascript:alert(1)');
      await waitFor(() =>
        expect(calls.some((call) => call.element === divider.closest('li') && call.block === 'start')).toBe(true),
      );
      await waitFor(() =>
        expect(sent.find((request) => request.path === '/api/rides/1/messages/read')?.body).toEqual({ lastId: 6 }),
      );
      expect(within(list).getByRole('separator', { name: 'New messages' })).toBe(divider);
    });
  });
});
