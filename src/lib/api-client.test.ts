import { remindUnpaidAnswerSchema } from '@shared/schemas/payments-response.ts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import {
  api,
  ApiError,
  apiFile,
  apiRequest,
  errorText,
  HTML_ERROR_TEXT,
  OFFLINE_MESSAGE,
  UnreadableAnswerError,
} from './api-client';
import { i18n } from './i18n/i18n';

describe('errorText: "<status>: <message>" (SPEC §8)', () => {
  it("takes the JSON body's message", () => {
    expect(errorText(404, 'Not Found', JSON.stringify({ message: 'Ride not found' }))).toBe('404: Ride not found');
  });

  it('uses the status text when the body is empty', () => {
    expect(errorText(503, 'Service Unavailable', '')).toBe('503: Service Unavailable');
    expect(errorText(500, '', '  ')).toBe('500: Request failed');
  });

  it('reports an HTML page as a server error', () => {
    expect(errorText(502, 'Bad Gateway', '<!DOCTYPE html><html><body>Bad gateway</body></html>')).toBe(
      `502: ${i18n._(HTML_ERROR_TEXT)}`,
    );
    expect(i18n._(HTML_ERROR_TEXT)).toBe('Server error: The server returned an HTML error instead of JSON');
  });

  it('never shows raw JSON', () => {
    for (const body of ['{"error":"boom"}', '{"message":""}', '{"message":42}', 'null', '[1,2]']) {
      const text = errorText(400, 'Bad Request', body);
      expect(text, body).toBe('400: Bad Request');
    }
  });

  it('keeps a short plain-text body', () => {
    expect(errorText(429, 'Too Many Requests', 'Slow down')).toBe('429: Slow down');
  });
});

