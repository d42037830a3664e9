// The payments card (issue 13, part 3): what the passenger and the organiser see and send.
import type { ConfirmPaymentAnswer, RefundPaymentAnswer } from '@shared/schemas/payments-response.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makePaymentSummary, makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { PaymentCard } from './payment-card';

const ALICE = testUser();
const ORGANISER = testUser({ id: 10, name: 'Olivia' });
// 80 over the 4 aboard: $20 each.
const RIDE = makeRide({ id: 5, currentPassengers: 4 });
const person = (id: number, userId: number, name: string, overrides: Partial<Passenger> = {}) =>
  makePassenger(id, { userId, user: { ...makePassenger(id).user, id: userId, name }, ...overrides });

const PAYEE = { userId: 10, name: 'Olivia', whatsappNumber: '+6591234567', revolutUsername: 'olivia' };

describe('PaymentCard', () => {
  it("shows the passenger their share, Revolut and the PayNow QR, and sends I've paid", async () => {
    server.use(
      http.get('*/api/rides/5/payment', () => HttpResponse.json({ payee: PAYEE, summary: null })),
      http.post('*/api/rides/5/payment/claim', () => HttpResponse.json({ message: 'Thanks', passenger: null })),
    );
    const sent = recordRequests();
    const own = person(21, ALICE.id, 'Alice Tan', { passengerCount: 2, paymentStatus: 'unpaid', share: 40 });
    const other = person(22, 108, 'Bob Lim');
    const { user } = renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[own, other]} />, {
      user: ALICE,
    });

    expect(screen.getByTestId('own-share')).toHaveTextContent('$40.00');
    const revolut = await screen.findByRole('link', { name: /Pay with Revolut/ });
    expect(revolut).toHaveAttribute('href', 'https://revolut.me/olivia');
    await user.click(screen.getByRole('button', { name: 'Pay with PayNow' }));
    expect(await screen.findByRole('img', { name: /pay \$40\.00 SGD to .*reference FCRS-5/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "I've paid" }));
    const claim = () =>
      sent.find((request) => request.path === '/api/rides/5/payment/claim' && request.method === 'POST');
    await waitFor(() => expect(claim()).toBeDefined());
    expect(claim()?.body).toEqual({ claimed: true });
  });

  it('offers no PayNow without a Singapore mobile number', async () => {
    server.use(
      http.get('*/api/rides/5/payment', () =>
        HttpResponse.json({
          payee: { ...PAYEE, whatsappNumber: '+60123456789', revolutUsername: null },
          summary: null,
        }),
      ),
    );
    const own = person(21, ALICE.id, 'Alice Tan', { paymentStatus: 'unpaid', share: 20 });
    renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[own]} />, { user: ALICE });
    expect(await screen.findByText(/has not added Revolut or a Singapore number/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with PayNow' })).not.toBeInTheDocument();
  });

  // Issue 35 §3: the api leaves out a number its organiser withholds; Revolut is offered alone.
  it("offers Revolut alone when the organiser's number is withheld", async () => {
    server.use(
      http.get('*/api/rides/5/payment', () =>
        HttpResponse.json({ payee: { ...PAYEE, whatsappNumber: null }, summary: null }),
      ),
    );
    const own = person(21, ALICE.id, 'Alice Tan', { paymentStatus: 'unpaid', share: 20 });
    renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[own]} />, { user: ALICE });
    expect(await screen.findByRole('link', { name: /Revolut/ })).toHaveAttribute(
      'href',
      `https://revolut.me/${PAYEE.revolutUsername}`,
    );
    expect(screen.queryByRole('button', { name: 'Pay with PayNow' })).not.toBeInTheDocument();
    expect(screen.queryByText(/has not added Revolut or a Singapore number/)).not.toBeInTheDocument();
  });

  it('shows nothing to a member whose status the api withholds', () => {
    renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[person(22, 108, 'Bob Lim')]} />, {
      user: ALICE,
    });
    expect(screen.queryByRole('heading', { name: /payment/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  // ADR 0042: the answer is read with the route's declared schema; one it refuses is a server
  // error that names the request, shown where a failed load is.
  it('says a payee answer the contract refuses could not be read, with the request id', async () => {
    server.use(
      http.get('*/api/rides/5/payment', () =>
        HttpResponse.json(
          { payee: { ...PAYEE, userId: 'ten' }, summary: null },
          { headers: { 'x-request-id': 'req-5a5a5a5a' } },
        ),
      ),
    );
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    try {
      const own = person(21, ALICE.id, 'Alice Tan', { paymentStatus: 'unpaid', share: 20 });
      renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[own]} />, { user: ALICE });
      expect(
        await screen.findByText(/Could not load how to pay .*Something went wrong \(request req-5a5a5a5a\)/),
      ).toBeInTheDocument();
    } finally {
      console.mockRestore();
    }
  });

  it('gives the organiser the totals and Mark paid per passenger', async () => {
    server.use(
      http.post('*/api/rides/5/passengers/:passengerId/payment', () =>
        HttpResponse.json<ConfirmPaymentAnswer>({
          message: 'Payment confirmed',
          passenger: null,
          summary: makePaymentSummary(),
        }),
      ),
    );
    const sent = recordRequests();
    const alice = person(21, ALICE.id, 'Alice Tan', { passengerCount: 2, paymentStatus: 'claimed', share: 40 });
    const bob = person(22, 108, 'Bob Lim', { paymentStatus: 'paid', share: 20 });
    const { user } = renderWithProviders(<PaymentCard ride={RIDE} user={ORGANISER} passengers={[alice, bob]} />, {
      user: ORGANISER,
    });
    expect(screen.getByTestId('payments-collected')).toHaveTextContent('Collected $20.00 SGD of $60.00 SGD');
    expect(screen.getByTestId('own-remainder')).toHaveTextContent(
      'The car costs $80.00 SGD; your own share is the rest: $20.00 SGD.',
    );
    const rows = within(screen.getByRole('list', { name: 'Payments by passenger' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Alice Tan.*Says paid.*Mark paid/),
      expect.stringMatching(/Bob Lim.*Paid.*Mark unpaid/),
    ]);
    await user.click(screen.getByRole('button', { name: 'Mark paid: Alice Tan' }));
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]?.path).toBe('/api/rides/5/passengers/21/payment');
    expect(sent[0]?.body).toEqual({ paid: true });
    expect(screen.getByRole('button', { name: 'Remind unpaid' })).toBeInTheDocument();
  });
  // Issue 37 §2: money paid before a share changed, on both sides.
  it('tells the passenger what came to be paid over, and the organiser what to give back', async () => {
    server.use(http.get('*/api/rides/5/payment', () => HttpResponse.json({ payee: PAYEE, summary: null })));
    const sums = [{ organiserId: 10, organiserName: 'Olivia', kind: 'payment' as const, amount: 82, confirmed: true }];
    const alice = person(21, ALICE.id, 'Alice Tan', {
      passengerCount: 2,
      paymentStatus: 'paid',
      share: 70,
      payments: sums,
    });
    const passenger = renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[alice]} />, {
      user: ALICE,
    });
    expect(screen.getByTestId('money-change')).toHaveTextContent(
      'Paid $82.00 SGD · your share is now $70.00 SGD · $12.00 SGD to come back',
    );
    passenger.unmount();

    server.use(
      http.post('*/api/rides/5/passengers/21/refund', () =>
        HttpResponse.json<RefundPaymentAnswer>({
          message: 'Refund recorded',
          refunded: 12,
          passenger: null,
          summary: makePaymentSummary(),
        }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<PaymentCard ride={RIDE} user={ORGANISER} passengers={[alice]} />, {
      user: ORGANISER,
    });
    expect(screen.getByTestId('owe-back')).toHaveTextContent('You owe this passenger $12.00 SGD back');
    expect(screen.getByTestId('payments-collected')).toHaveTextContent('Collected $82.00 SGD of $70.00 SGD');
    await user.click(screen.getByRole('button', { name: 'Refunded: Alice Tan' }));
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/rides/5/passengers/21/refund'));
  });

  it('asks for the difference when the share rose, and names who holds money paid before a hand-over', async () => {
    server.use(http.get('*/api/rides/5/payment', () => HttpResponse.json({ payee: PAYEE, summary: null })));
    const sums = [{ organiserId: 7, organiserName: 'Alan Goh', kind: 'payment' as const, amount: 43, confirmed: true }];
    const alice = person(21, ALICE.id, 'Alice Tan', { paymentStatus: 'paid', share: 68.33, payments: sums });
    const passenger = renderWithProviders(<PaymentCard ride={RIDE} user={ALICE} passengers={[alice]} />, {
      user: ALICE,
    });
    expect(screen.getByTestId('money-change')).toHaveTextContent(
      'Paid $43.00 SGD · your share is now $68.33 SGD · $25.33 SGD to pay',
    );
    expect(screen.getByTestId('paid-elsewhere')).toHaveTextContent('$43.00 SGD paid to Alan Goh');
    expect(screen.getByRole('button', { name: "I've paid the difference" })).toBeInTheDocument();
    passenger.unmount();

    renderWithProviders(<PaymentCard ride={RIDE} user={ORGANISER} passengers={[alice]} />, { user: ORGANISER });
    expect(screen.getByTestId('held-elsewhere')).toHaveTextContent(
      'Alan Goh holds $43.00 SGD paid to them for this ride: settle it with them.',
    );
    expect(screen.getByRole('button', { name: 'Mark paid: Alice Tan' })).toBeInTheDocument();
  });
});
