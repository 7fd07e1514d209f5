// `node bench/web-size.mjs [distDir]` after `npm run build`: what the browser downloads to show
// /login, gzip-compressed (node:zlib, level 9), and the largest chunk of the whole build.
//
// "What /login loads" is what a first visit fetches before the sign-in form can render:
// index.html; the entry script, its modulepreloads and stylesheet(s) from the HTML; everything the
// entry imports statically; the lazy login page chunk (src/views/login/Login.tsx) with its static
// imports and CSS; files the CSS points at with url(); and root public files (favicon, logo) that
// the HTML, scripts or CSS name. Chunks fetched later on demand (other pages, pinyin-pro's
// dictionary) are not counted, except in "largest chunk" and the build total.
//
// With Vite's manifest (dist/.vite/manifest.json, from `build.manifest: true` in vite.config.ts or
// `vite build --manifest`) the chunk graph comes from it. Without one, static imports are read out
// of the built JavaScript and the login chunk is found by its name (Login-<hash>.js).
//
// distDir defaults to apps/web/dist. Prints a table and, last, one JSON line for scripts to parse.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const LOGIN_SOURCE = 'src/views/login/Login.tsx';
// The sign-in page's part of the language (i18n/index.ts); the whole loads past sign-in.
const LANGUAGE_SOURCE = 'src/i18n/locales/en/first.ts';

function fail(message) {
  console.error(`web-size: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(path.join(dist, 'index.html')))
  fail(`no build at ${dist}: run \`npm run build\` first.`);

/** dist-relative path with forward slashes: the one name every file is counted under. */
const rel = (absolute) => path.relative(dist, absolute).split(path.sep).join('/');
const read = (file) => fs.readFileSync(path.join(dist, file));
const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(read(file), { level: 9 }).length);
  return gzipSizes.get(file);
};

/** A URL as written in HTML, JS or CSS, resolved to a file in dist; null when not one of ours. */
function localFile(url, fromFile) {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || /^(?:data|blob):/i.test(url)) return null;
  const clean = url.split(/[?#]/)[0];
  if (!clean) return null;
  const absolute = clean.startsWith('/')
    ? path.join(dist, clean)
    : path.resolve(path.dirname(path.join(dist, fromFile)), clean);
  const file = rel(absolute);
  if (file.startsWith('..') || !fs.existsSync(absolute) || !fs.statSync(absolute).isFile()) {
    return null;
  }
  return file;
}

function htmlReferences() {
  const html = read('index.html').toString('utf8');
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)=["']([^"']+)["']/gi)];
  return urls.map((match) => localFile(match[1], 'index.html')).filter(Boolean);
}

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; never `import("./x.js")`. */
function staticImportsOf(file) {
  const code = read(file).toString('utf8');
  const specifiers = [
    ...code.matchAll(/\b(?:import|export)\s*(?:[^'"`();]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g),
  ];
  return specifiers.map((match) => localFile(match[1], file)).filter(Boolean);
}

function cssReferences(file) {
  const css = read(file).toString('utf8');
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)]
    .map((match) => localFile(match[1], file))
    .filter(Boolean);
}

function loadManifest() {
  const file = path.join(dist, '.vite/manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/** Files of a manifest chunk and everything it imports statically, with their CSS and assets. */
function manifestClosure(manifest, key, into) {
  const chunk = manifest[key];
  if (!chunk || into.has(`chunk:${key}`)) return;
  into.add(`chunk:${key}`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const asset of chunk.assets ?? []) into.add(asset);
  for (const imported of chunk.imports ?? []) manifestClosure(manifest, imported, into);
}

/** Every JS file reachable through static imports, starting from the given ones. */
function crawlStaticImports(start, into) {
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop();
    if (into.has(file)) continue;
    into.add(file);
    if (/\.m?js$/.test(file)) queue.push(...staticImportsOf(file));
  }
}

const manifest = loadManifest();
const initial = new Set(['index.html', ...htmlReferences()]);
let method;
let loginFiles;

if (manifest) {
  method = 'Vite manifest';
  const collected = new Set();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_SOURCE));
  if (!entryKey) fail('the manifest names no entry chunk.');
  if (!loginKey) fail(`the manifest has no chunk for ${LOGIN_SOURCE}.`);
  manifestClosure(manifest, entryKey, collected);
  const login = new Set();
  manifestClosure(manifest, loginKey, login);
  // The interface language is fetched before the first render; count English's (the default).
  const languageKey = Object.keys(manifest).find((key) => key.endsWith(LANGUAGE_SOURCE));
  if (!languageKey) fail(`the manifest has no chunk for ${LANGUAGE_SOURCE}.`);
  manifestClosure(manifest, languageKey, login);
  loginFiles = [manifest[loginKey].file, ...(manifest[loginKey].css ?? [])];
  for (const file of [...collected, ...login]) if (!file.startsWith('chunk:')) initial.add(file);
} else {
  method = 'static imports read from the built JavaScript (no manifest)';
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  loginFiles = assets
    .filter((name) => /^Login-[\w-]+\.(?:js|css)$/.test(name))
    .map((name) => `assets/${name}`);
  if (!loginFiles.some((file) => file.endsWith('.js'))) {
    fail('no Login-<hash>.js chunk in dist/assets: is the build older than the login page?');
  }
  const crawled = new Set();
  crawlStaticImports([...initial, ...loginFiles], crawled);
  for (const file of crawled) initial.add(file);
}

