import { inflateRawSync } from 'node:zlib';
import { NOT_XLSX, Refused, unreadable } from './sheet-limits';

/* The entries of an XLSX workbook's ZIP archive, read and inflated within limits (lib/sheet-parse.ts). */

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const MAX32 = 0xffffffff;

/**
 * The entries of a ZIP archive by name, from its central directory, before anything is inflated:
 * past `maxExpandedBytes` declared in all, refused. ZIP64 archives (a workbook past 4 GiB or
 * 65,535 entries) and archives with bytes before their central directory's end are not read.
 */
export function zipEntries(data: Buffer, maxExpandedBytes: number): Map<string, ZipEntry> {
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable(NOT_XLSX);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === MAX32 || directoryOffset + directorySize !== end) throw unreadable(NOT_XLSX);
  const entries = new Map<string, ZipEntry>();
  let declared = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) throw unreadable(NOT_XLSX);
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    let compressedSize = data.readUInt32LE(at + 20);
    let size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    let localOffset = data.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw unreadable(NOT_XLSX);
    if (size === MAX32 || compressedSize === MAX32 || localOffset === MAX32) {
      // the ZIP64 extra field holds the sizes and offset too large for 32 bits, in this order
      const wide = zip64Field(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      if (size === MAX32) size = wide.shift() ?? Infinity;
      if (compressedSize === MAX32) compressedSize = wide.shift() ?? Infinity;
      if (localOffset === MAX32) localOffset = wide.shift() ?? Infinity;
    }
    declared += size;
    if (declared > maxExpandedBytes) throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
    // encrypted, or compressed otherwise than stored or deflated: not a workbook Excel writes
    if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable(NOT_XLSX);
    const name = data
      .toString('utf8', at + 46, at + 46 + nameLength)
      .replace(/\\/g, '/')
      .replace(/^\/+/, '');
    entries.set(name, { method, compressedSize, size, localOffset });
    at = next;
  }
  return entries;
}

/** The 64-bit values of a ZIP64 extra field (id 1), as numbers. */
function zip64Field(extra: Buffer): number[] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      const values: number[] = [];
      for (let v = at + 4; v + 8 <= Math.min(extra.length, at + 4 + length); v += 8) values.push(Number(extra.readBigUInt64LE(v)));
      return values;
    }
    at += 4 + length;
  }
  return [];
}

/**
 * Inflates entries, never more than `budget` bytes in all, whatever their headers declare (a header
 * can lie: the inflater itself stops at the budget).
 */
export function inflater(data: Buffer, entries: Map<string, ZipEntry>, maxExpandedBytes: number) {
  let left = maxExpandedBytes;
  return (name: string): Buffer | null => {
    const entry = entries.get(name);
    if (!entry) return null;
    const at = entry.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw unreadable(NOT_XLSX);
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw unreadable(NOT_XLSX);
    const raw = data.subarray(start, end);
    let out: Buffer;
    if (entry.method === 0) out = raw;
    else {
      try {
        out = inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
        throw unreadable(NOT_XLSX);
      }
    }
    if (out.length > left) throw new Refused({ kind: 'expanded', limit: maxExpandedBytes });
    left -= out.length;
    return out;
  };
}
