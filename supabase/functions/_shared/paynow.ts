// PayNow (Singapore) QR payload: the EMVCo merchant-presented QR format as SGQR uses it, for a
// PayNow mobile proxy. Any Singapore banking app scans it and fills in the number, the amount
// and the reference. The QR image is drawn by a library (src/features/rides/components/
// paynow-qr.tsx); this is only the text it encodes.
import { toE164 } from './phone.ts';

// EMVCo: each data object is ID (2 digits), length (2 digits), value.
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// CRC-16/CCITT-FALSE (initial 0xFFFF, polynomial 0x1021, no reflection), which EMVCo's ID 63
// requires, over the payload's bytes (ASCII here).
export function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= (text.charCodeAt(index) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

// EMVCo allows a limited character set; names come from members, so anything else is dropped.
function emvText(value: string, max: number): string {
  return value
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

// The Singapore mobile number PayNow can pay to, in E.164 (+65 and 8 digits starting 8 or 9),
// or null when a stored number is not one.
export function payNowMobile(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const number = toE164(stored);
  return number !== null && /^\+65[89][0-9]{7}$/.test(number) ? number : null;
}

// The reference a passenger's transfer carries, so the organiser sees which ride it is for.
export function payNowReference(rideId: number): string {
  return `FCRS-${rideId}`;
}

// 12.5 -> '12.50': at most 2 decimals, as banks show it.
export function payNowAmount(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

export interface PayNowRequest {
  // The payee's number as stored; must be a Singapore mobile (payNowMobile).
  mobile: string;
  amount: number;
  reference: string;
  merchantName: string;
}

export function payNowPayload({ mobile, amount, reference, merchantName }: PayNowRequest): string {
  const proxy = payNowMobile(mobile);
  if (proxy === null) throw new RangeError('PayNow needs a Singapore mobile number');
  if (!(amount > 0) || amount > 9_999_999) throw new RangeError('PayNow amount out of range');
  const merchantAccount =
    tlv('00', 'SG.PAYNOW') +
    // Proxy type 0: a mobile number.
    tlv('01', '0') +
    tlv('02', proxy) +
    // 0: the payer cannot change the amount.
    tlv('03', '0');
  const payload =
    tlv('00', '01') +
    // 12: dynamic, a QR for one payment (it carries an amount).
    tlv('01', '12') +
    tlv('26', merchantAccount) +
    tlv('52', '0000') +
    tlv('53', '702') +
    tlv('54', payNowAmount(amount)) +
    tlv('58', 'SG') +
    tlv('59', emvText(merchantName, 25) || 'FC RideShare') +
    tlv('60', 'Singapore') +
    tlv('62', tlv('01', emvText(reference, 25))) +
    // The CRC covers everything before it, its own ID and length included.
    '6304';
  return payload + crc16Ccitt(payload).toString(16).toUpperCase().padStart(4, '0');
}
