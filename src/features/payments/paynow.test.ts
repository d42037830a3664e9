// The PayNow QR (issue 13, part 3): the drawn modules decode back, with a QR reader, to an EMVCo
// payload whose fields are PayNow's and whose CRC is right.
import { crc16Ccitt, payNowMobile, payNowPayload, payNowReference } from '@shared/paynow.ts';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';

import { qrModules } from './qr-modules';

// CRC-16/CCITT-FALSE written independently of the app's: table-driven, from the polynomial.
const TABLE = Array.from({ length: 256 }, (_, byte) => {
  let value = byte << 8;
  for (let bit = 0; bit < 8; bit += 1) value = value & 0x8000 ? (value << 1) ^ 0x1021 : value << 1;
  return value & 0xffff;
});
function referenceCrc(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!) & 0xffff;
  return crc;
}

// The module matrix as RGBA pixels, black on white with the 4-module quiet zone QR readers need.
function toPixels(modules: boolean[][], scale = 4, quiet = 4) {
  const size = (modules.length + quiet * 2) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
          data[offset] = data[offset + 1] = data[offset + 2] = 0;
        }
      }
    }),
  );
  return { data, size };
}

// EMVCo's ID-length-value objects, in order.
function parseTlv(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(Number.isInteger(length)).toBe(true);
    fields.push([id, text.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  expect(at).toBe(text.length);
  return fields;
}

describe('PayNow QR', () => {
  it('has a CRC-16/CCITT that matches the standard check value', () => {
    expect(referenceCrc('123456789')).toBe(0x29b1);
    expect(crc16Ccitt('123456789')).toBe(0x29b1);
  });

  it('draws a QR that decodes to the PayNow payload with the right fields and CRC', () => {
    const payload = payNowPayload({
      mobile: '9123 4567',
      amount: 27.5,
      reference: payNowReference(42),
      merchantName: 'Organiser Ōno with a very long name indeed',
    });
    const { data, size } = toPixels(qrModules(payload));
    const decoded = jsQR(data, size, size);
    expect(decoded?.data).toBe(payload);

    const fields = parseTlv(decoded!.data);
    const byId = Object.fromEntries(fields);
    expect(fields.map(([id]) => id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(byId['00']).toBe('01');
    expect(byId['01']).toBe('12');
    expect(Object.fromEntries(parseTlv(byId['26']!))).toEqual({
      '00': 'SG.PAYNOW',
      '01': '0',
      '02': '+6591234567',
      '03': '0',
    });
    expect(byId['53']).toBe('702');
    expect(byId['54']).toBe('27.50');
    expect(byId['58']).toBe('SG');
    expect(byId['59']).toBe('Organiser Ono with a very');
    expect(byId['60']).toBe('Singapore');
    expect(Object.fromEntries(parseTlv(byId['62']!))).toEqual({ '01': 'FCRS-42' });

    const crcText = byId['63']!;
    expect(crcText).toMatch(/^[0-9A-F]{4}$/);
    const covered = decoded!.data.slice(0, -4);
    expect(covered.endsWith('6304')).toBe(true);
    expect(parseInt(crcText, 16)).toBe(referenceCrc(covered));
    // A changed amount no longer matches the CRC it came with.
    expect(referenceCrc(covered.replace('27.50', '07.50'))).not.toBe(parseInt(crcText, 16));
  });

  it('pays only to a Singapore mobile number', () => {
    expect(payNowMobile('+65 8123 4567')).toBe('+6581234567');
    expect(payNowMobile('+65 6123 4567')).toBeNull();
    expect(payNowMobile('+60 12 345 6789')).toBeNull();
    expect(payNowMobile(null)).toBeNull();
    expect(() =>
      payNowPayload({ mobile: '+60123456789', amount: 10, reference: 'FCRS-1', merchantName: 'x' }),
    ).toThrow();
    expect(() => payNowPayload({ mobile: '+6591234567', amount: 0, reference: 'FCRS-1', merchantName: 'x' })).toThrow();
  });
});
