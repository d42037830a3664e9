// What the PWA sent, as the api would receive it: recorded from the MSW server's own events, so
// a test asserts on requests without replacing fetch.
import { onTestFinished } from 'vitest';

import { server } from './server';

export interface SentRequest {
  method: string;
  // Path and query, as the PWA wrote it ('/api/rides/1').
  path: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  // Sent to outlive the page (a goodbye said as it is hidden or closed).
  keepalive: boolean;
  // The JSON body, parsed; undefined when there was none.
  body: unknown;
}

// Every request from now until the test ends, in the order they were sent. An entry with a body
// appears once the body has been read, so a test that waits for an entry can read its body.
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const copy = request.clone();
    const entry = {
      method: request.method,
      path: url.pathname + url.search,
      url,
      headers: request.headers,
      credentials: request.credentials,
      keepalive: request.keepalive,
    };
    if (request.body === null) sent.push({ ...entry, body: undefined });
    else void copy.text().then((text) => sent.push({ ...entry, body: text ? JSON.parse(text) : undefined }));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return sent;
}

// The paths asked for, in order: the common assertion.
export const pathsOf = (sent: SentRequest[]) => sent.map((request) => request.path);
