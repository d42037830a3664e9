// Web Push settings come from the process environment of whichever host runs the api (Node or
// the Deno edge function), read in the push module rather than passed through ApiOptions.
import { readEnv } from '../runtime-env.ts';

export interface PushSettings {
  // Both set: these keys; otherwise the pair kept in private.vapid_keys.
  publicKey?: string;
  privateKey?: string;
  subject?: string;
  // Tests only: a push service on this machine (the tests' HTTPS receiver).
  allowLoopback: boolean;
}

export function pushSettings(): PushSettings {
  const publicKey = readEnv('VAPID_PUBLIC_KEY');
  const privateKey = readEnv('VAPID_PRIVATE_KEY');
  return {
    ...(publicKey && privateKey ? { publicKey, privateKey } : {}),
    subject: readEnv('VAPID_SUBJECT'),
    allowLoopback: readEnv('PUSH_ALLOW_LOOPBACK') === '1',
  };
}
