import type { Queryable } from '../database.ts';
import type { PushSettings } from './settings.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

// base64url without padding, the form VAPID and the browser's applicationServerKey use.
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

// Web Crypto, so the same code makes the pair on Node and in the Deno function.
async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const x = fromBase64url(jwk.x!);
  const y = fromBase64url(jwk.y!);
  const point = new Uint8Array(65);
  point[0] = 0x04;
  point.set(x, 1);
  point.set(y, 33);
  return { publicKey: base64url(point), privateKey: jwk.d! };
}

// The environment's pair when set; else the stored one, made and stored by whichever request
// needs it first (on conflict, the first writer's pair wins and everyone reads that one).
// `owner` runs as the connection's own role: the table is unreadable to the API roles.
export async function vapidKeys(settings: PushSettings, owner: Pick<Queryable, 'query'>): Promise<VapidKeys> {
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey };
  }
  const read = () =>
    owner.query<{ public_key: string; private_key: string }>(
      'select public_key, private_key from private.vapid_keys where id',
    );
  let rows = await read();
  if (rows.length === 0) {
    const made = await generateVapidKeys();
    await owner.query(
      'insert into private.vapid_keys (public_key, private_key) values ($1, $2) on conflict (id) do nothing',
      [made.publicKey, made.privateKey],
    );
    rows = await read();
  }
  const row = rows[0]!;
  return { publicKey: row.public_key, privateKey: row.private_key };
}
