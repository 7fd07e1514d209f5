// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// build, so the server sends them as they are (@fastify/static's preCompressed) and spends no CPU
// compressing page loads: 20,000 candidates opening the sign-in page in a minute cost file reads.
// `node scripts/precompress.mjs [distDir]`; distDir defaults to apps/web/dist.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../dist'));
/** Text formats that shrink; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesOf(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesOf(file);
      return [file];
    }),
  );
  return nested.flat();
}

async function precompress(file) {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return { raw: 0, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is left out: the server then sends the file itself.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

const started = Date.now();
const files = (await filesOf(dist)).filter((file) => COMPRESSIBLE.test(file));
const sizes = await Promise.all(files.map(precompress));
const total = (field) => sizes.reduce((sum, size) => sum + size[field], 0);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `precompressed ${sizes.filter((size) => size.raw).length} files of ${path.relative(process.cwd(), dist) || dist}: ` +
    `${kib(total('raw'))} → brotli ${kib(total('br'))}, gzip ${kib(total('gz'))} ` +
    `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
