// A backup is PGlite's dumpDataDir tarball, which names its entries from the root of PGlite's
// own file system (`/base/1/112`) with mode 0666 for every file: extracted by hand with `tar`
// (the way out when the app no longer starts) on a shared host, that is a world-writable copy of
// every password hash and chat (issue 35 §5). The file we keep says owner-only and relative
// instead; PGlite is given its own form back when a backup is restored, so backups written before
// this change restore as they did.
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;
const NAME = { start: 0, length: 100 };
const MODE = { start: 100, length: 8 };
const SIZE = { start: 124, length: 12 };
const CHECKSUM = { start: 148, length: 8 };
const TYPE = 156;
const PREFIX = { start: 345, length: 155 };
const DIRECTORY = '5'.charCodeAt(0);
// A long name (GNU) travels as the data of an entry of its own, before the entry it names.
const LONG_NAME = 'L'.charCodeAt(0);

type Field = { start: number; length: number };

function readText(block: Buffer, field: Field): string {
  const raw = block.subarray(field.start, field.start + field.length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

function writeText(block: Buffer, field: Field, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > field.length) throw new Error(`Tar field too long: ${text}`);
  block.fill(0, field.start, field.start + field.length);
  bytes.copy(block, field.start);
}

function writeOctal(block: Buffer, field: Field, value: number): void {
  writeText(block, field, `${value.toString(8).padStart(field.length - 1, '0')}`);
}

function writeChecksum(block: Buffer): void {
  block.fill(0x20, CHECKSUM.start, CHECKSUM.start + CHECKSUM.length);
  let sum = 0;
  for (const byte of block) sum += byte;
  // Six octal digits, a NUL and a space, as tar writes it.
  writeText(block, CHECKSUM, `${sum.toString(8).padStart(6, '0')}\0 `);
}

// Every header of the archive, its name passed through `rename` (for a long-name entry, the
// name in its data), changed in place; the archive is gzipped again.
function rewriteHeaders(gzipped: Buffer, rename: (name: string) => string, ownerOnly: boolean): Buffer {
  const tar = Buffer.from(gunzipSync(gzipped));
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(readText(header, SIZE).trim() || '0', 8);
    const dataBlocks = Math.ceil(size / BLOCK);
    if (header[TYPE] === LONG_NAME) {
      // The name's bytes keep their size: a shorter name is padded with NULs, which end it.
      const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
      const renamed = Buffer.from(rename(readText(data, { start: 0, length: size })), 'utf8');
      if (renamed.length < size) {
        data.fill(0);
        renamed.copy(data);
      }
    } else {
      const prefix = readText(header, PREFIX);
      if (prefix) writeText(header, PREFIX, rename(prefix));
      else writeText(header, NAME, rename(readText(header, NAME)));
      if (ownerOnly) writeOctal(header, MODE, header[TYPE] === DIRECTORY ? 0o700 : 0o600);
    }
    writeChecksum(header);
    offset += BLOCK * (1 + dataBlocks);
  }
  return gzipSync(tar);
}

// What goes into a backup file: paths relative to the database folder, no group or world bits.
export function ownerOnlyRelativeTar(dump: Buffer): Buffer {
  return rewriteHeaders(dump, (name) => name.replace(/^\/+/, ''), true);
}

// What PGlite's loadDataDir reads: names from its file system's root, as dumpDataDir wrote them.
export function pgliteTar(backup: Buffer): Buffer {
  return rewriteHeaders(backup, (name) => (name.startsWith('/') || name === '' ? name : `/${name}`), false);
}
