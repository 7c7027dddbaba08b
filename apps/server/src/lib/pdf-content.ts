import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';

/**
 * What the upload check reads in a PDF (finding 15, decision 66): its objects as pdf-lib's parser
 * reads them, those packed in object streams decoded whatever their filters, and every name in
 * them with its `#xx` escapes decoded. `unreadable`: an object, a stream or a filter that could not
 * be read, object streams in an encrypted file, or more than the bounds below.
 */
export type PdfContent = 'plain' | 'active' | 'unreadable';

/**
 * Names that make a viewer run, send, launch or open something: JavaScript (an action's `/S
 * /JavaScript` and `/JS`, the `/Names /JavaScript` tree, a 3D annotation's `/OnInstantiate`), the
 * actions that start a program, post or import form data or open an embedded document, files
 * carried inside (embedded file streams, `/EmbeddedFiles` trees, a file specification's `/EF`, file
 * attachment annotations), RichMedia (Flash, video players) and XFA forms, both scriptable.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OnInstantiate',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'RichMediaExecute',
  'XFA',
]);

/** Bytes decoded from object streams per file, at most (object streams hold dictionaries: a few MiB at most in real files; a compression bomb stops here). */
const MAX_DECODED = 16 * 1024 * 1024;
/** Objects read per file, at most (a 5 MiB document has a few thousand). */
const MAX_OBJECTS = 200_000;
/**
 * Bytes the parser goes through per file, at most: a real file is read about once, and its object
 * streams twice; objects nested in strings (`obj(obj(obj(...)))`) would have it read the file
 * again from each.
 */
const MAX_SCANNED = 64 * 1024 * 1024;
/** Objects read, and bytes scanned or decoded, between two turns of the event loop: other requests go on meanwhile. */
const OBJECTS_PER_TURN = 500;
const BYTES_PER_TURN = 1024 * 1024;

const ENDS_TOKEN = new Uint8Array(256);
for (const c of '\0\t\n\f\r ()<>[]{}/%') ENDS_TOKEN[c.charCodeAt(0)] = 1;
const [SLASH, BACKSLASH, OPEN, CLOSE, GREATER, POINT] = [0x2f, 0x5c, 0x28, 0x29, 0x3e, 0x2e];
const DIGIT = new Uint8Array(256);
const NUMERIC = new Uint8Array(256);
for (const c of '0123456789') DIGIT[c.charCodeAt(0)] = NUMERIC[c.charCodeAt(0)] = 1;
for (const c of '+-.') NUMERIC[c.charCodeAt(0)] = 1;
/** What may come before `obj`: a token's end, or the generation number written against it (`1 0obj`). */
const BEFORE_OBJ = Uint8Array.from(ENDS_TOKEN, (ends, byte) => ends | DIGIT[byte]! | (byte === POINT ? 1 : 0));

/**
 * Where objects and trailers start: after each keyword `obj` (which follows an object's number
 * and generation) or `trailer` standing as a token, wherever it is in the file, rather than by
 * following the cross-reference table: a viewer goes where the table points, which may be an
 * object another reader's walk never shows (an earlier copy of an object number, one inside
 * another's stream). In the order of the file; more than MAX_OBJECTS of them is not read.
 */
function objectStarts(file: Buffer): { at: number; body: number }[] {
  const found = (keyword: string, before: Uint8Array) => {
    const starts: { at: number; body: number }[] = [];
    for (let at = file.indexOf(keyword, 0, 'latin1'); at >= 0; at = file.indexOf(keyword, at + 1, 'latin1')) {
      const body = at + keyword.length;
      if ((at === 0 || before[file[at - 1]!]) && (body === file.length || ENDS_TOKEN[file[body]!])) starts.push({ at, body });
      if (starts.length > MAX_OBJECTS) throw new OverBudget();
    }
    return starts;
  };
  const objects = found('obj', BEFORE_OBJ);
  const trailers = found('trailer', ENDS_TOKEN);
  const starts: { at: number; body: number }[] = [];
  for (let o = 0, t = 0; o < objects.length || t < trailers.length;)
    starts.push(t === trailers.length || (o < objects.length && objects[o]!.at < trailers[t]!.at) ? objects[o++]! : trailers[t++]!);
  return starts;
}

