import type { RideConversation, RideMessage } from '@shared/schemas/ride-chat.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import RideChat from './ride-chat';

const ME = testUser({ id: 101, discordUsername: 'p1', name: 'Pat' });

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
    http.delete('*/api/rides/1/messages/:messageId', ({ params }) => {
      current = { ...current, messages: current.messages.filter((m) => m.id !== Number(params.messageId)) };
      return HttpResponse.json({ message: 'Message deleted' });
    }),
  );
}

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
    renderWithProviders(<RideChat rideId={1} />, { user: ME });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
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

    // Delete is offered on the member's own message only.
    expect(within(items[1]!).getByRole('button', { name: /Delete your message/ })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends what the member typed, clears the box, and shows it', async () => {
    serve(CONVERSATION);
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat rideId={1} />, { user: ME });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('maxlength', '1000');
    await user.type(box, 'Running 5 minutes late');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/rides/1/messages');
    expect(post?.body).toEqual({ body: 'Running 5 minutes late' });
    await screen.findByText('Running 5 minutes late');
  });

  it('keeps the draft when the message is refused', async () => {
    serve(CONVERSATION);
    server.use(
      http.post('*/api/rides/1/messages', () =>
        HttpResponse.json(
          { message: 'Too many messages. Please try again in 5 minutes.', code: 'too_many_messages' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderWithProviders(<RideChat rideId={1} />, { user: ME });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Your message was not sent');
    expect(box).toHaveValue('Hello?');
  });

  it('deletes the member’s own message', async () => {
    serve(CONVERSATION);
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideChat rideId={1} />, { user: ME });
    await user.click(await screen.findByRole('button', { name: /Delete your message/ }));
    await waitFor(() => expect(screen.queryByText(/maps\.example/)).not.toBeInTheDocument());
    expect(sent.some((request) => request.method === 'DELETE' && request.path === '/api/rides/1/messages/2')).toBe(
      true,
    );
  });

  it('offers no box and no delete once the chat is read-only', async () => {
    serve({ ...CONVERSATION, readOnly: true });
    renderWithProviders(<RideChat rideId={1} />, { user: ME });
    await screen.findByText('This chat is read-only: the ride was more than a week ago.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
