// A lean HTTP client for the benches and the fixture: node:http over keep-alive sockets, bodies
// kept as bytes (never decompressed), so the load generator costs little CPU next to the host.
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
}

export interface HttpClient {
  request(method: string, path: string, options?: RequestOptions): Promise<HttpAnswer>;
  // JSON in and out; anything but 2xx throws with the answer's text.
  json<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
  ): Promise<{ body: T; cookie: string }>;
  close(): void;
}

// The session cookies an answer sets, as a Cookie header.
export function cookieHeader(answer: HttpAnswer): string {
  const set = answer.headers['set-cookie'] ?? [];
  return set.map((line) => line.split(';')[0]).join('; ');
}

export function httpClient(baseUrl: string, maxSockets = 32): HttpClient {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function request(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string | number> = { ...options.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const sent = http.request({ host: base.hostname, port: base.port, method, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(payload);
    });
  }

  async function json<T>(method: string, path: string, body?: unknown, cookie = '') {
    const answer = await request(method, path, { body, headers: cookie ? { cookie } : {} });
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    }
    return {
      body: (answer.body.length ? JSON.parse(answer.body.toString()) : null) as T,
      cookie: cookieHeader(answer),
    };
  }

  return { request, json, close: () => agent.destroy() };
}

// Runs `work` over `items` with at most `concurrency` at a time, in order of the items.
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  // Requests whose answer was not the expected status.
  failures: number;
  // The load generator's own CPU, in % of one core, while measuring: it must stay well under
  // 100 % or the figure measures the client.
  clientCpuPercent: number;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const round = (value: number, places = 1) => Number(value.toFixed(places));

// `connections` loops calling `once` back to back for a warm-up, then for `durationMs` measured.
// `once` resolves to whether the answer was the expected one.
export async function runLoad(
  connections: number,
  durationMs: number,
  once: () => Promise<boolean>,
  warmUpMs = 1000,
): Promise<LoadResult> {
  const loop = async (until: number, latencies: number[] | null, failures: { count: number }) => {
    while (performance.now() < until) {
      const started = performance.now();
      const ok = await once();
      latencies?.push(performance.now() - started);
      if (!ok) failures.count += 1;
    }
  };
  const warmUpUntil = performance.now() + warmUpMs;
  await Promise.all(Array.from({ length: connections }, () => loop(warmUpUntil, null, { count: 0 })));

  const latencies: number[] = [];
  const failures = { count: 0 };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, () => loop(started + durationMs, latencies, failures)));
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    connections,
    seconds: round(elapsed / 1000, 2),
    requests: latencies.length,
    perSecond: round(latencies.length / (elapsed / 1000)),
    p50Ms: round(quantile(latencies, 0.5), 2),
    p95Ms: round(quantile(latencies, 0.95), 2),
    p99Ms: round(quantile(latencies, 0.99), 2),
    failures: failures.count,
    clientCpuPercent: round(((cpu.user + cpu.system) / 1000 / elapsed) * 100),
  };
}