const name = (value: string) => PDFName.of(value);
const [TYPE, OBJ_STM, N, FIRST, FILTER, DECODE_PARMS, ENCRYPT, PREDICTOR] = [
  'Type',
  'ObjStm',
  'N',
  'First',
  'Filter',
  'DecodeParms',
  'Encrypt',
  'Predictor',
].map(name) as [PDFName, PDFName, PDFName, PDFName, PDFName, PDFName, PDFName, PDFName];
/** The filters pdf-lib decodes, under their names and the abbreviations other readers accept for them too. */
const FILTERS = new Map<PDFName, PDFName>();
for (const [full, short] of [
  ['FlateDecode', 'Fl'],
  ['LZWDecode', 'LZW'],
  ['ASCII85Decode', 'A85'],
  ['ASCIIHexDecode', 'AHx'],
  ['RunLengthDecode', 'RL'],
] as const) {
  FILTERS.set(name(full), name(full));
  FILTERS.set(name(short), name(full));
}

/** Something the parser or a decoder could not read. */
class Unreadable extends Error {}
/** More work than the bounds allow: the file is not read further. */
class OverBudget extends Error {}

type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];
// pdf-lib's parsers read a ByteStream, which its index does not export.
const { default: ByteStreamClass } = createRequire(import.meta.url)('pdf-lib/cjs/core/parser/ByteStream') as { default: { of(bytes: Uint8Array): ByteStream } };

/**
 * pdf-lib's object parser, which reads any object at an offset and tells each name it reads. Names,
 * strings and numbers are read by scanning the bytes rather than a character at a time as pdf-lib
 * does (a 5 MiB string took it 0.7 s without a pause); the text of strings is not kept, nothing
 * here needs it.
 */
class ObjectReader extends PDFObjectParser {
  /** Bytes gone through so far, by every read here. */
  scanned = 0;

  constructor(
    private readonly source: Uint8Array,
    context: PDFContext,
    private readonly onName: (decoded: string) => void,
  ) {
    super(ByteStreamClass.of(source), context);
  }

  /** The object that starts at `offset`, and the offset after it. */
  objectAt(offset: number): { object: PDFObject; end: number } {
    this.bytes.moveTo(offset);
    try {
      const object = this.parseObject();
      return { object, end: this.bytes.offset() };
    } finally {
      this.scanned += Math.max(0, this.bytes.offset() - offset);
    }
  }

  private text(start: number, end: number): string {
    return Buffer.from(this.source.buffer, this.source.byteOffset + start, end - start).toString('latin1');
  }

  /**
   * pdf-lib decodes only upper-case `#XX` escapes; viewers decode both cases (`/J#61vaScript`,
   * `/#4aS`). Every name is told here, dictionary keys a later duplicate replaces included, and made
   * a PDFName of its decoded value (`#` written `#23`, which PDFName.of turns back into `#`).
   */
  protected override parseName(): PDFName {
    this.bytes.assertNext(SLASH);
    const start = this.bytes.offset();
    let end = start;
    while (end < this.source.length && !ENDS_TOKEN[this.source[end]!]) end++;
    this.bytes.moveTo(end);
    const raw = this.text(start, end);
    const decoded = raw.includes('#') ? raw.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    this.onName(decoded);
    return PDFName.of(decoded.replaceAll('#', '#23'));
  }

  /** A literal string: balanced parentheses, a backslash escaping the next byte. */
  protected override parseString(): PDFString {
    let depth = 0;
    for (let at = this.bytes.offset(); at < this.source.length; at++) {
      const byte = this.source[at];
      if (byte === BACKSLASH) at++;
      else if (byte === OPEN) depth++;
      else if (byte === CLOSE && --depth === 0) {
        this.bytes.moveTo(at + 1);
        return PDFString.of('');
      }
    }
    this.bytes.moveTo(this.source.length);
    throw new Unreadable();
  }

  protected override parseHexString(): PDFHexString {
    const end = this.source.indexOf(GREATER, this.bytes.offset());
    if (end < 0) {
      this.bytes.moveTo(this.source.length);
      throw new Unreadable();
    }
    this.bytes.moveTo(end + 1);
    return PDFHexString.of('');
  }

  /** As pdf-lib reads a number: sign, digits and one point, then digits. */
  protected override parseRawNumber(): number {
    const start = this.bytes.offset();
    let end = start;
    while (end < this.source.length && NUMERIC[this.source[end]!]) if (this.source[end++] === POINT) break;
    while (end < this.source.length && DIGIT[this.source[end]!]) end++;
    const value = Number(this.text(start, end));
    if (end === start || !Number.isFinite(value)) throw new Unreadable();
    this.bytes.moveTo(end);
    return value;
  }
}

