// Phone numbers are stored in E.164 (`+6591234567`, `+60123456789`) so that wa.me and tel: links
// always dial the right country. Members type them as they know them; the local forms used in
// Singapore and Malaysia are read unambiguously and turned into E.164, anything else is refused.
// The same rules, in SQL, normalised the rows stored before (migration 20261123000200).
//
// Pure functions, no zod: the PWA's contact buttons use them too, on any stored value.

// What may separate the digits as people write them: spaces, dashes, dots and parentheses.
const SEPARATORS = /[\s().-]/g;

// E.164: a + and at most 15 digits, the country code never starting with 0. Seven digits is the
// shortest we take (a country code and a short subscriber number).
const E164 = /^\+[1-9][0-9]{6,14}$/;
// Singapore: +65 and 8 digits; 3 (VoIP), 6 (fixed lines), 8 and 9 (mobiles).
const SINGAPORE = /^\+65[3689][0-9]{7}$/;
// Malaysia: +60 and a national number of 8 to 10 digits without the trunk 0
// (mobiles 1X-XXX XXXX and 11-XXXX XXXX, landlines such as 3-XXXX XXXX).
const MALAYSIA = /^\+60[1-9][0-9]{7,9}$/;

function candidate(compact: string): string | null {
  if (compact.startsWith('+')) return compact;
  // Singapore local: 8 digits starting 6, 8 or 9.
  if (/^[689][0-9]{7}$/.test(compact)) return `+65${compact}`;
  // Malaysian mobile, local: 01X-XXX XXXX (10 digits) or 011-XXXX XXXX (11); the 0 goes.
  if (/^01[0-9]{8,9}$/.test(compact)) return `+60${compact.slice(1)}`;
  // The country code written without its +.
  if (/^65[0-9]{8}$/.test(compact)) return `+${compact}`;
  if (/^60[0-9]{8,11}$/.test(compact)) return `+${compact}`;
  return null;
}

/**
 * The E.164 form of a phone number as a member typed it, or null when it is not one we can read.
 * Accepts any country written with + and its code; Singapore (65) and Malaysia (60) also without
 * the +, and in their local forms (8 digits starting 6/8/9; 01X…).
 */
export function toE164(input: string): string | null {
  let number = candidate(input.trim().replace(SEPARATORS, ''));
  if (number === null) return null;
  // '+60 012-345 6789': the Malaysian trunk 0 written after the country code.
  if (number.startsWith('+600')) number = `+60${number.slice(4)}`;
  if (!E164.test(number)) return null;
  if (number.startsWith('+65') && !SINGAPORE.test(number)) return null;
  if (number.startsWith('+60') && !MALAYSIA.test(number)) return null;
  return number;
}

/** A Malaysian number (+60) in E.164, or null for anything else, other countries included. */
export function toMalaysianE164(input: string): string | null {
  const number = toE164(input);
  return number !== null && number.startsWith('+60') ? number : null;
}

/**
 * The number to dial for a stored value: its E.164 form when it reads as one, otherwise (a value
 * stored before numbers were normalised) its digits with any leading +, as before.
 */
export function dialableNumber(stored: string): string {
  const number = toE164(stored);
  if (number !== null) return number;
  const digits = stored.replace(/[^0-9]/g, '');
  return stored.trim().startsWith('+') ? `+${digits}` : digits;
}

/**
 * A number the way people write it, for every screen and every text the server writes:
 * `+65 9123 4567`, `+60 12-345 6789`, `+60 3-1234 5678`. Read as toE164 reads it first, so a
 * value stored before numbers were normalised shows the same way; anything else (another
 * country, free text such as a vendor's driver contact) as it is.
 */
export function humanPhoneNumber(stored: string): string {
  const number = toE164(stored);
  if (number === null) return stored;
  const singapore = /^\+65([0-9]{4})([0-9]{4})$/.exec(number);
  if (singapore) return `+65 ${singapore[1]} ${singapore[2]}`;
  const malaysian =
    /^\+60(1[02-9])([0-9]{3})([0-9]{4})$/.exec(number) ??
    /^\+60(11)([0-9]{4})([0-9]{4})$/.exec(number) ??
    /^\+60([3-9])([0-9]{3,4})([0-9]{4})$/.exec(number);
  if (malaysian) return `+60 ${malaysian[1]}-${malaysian[2]} ${malaysian[3]}`;
  return number;
}
