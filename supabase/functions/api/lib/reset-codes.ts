import { sha256Hex } from './session.ts';

// Codes are read aloud or pasted from a chat, so: no look-alike characters, grouped by four,
// case and separators ignored. 12 symbols of 32 = 60 bits, with attempts throttled.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_CODE_HOURS = 24;

export function newResetCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const symbols = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return symbols.match(/.{4}/g)!.join('-');
}

export function hashResetCode(code: string): Promise<string> {
  return sha256Hex(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}