const dictOf = (object: PDFObject): PDFDict | null => (object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null);

/** A stream a viewer reads as an object stream: typed so, or with the /N and /First that reading one takes. */
const isObjectStream = (stream: PDFRawStream) => stream.dict.get(TYPE) === OBJ_STM || (stream.dict.has(N) && stream.dict.has(FIRST));

/** A whole number written in the dictionary itself (an indirect one could name either of two copies of an object). */
function directCount(dict: PDFDict | undefined, key: PDFName, fallback?: number): number {
  const value = dict?.get(key);
  if (value === undefined && fallback !== undefined) return fallback;
  if (!(value instanceof PDFNumber) || !Number.isSafeInteger(value.asNumber()) || value.asNumber() < 0) throw new Unreadable();
  return value.asNumber();
}

class PdfReader {
  active = false;
  private encrypted = false;
  private readonly objectStreams: PDFRawStream[] = [];
  private objects = 0;
  private scanned = 0;
  private decoded = 0;
  private nextTurnAt = BYTES_PER_TURN;
  private readonly context = PDFContext.create();
  private readonly onName = (decoded: string) => {
    if (ACTIVE_NAMES.has(decoded)) this.active = true;
  };

  constructor(private readonly data: Uint8Array) {}

  async read(): Promise<void> {
    const reader = new ObjectReader(this.data, this.context, this.onName);
    let coveredUntil = 0;
    for (const { at, body } of objectStarts(Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength))) {
      // Inside an object already read (its stream, a string): maybe not an object at all, so one that does not parse is left.
      const inside = at < coveredUntil;
      let end: number;
      try {
        end = await this.readAt(reader, body);
      } catch (error) {
        if (inside && !(error instanceof OverBudget)) continue;
        throw error;
      }
      if (!inside) coveredUntil = end;
      if (this.active) return;
    }
    // Object streams are read once every object outside them is: whether the file is encrypted is known then.
    for (let i = 0; i < this.objectStreams.length; i++) {
      await this.readObjectStream(this.objectStreams[i]!);
      if (this.active) return;
    }
  }

  /** Reads the object at `offset`, notes what it is, and counts the work; answers where it ends. */
  private async readAt(reader: ObjectReader, offset: number): Promise<number> {
    const before = reader.scanned;
    let read: { object: PDFObject; end: number } | undefined;
    let failure: unknown;
    try {
      read = reader.objectAt(offset);
    } catch (error) {
      failure = error;
    }
    this.scanned += reader.scanned - before;
    if (++this.objects > MAX_OBJECTS || this.scanned > MAX_SCANNED) throw new OverBudget();
    if (this.objects % OBJECTS_PER_TURN === 0 || this.scanned + this.decoded >= this.nextTurnAt) {
      this.nextTurnAt = this.scanned + this.decoded + BYTES_PER_TURN;
      await nextTurn();
    }
    if (!read) throw failure;
    // An object stream, wherever it is (even in another one: a lenient viewer reads it there too).
    if (read.object instanceof PDFRawStream && isObjectStream(read.object)) this.objectStreams.push(read.object);
    // The trailer, or a cross-reference stream, of an encrypted file.
    if (dictOf(read.object)?.has(ENCRYPT)) this.encrypted = true;
    return read.end;
  }

  /** The objects of an object stream, where its header says they are, as viewers read them, and also one after the other from /First. */
  private async readObjectStream(stream: PDFRawStream): Promise<void> {
    // Encrypted object streams decode to ciphertext: what they hold cannot be checked without the key.
    if (this.encrypted) throw new Unreadable();
    const count = directCount(stream.dict, N);
    const first = directCount(stream.dict, FIRST);
    if (count > MAX_OBJECTS) throw new OverBudget();
    const reader = new ObjectReader(await this.decode(stream), this.context, this.onName);
    const offsets: number[] = [];
    for (let i = 0, at = 0; i < count * 2; i++) {
      if (i % OBJECTS_PER_TURN === OBJECTS_PER_TURN - 1) await nextTurn();
      const number = reader.objectAt(at);
      if (!(number.object instanceof PDFNumber) || !Number.isSafeInteger(number.object.asNumber())) throw new Unreadable();
      if (i % 2 === 1) offsets.push(number.object.asNumber());
      at = number.end;
    }
    for (const offset of offsets) await this.readAt(reader, first + offset);
    try {
      for (let i = 0, at = first; i < count; i++) at = await this.readAt(reader, at);
    } catch (error) {
      // Read in order, a stream whose objects are not simply one after the other ends early; the offsets above decided.
      if (error instanceof OverBudget) throw error;
    }
  }

  /** A stream's bytes through each of its filters in turn (and their predictors), within MAX_DECODED. */
  private async decode(stream: PDFRawStream): Promise<Uint8Array> {
    const filter = stream.dict.get(FILTER);
    const parms = stream.dict.get(DECODE_PARMS);
    const filters = filter === undefined ? [] : filter instanceof PDFArray ? filter.asArray() : [filter];
    const params = parms instanceof PDFArray ? parms.asArray() : [parms];
    let bytes = stream.contents;
    for (const [i, each] of filters.entries()) {
      const full = each instanceof PDFName ? FILTERS.get(each) : undefined;
      const param = params[i] === PDFNull ? undefined : params[i];
      // Another filter (Crypt, an image codec) or values in another object: not read here.
      if (!full || !(param === undefined || param instanceof PDFDict)) throw new Unreadable();
      const single = new Map<PDFName, PDFObject>([[FILTER, full]]);
      if (param) single.set(DECODE_PARMS, param);
      const decoder = decodePDFRawStream(PDFRawStream.of(PDFDict.fromMapWithContext(single, this.context), bytes));
      const chunks: Uint8Array[] = [];
      for (;;) {
        const chunk = decoder.getBytes(BYTES_PER_TURN) as Uint8Array;
        if (!chunk.length) break;
        this.decoded += chunk.length;
        if (this.decoded > MAX_DECODED) throw new OverBudget();
        chunks.push(chunk);
        await nextTurn();
      }
      bytes = unpredict(Buffer.concat(chunks), param);
    }
    return bytes;
  }
}