describe('apiRequest', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    server.use(http.all('*/api/rides', () => new HttpResponse(JSON.stringify({ id: 3 }), { status: 201 })));
    const sent = recordRequests();
    await expect(api.post('/api/rides', { direction: 'SG->FC' })).resolves.toEqual({ id: 3 });
    await api.get('/api/rides');
    // The headers the client set; the cookie header is the browser's (MSW adds the jar's cookies).
    const headersOf = (index: number) => {
      const { cookie: _cookie, ...set } = Object.fromEntries(sent[index]?.headers ?? []);
      return set;
    };
    expect(sent[0]).toMatchObject({ path: '/api/rides', method: 'POST', credentials: 'include' });
    expect(headersOf(0)).toEqual({ 'content-type': 'application/json' });
    expect(sent[0]?.body).toEqual({ direction: 'SG->FC' });
    expect(sent[1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(headersOf(1)).toEqual({});
    expect(sent[1]?.body).toBeUndefined();
  });

  it('answers null for an empty success body', async () => {
    server.use(http.delete('*/api/rides/1', () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest('DELETE', '/api/rides/1')).resolves.toBeNull();
  });

  it('throws an ApiError with the status and the SPEC message', async () => {
    server.use(
      http.get(
        '*/api/rides/99',
        () => new HttpResponse(JSON.stringify({ message: 'Ride not found' }), { status: 404, statusText: 'Not Found' }),
      ),
    );
    const error = await api.get('/api/rides/99').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('404: Ride not found');
  });

  // ADR 0042: a fetcher reads its answer with the route's declared schema.
  it('parses an answer with its schema; one the schema refuses is an UnreadableAnswerError naming the request', async () => {
    const remind = '*/api/rides/5/payment/remind';
    server.use(http.post(remind, () => HttpResponse.json({ message: 'Reminded 2 passengers to pay', reminded: 2 })));
    await expect(api.post('/api/rides/5/payment/remind', undefined, remindUnpaidAnswerSchema)).resolves.toEqual({
      message: 'Reminded 2 passengers to pay',
      reminded: 2,
    });
    server.use(
      http.post(remind, () =>
        HttpResponse.json({ message: 'Reminded', reminded: 'two' }, { headers: { 'x-request-id': 'req-1234abcd' } }),
      ),
    );
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    try {
      const error = await api
        .post('/api/rides/5/payment/remind', undefined, remindUnpaidAnswerSchema)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnreadableAnswerError);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as UnreadableAnswerError).status).toBe(200);
      expect((error as UnreadableAnswerError).requestId).toBe('req-1234abcd');
      expect((error as UnreadableAnswerError).message).toBe('Something went wrong (request req-1234abcd)');
      expect(console).toHaveBeenCalledWith(
        'POST /api/rides/5/payment/remind: the answer does not match its contract (request req-1234abcd)',
        expect.anything(),
      );
    } finally {
      console.mockRestore();
    }
  });

  // ADR 0048: a first render without zod loads the schema's module with the request.
  it('parses with a schema loaded as the request goes out, and refuses with it as with one given', async () => {
    const remind = '*/api/rides/5/payment/remind';
    let loaded = 0;
    const lazily = () => {
      loaded += 1;
      return import('@shared/schemas/payments-response.ts').then((module) => module.remindUnpaidAnswerSchema);
    };
    server.use(http.post(remind, () => HttpResponse.json({ message: 'Reminded', reminded: 1 })));
    await expect(api.post('/api/rides/5/payment/remind', undefined, lazily)).resolves.toEqual({
      message: 'Reminded',
      reminded: 1,
    });
    expect(loaded).toBe(1);
    server.use(
      http.post(remind, () => HttpResponse.json({ reminded: 1 }, { headers: { 'x-request-id': 'req-lazy0001' } })),
    );
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    try {
      await expect(api.post('/api/rides/5/payment/remind', undefined, lazily)).rejects.toMatchObject({
        name: 'UnreadableAnswerError',
        requestId: 'req-lazy0001',
      });
    } finally {
      console.mockRestore();
    }
  });

  it('takes a success that is not JSON for an unreadable answer, not a crash', async () => {
    server.use(
      http.get(
        '*/api/stats',
        () =>
          new HttpResponse('<html>captive portal</html>', {
            headers: { 'content-type': 'text/html', 'x-request-id': 'req-html0001' },
          }),
      ),
    );
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    try {
      const error = await api.get('/api/stats').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnreadableAnswerError);
      expect((error as UnreadableAnswerError).message).toBe('Something went wrong (request req-html0001)');
    } finally {
      console.mockRestore();
    }
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.all('*/api/rides', () => HttpResponse.error()));
    await expect(api.get('/api/rides')).rejects.toMatchObject({ status: 0, message: 'Could not reach the server' });
    await expect(api.post('/api/rides', {})).rejects.toMatchObject({ status: 0, message: i18n._(OFFLINE_MESSAGE) });
  });

  it('does not send a change while the device is offline', async () => {
    const sent = recordRequests();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(api.patch('/api/users/1', { name: 'A' })).rejects.toMatchObject({
        message: i18n._(OFFLINE_MESSAGE),
      });
      expect(sent).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('apiFile', () => {
  it('hands back the file typed as asked, whatever charset the server named', async () => {
    server.use(
      http.get(
        '*/api/rides/4/calendar.ics',
        () =>
          new HttpResponse('BEGIN:VCALENDAR', {
            status: 200,
            headers: { 'content-type': 'text/calendar; charset=utf-8' },
          }),
      ),
    );
    const blob = await apiFile('/api/rides/4/calendar.ics', 'text/calendar');
    expect(blob.type).toBe('text/calendar');
    expect(await blob.text()).toBe('BEGIN:VCALENDAR');
  });

  it('refuses a page of another type instead of saving it as the file', async () => {
    server.use(
      http.get(
        '*/api/rides/4/calendar.ics',
        () => new HttpResponse('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
    );
    await expect(apiFile('/api/rides/4/calendar.ics', 'text/calendar')).rejects.toThrow(
      '200: The server did not send the expected file',
    );
  });

  it('reports a refusal as the api words it', async () => {
    server.use(
      http.get(
        '*/api/rides/4/calendar.ics',
        () =>
          new HttpResponse(JSON.stringify({ message: 'Only the people on this ride can add it to a calendar' }), {
            status: 403,
          }),
      ),
    );
    await expect(apiFile('/api/rides/4/calendar.ics', 'text/calendar')).rejects.toMatchObject({ status: 403 });
  });
});
