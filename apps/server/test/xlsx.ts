// XLSX workbooks built byte by byte, for the tests of imports: what a spreadsheet writes, and what
// an attacker can write (a size its headers lie about, a range naming millions of cells).
import { crc32, deflateRawSync } from 'node:zlib';

/** A ZIP archive of these parts, deflated; `declared` replaces a part's uncompressed size in its headers (a lie). */
export function zip(parts: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = deflateRawSync(part.data, { level: 9 });
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(part.declared ?? part.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(part.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(part.declared ?? part.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * An XLSX workbook of one sheet: the header's names as text, then `rows` (the XML of the rows after
 * it), then `after` (what a sheet holds after its rows); `declared` is the size the sheet's headers give.
 */
export function workbook(header: readonly string[], rows: string, { declared, after = '' }: { declared?: number; after?: string } = {}): Buffer {
  const head = `<row r="1">${header.map((name) => `<c t="inlineStr"><is><t>${name}</t></is></c>`).join('')}</row>`.replace('<c ', '<c r="A1" ');
  const sheet = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${head}${rows}</sheetData>${after}</worksheet>`,
  );
  const text = (xml: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`);
  return zip([
    {
      name: '[Content_Types].xml',
      data: text(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: text(`<Relationships xmlns="${PACKAGE}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    },
    {
      name: 'xl/workbook.xml',
      data: text(`<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: text(
        `<Relationships xmlns="${PACKAGE}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, ...(declared === undefined ? {} : { declared }) },
  ]);
}
