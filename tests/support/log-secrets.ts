// What must never reach a host's log (issue 26 §3): the passwords and phone numbers the suites
// type, and any session or device token. The e2e run keeps every host's output
// (e2e/support/host-logs.ts) and this finds what should not be there, and request log lines
// without their request id.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface LogSecrets {
  passwords: string[];
  phoneNumbers: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// The suites' passwords and numbers, read from their source: a new suite's are found without
// a list to keep. Passwords: string values given to a name with "password" in it (`PASSWORD =`,
// `password:`, `newPassword:`), typed into a password field, or of letters and digits on a line
// about passwords. Numbers: string literals shaped like a Singapore or Malaysia number.
export function secretsInSources(dirs: string[]): LogSecrets {
  const passwords = new Set<string>();
  const phoneNumbers = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, value] of text.matchAll(/\w*password\w*['"]?\s*[:=]\s*'([^'\n]{6,})'/gi)) passwords.add(value!);
    for (const line of text.split('\n')) {
      if (!/password/i.test(line)) continue;
      for (const [, value] of line.matchAll(/\.fill\('([^'\n]{6,})'\)/g)) passwords.add(value!);
      // A literal of letters and digits on such a line (registerInForm(page, name, 'password123')).
      for (const [, value] of line.matchAll(/'([A-Za-z0-9_!-]{8,})'/g)) {
        if (/[0-9]/.test(value!) && /[A-Za-z]/.test(value!)) passwords.add(value!);
      }
    }
    for (const [, value] of text.matchAll(/'(\+6[05][\d -]{7,14})'/g)) phoneNumbers.add(value!);
  }
  return { passwords: [...passwords].sort(), phoneNumbers: [...phoneNumbers].sort() };
}

// A number as it may be written: as typed, in E.164 (+6591234567, as stored) and without the
// country code (91234567).
function numberForms(typed: string): string[] {
  const digits = typed.replace(/\D/g, '');
  return [...new Set([typed, `+${digits}`, digits, digits.slice(2)])].filter((form) => form.length >= 8);
}

// The api's tokens are 32 random bytes in base64url (43 characters); a request id is a UUID (36).
// Any run this long of the token alphabet mixing letters and digits is treated as a token.
const TOKEN_LIKE = /[A-Za-z0-9_-]{40,}/g;
function looksRandom(run: string): boolean {
  return /[0-9]/.test(run) && /[A-Z]/.test(run) && /[a-z]/.test(run);
}

export interface LogFinding {
  file: string;
  line: number;
  what: string;
}

export function findSecrets(logs: Map<string, string>, secrets: LogSecrets): LogFinding[] {
  const findings: LogFinding[] = [];
  // One entry per secret, however many of its forms a line holds; one per number, however it
  // was typed in the sources.
  const byDigits = new Map<string, string>();
  for (const number of secrets.phoneNumbers) {
    const digits = number.replace(/\D/g, '');
    if (!byDigits.has(digits)) byDigits.set(digits, number);
  }
  const needles = [
    ...secrets.passwords.map((password) => ({ forms: [password], what: `the password ${password}` })),
    ...[...byDigits.values()].map((number) => ({ forms: numberForms(number), what: `the phone number ${number}` })),
  ];
  for (const [file, text] of logs) {
    text.split('\n').forEach((line, index) => {
      // Request ids are random too: a number inside one is chance, not a leak.
      const scanned = line.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<request id>');
      for (const { forms, what } of needles) {
        const form = forms.find((candidate) => scanned.includes(candidate));
        if (form) findings.push({ file, line: index + 1, what: `${what} (as ${form})` });
      }
      for (const [run] of scanned.matchAll(TOKEN_LIKE)) {
        if (looksRandom(run)) findings.push({ file, line: index + 1, what: `a token-like ${run.slice(0, 6)}…` });
      }
      // A request's line names its request, so an answer's id finds its line.
      if (line.startsWith('{')) {
        let entry: Record<string, unknown> | null = null;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          // Not a log line of ours.
        }
        if (entry && 'route' in entry && 'status' in entry) {
          if (typeof entry.requestId !== 'string' || entry.requestId.length < 8) {
            findings.push({ file, line: index + 1, what: 'a request log line without its request id' });
          }
        }
      }
    });
  }
  return findings;
}

// Every log file in a folder, by name.
export function readLogs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.log'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}
