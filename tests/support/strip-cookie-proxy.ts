// A reverse proxy that behaves like hosted Supabase's function gateway in the one way that
// matters to sessions: it drops Set-Cookie from every response (supabase/functions-relay#1).
// It also sets X-Forwarded-For, as the gateway does, so the api sees the caller's address.
// With `stripPrefix: '/functions/v1'` it also routes like the gateway: the browser calls
// /functions/v1/api/..., the function receives /api/...; anything outside the prefix is a 404.
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What a request looked like when it reached the proxy, for transport assertions.
export interface ProxiedRequest {
  method: string;
  path: string;
  origin: string | null;
  authorization: string | null;
  cookie: string | null;
  status?: number;
}

export interface StripCookieProxy {
  url: string;
  port: number;
  // Every request the proxy forwarded, oldest first (status once the upstream answered).
  requests: ProxiedRequest[];
  // How many Set-Cookie headers the upstream sent that the proxy removed.
  strippedCount(): number;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

export interface StripCookieProxyOptions {
  stripPrefix?: string;
}

export async function startStripCookieProxy(
  upstream: string,
  options: StripCookieProxyOptions = {},
): Promise<StripCookieProxy> {
  const target = new URL(upstream);
  const prefix = options.stripPrefix?.replace(/\/$/, '') ?? '';
  let stripped = 0;
  const requests: ProxiedRequest[] = [];

  const server: Server = createServer((clientRequest, clientResponse) => {
    let path = clientRequest.url ?? '/';
    if (prefix) {
      if (path !== prefix && !path.startsWith(`${prefix}/`)) {
        clientResponse.writeHead(404, { 'content-type': 'application/json' });
        clientResponse.end(JSON.stringify({ message: 'proxy: not a function path' }));
        return;
      }
      path = path.slice(prefix.length) || '/';
    }
    const seen: ProxiedRequest = {
      method: clientRequest.method ?? 'GET',
      path,
      origin: clientRequest.headers.origin ?? null,
      authorization: clientRequest.headers.authorization ?? null,
      cookie: clientRequest.headers.cookie ?? null,
    };
    requests.push(seen);
    const headers = withoutHopByHop(clientRequest.headers);
    headers.host = target.host;
    const caller = clientRequest.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${caller}` : caller;
    headers['x-forwarded-host'] = clientRequest.headers.host;
    headers['x-forwarded-proto'] = 'http';

    const upstreamRequest = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: clientRequest.method,
        path,
        headers,
      },
      (upstreamResponse) => {
        seen.status = upstreamResponse.statusCode;
        const responseHeaders = withoutHopByHop(upstreamResponse.headers);
        const setCookie = responseHeaders['set-cookie'];
        if (setCookie) stripped += setCookie.length;
        delete responseHeaders['set-cookie'];
        clientResponse.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders);
        upstreamResponse.pipe(clientResponse);
      },
    );
    upstreamRequest.on('error', (error) => {
      if (!clientResponse.headersSent) {
        clientResponse.writeHead(502, { 'content-type': 'application/json' });
      }
      clientResponse.end(JSON.stringify({ message: `proxy: upstream failed: ${error.message}` }));
    });
    clientRequest.pipe(upstreamRequest);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    strippedCount: () => stripped,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
