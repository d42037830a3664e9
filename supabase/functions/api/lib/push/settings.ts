// Web Push settings come from the process environment of whichever host runs the api (Node or
// the Deno edge function). They are read here, in the push module, rather than passed through
// ApiOptions, so the hosts stay as they are; both expose the environment to this one reader.

interface RuntimeGlobals {
  Deno?: { env: { get(name: string): string | undefined } };
  process?: { env: Record<string, string | undefined> };
}

function readEnv(name: string): string | undefined {
  const runtime = globalThis as RuntimeGlobals;
  try {
    const value = runtime.Deno ? runtime.Deno.env.get(name) : runtime.process?.env[name];
    return value?.trim() ? value.trim() : undefined;
  } catch {
    // Deno without --allow-env for this name: the same as unset.
    return undefined;
  }
}

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
