// A setting from the environment of whichever host runs the api (Node, or Deno on Supabase),
// for the few optional settings read where they are used rather than passed through
// ApiOptions. Blank is the same as unset.

interface RuntimeGlobals {
  Deno?: { env: { get(name: string): string | undefined } };
  process?: { env: Record<string, string | undefined> };
}

export function readEnv(name: string): string | undefined {
  const runtime = globalThis as RuntimeGlobals;
  try {
    const value = runtime.Deno ? runtime.Deno.env.get(name) : runtime.process?.env[name];
    return value?.trim() ? value.trim() : undefined;
  } catch {
    // Deno without --allow-env for this name: the same as unset.
    return undefined;
  }
}
