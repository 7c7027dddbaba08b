// After `vite build`: writes .br and .gz siblings (best quality) of every text asset over 1 KB,
// so that the server can send them precompressed. Usage: node scripts/compress.mjs [dist]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = resolve(process.argv[2] ? resolve(process.cwd(), process.argv[2]) : join(here, '..', 'dist'));

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is build metadata, not served
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
let afterGz = 0;
for await (const path of files(dist)) {
  const { size } = await stat(path);
  if (size <= MIN_BYTES) continue;
  const data = await readFile(path);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gz);
  count += 1;
  before += data.length;
  afterBr += br.length;
  afterGz += gz.length;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`compress: ${count} files in ${dist}: ${kb(before)} → brotli ${kb(afterBr)}, gzip ${kb(afterGz)}`);