for (const file of [...initial]) {
  if (file.endsWith('.css')) for (const asset of cssReferences(file)) initial.add(asset);
}

// Root public files (favicon, logo) count when the page names them, as it does at runtime.
const initialText = [...initial]
  .filter((file) => /\.(?:html|m?js|css)$/.test(file))
  .map((file) => read(file).toString('utf8'))
  .join('\n');
for (const entry of fs.readdirSync(dist, { withFileTypes: true })) {
  if (entry.isFile() && entry.name !== 'index.html' && initialText.includes(`/${entry.name}`)) {
    initial.add(entry.name);
  }
}

const allFiles = (function list(dir) {
  return fs.readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : list(file);
    // The build's .br/.gz copies (scripts/precompress.mjs) are other encodings of the same files.
    return /\.(?:br|gz)$/.test(entry.name) ? [] : [file];
  });
})('');
const chunks = allFiles.filter((file) => /\.m?js$/.test(file));
const largest = chunks
  .map((file) => ({ file, gzip: gzipSize(file) }))
  .sort((a, b) => b.gzip - a.gzip)[0];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const rows = [...initial]
  .sort()
  .map((file) => ({ file, raw: read(file).length, gzip: gzipSize(file) }));
const sum = (list, field) => list.reduce((total, row) => total + row[field], 0);
const loginTotal = sum(rows, 'gzip');
const buildTotal = allFiles.reduce((total, file) => total + gzipSize(file), 0);
const byKind = (test) =>
  sum(
    rows.filter((row) => test.test(row.file)),
    'gzip',
  );

console.log(`Kaoshi web build at ${path.relative(root, dist) || dist} (${method}), gzip level 9\n`);
console.log('What /login loads initially:');
const width = Math.max(...rows.map((row) => row.file.length));
for (const row of rows) {
  const mark = loginFiles.includes(row.file) ? '  (login page)' : '';
  console.log(
    `  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)} gz${mark}`,
  );
}
console.log(
  `\n  /login total: ${kb(loginTotal)} gzip in ${rows.length} files ` +
    `(JS ${kb(byKind(/\.m?js$/))}, CSS ${kb(byKind(/\.css$/))}, HTML ${kb(byKind(/\.html$/))}, ` +
    `other ${kb(loginTotal - byKind(/\.(?:m?js|css|html)$/))})`,
);
console.log(`  largest chunk: ${largest.file} ${kb(largest.gzip)} gzip`);
console.log(
  `  whole build: ${kb(buildTotal)} gzip in ${allFiles.length} files (${chunks.length} JS chunks)`,
);

/**
 * What the server sends for a file to a browser that accepts brotli: the build's .br copy
 * (apps/web/scripts/precompress.mjs), else the file itself (small files are not compressed).
 */
const servedSize = (file) => {
  const brotli = path.join(dist, `${file}.br`);
  return fs.existsSync(brotli) ? fs.statSync(brotli).size : read(file).length;
};
const loginServed = [...initial].reduce((total, file) => total + servedSize(file), 0);

// A candidate from sign-in to the first question: the sign-in page, then the layout, the whole
// language, the home page (students see no charts) and the exam list, then the exam page.
// Static closures in the manifest; the files of the sign-in page are not counted twice.
const JOURNEY_SOURCES = [
  'src/layout/Layout.tsx',
  'src/i18n/locales/en/index.ts',
  'src/views/dashboard/Dashboard.tsx',
  'src/views/attempt/MyExams.tsx',
  'src/views/attempt/ExamPage.tsx',
];
let journey = null;
if (manifest) {
  const collected = new Set();
  for (const source of JOURNEY_SOURCES) {
    const key = Object.keys(manifest).find((name) => name.endsWith(source));
    if (!key) fail(`the manifest has no chunk for ${source}.`);
    manifestClosure(manifest, key, collected);
  }
  const files = new Set(initial);
  for (const file of collected) if (!file.startsWith('chunk:')) files.add(file);
  for (const file of [...files]) {
    if (file.endsWith('.css')) for (const asset of cssReferences(file)) files.add(asset);
  }
  const list = [...files];
  journey = {
    files: list.length,
    gzipBytes: list.reduce((total, file) => total + gzipSize(file), 0),
    servedBytes: list.reduce((total, file) => total + servedSize(file), 0),
  };
}

console.log(`\nBytes per candidate (gzip level 9; served: the build's brotli copies as sent):`);
console.log(`  sign-in page:             ${kb(loginTotal)} gzip, ${kb(loginServed)} served`);
if (journey) {
  console.log(
    `  sign-in to first question: ${kb(journey.gzipBytes)} gzip, ${kb(journey.servedBytes)} served ` +
      `in ${journey.files} files`,
  );
}
console.log(
  JSON.stringify({
    method,
    loginGzipBytes: loginTotal,
    loginServedBytes: loginServed,
    loginFiles: rows.length,
    examJourney: journey,
    largestChunk: { file: largest.file, gzipBytes: largest.gzip },
    buildGzipBytes: buildTotal,
  }),
);