/** Undoes a Flate or LZW stream's PNG predictor (pdf-lib's decoders leave it). TIFF's, which no writer of object streams uses, is not read. */
function unpredict(bytes: Uint8Array, parms: PDFDict | undefined): Uint8Array {
  const predictor = directCount(parms, PREDICTOR, 1);
  if (predictor === 1) return bytes;
  if (predictor < 10) throw new Unreadable();
  const colors = directCount(parms, name('Colors'), 1);
  const bits = directCount(parms, name('BitsPerComponent'), 8);
  const columns = directCount(parms, name('Columns'), 1);
  const pixel = Math.max(1, Math.ceil((colors * bits) / 8));
  const row = Math.ceil((colors * bits * columns) / 8);
  if (!row || row > bytes.length) throw new Unreadable();
  const rows = Math.floor(bytes.length / (row + 1));
  const out = new Uint8Array(rows * row);
  for (let r = 0; r < rows; r++) {
    const type = bytes[r * (row + 1)]!;
    const src = r * (row + 1) + 1;
    const dst = r * row;
    for (let x = 0; x < row; x++) {
      const left = x >= pixel ? out[dst + x - pixel]! : 0;
      const up = r ? out[dst - row + x]! : 0;
      const upLeft = r && x >= pixel ? out[dst - row + x - pixel]! : 0;
      const raw = bytes[src + x]!;
      if (type === 0) out[dst + x] = raw;
      else if (type === 1) out[dst + x] = raw + left;
      else if (type === 2) out[dst + x] = raw + up;
      else if (type === 3) out[dst + x] = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        out[dst + x] = raw + (a <= b && a <= c ? left : b <= c ? up : upLeft);
      } else throw new Unreadable();
    }
  }
  return out;
}

/**
 * Reads a PDF's objects for the upload check, yielding to the event loop as it goes. Whatever
 * pdf-lib cannot parse or decode leaves the file `unreadable` (a script seen before still makes it
 * `active`): a viewer may read more in it than was checked.
 */
export async function inspectPdf(data: Uint8Array): Promise<PdfContent> {
  const reader = new PdfReader(data);
  try {
    await reader.read();
  } catch {
    return reader.active ? 'active' : 'unreadable';
  }
  return reader.active ? 'active' : 'plain';
}
