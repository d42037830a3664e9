// A stand-in for a browser push service (FCM, Mozilla autopush, Apple): an HTTPS server on
// 127.0.0.1 with a certificate from a throwaway CA made by the openssl CLI, so the api's real sender
// (web-push over https) talks to it once the host trusts the certificate (NODE_EXTRA_CA_CERTS
// for Node, DENO_CERT for Deno). It records every push, and checks and decrypts them for tests.
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  // The CA to trust: NODE_EXTRA_CA_CERTS for Node, DENO_CERT for Deno.
  certFile: string;
  received: ReceivedPush[];
  // Paths starting /gone/ answer 410, /missing/ 404, /dead/ never answer; anything else 201.
  endpoint(kind: 'ok' | 'gone' | 'missing' | 'dead', name: string): string;
  close(): Promise<void>;
}

// A throwaway CA and a certificate for 127.0.0.1 it signed, both made by the openssl CLI.
// Deno's TLS (rustls) refuses a self-signed certificate that is its own CA as the server's
// certificate, so the server presents a leaf and the hosts trust the CA (`certFile`).
function makeTestCertificates(dir: string): { certFile: string; leafFile: string; keyFile: string } {
  const certFile = join(dir, 'push-test-ca.pem');
  const caKeyFile = join(dir, 'push-test-ca-key.pem');
  const leafFile = join(dir, 'push-receiver-cert.pem');
  const keyFile = join(dir, 'push-receiver-key.pem');
  const csrFile = join(dir, 'push-receiver.csr');
  const extFile = join(dir, 'push-receiver.ext');
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl([
    'req',
    '-x509',
    ...curve,
    '-keyout',
    caKeyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    '/CN=FC RideShare push test CA',
  ]);
  openssl(['req', ...curve, '-keyout', keyFile, '-out', csrFile, '-subj', '/CN=127.0.0.1']);
  writeFileSync(extFile, 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl([
    'x509',
    '-req',
    '-in',
    csrFile,
    '-CA',
    certFile,
    '-CAkey',
    caKeyFile,
    '-CAcreateserial',
    '-out',
    leafFile,
    '-days',
    '2',
    '-extfile',
    extFile,
  ]);
  return { certFile, leafFile, keyFile };
}

export async function startPushReceiver(dir: string): Promise<PushReceiver> {
  const { certFile, leafFile, keyFile } = makeTestCertificates(dir);
  const received: ReceivedPush[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer(
    { cert: readFileSync(leafFile), key: readFileSync(keyFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        if (path.startsWith('/dead/')) return;
        response.writeHead(path.startsWith('/gone/') ? 410 : path.startsWith('/missing/') ? 404 : 201);
        response.end();
      });
    },
  );
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certFile,
    received,
    endpoint: (kind, name) => `${origin}/${kind}/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// A browser's side of a subscription: its own ECDH P-256 pair and auth secret.
export interface TestSubscriber {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function newSubscriber(): TestSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

export function decryptPush(push: ReceivedPush, subscriber: TestSubscriber): unknown {
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: subscriber.ecdh,
    authSecret: subscriber.auth,
  });
  return JSON.parse(plain.toString('utf8'));
}

// Checks `Authorization: vapid t=<jwt>, k=<key>`: the key is the server's, the ES256 signature
// verifies against it, and the token is for this push service's origin and not expired.
// Returns the token's claims, or throws saying what is wrong.
export function verifyVapid(push: ReceivedPush, serverPublicKey: string, audience: string): Record<string, unknown> {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`Not a VAPID Authorization header: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverPublicKey) throw new Error('The VAPID key is not the server key');
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID token signature does not verify');
  const decodedHead = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (decodedHead.alg !== 'ES256') throw new Error(`VAPID token alg ${String(decodedHead.alg)}`);
  const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (decoded.aud !== audience) throw new Error(`VAPID aud ${String(decoded.aud)}, expected ${audience}`);
  if (typeof decoded.exp !== 'number' || decoded.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return decoded;
}

export async function waitUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
