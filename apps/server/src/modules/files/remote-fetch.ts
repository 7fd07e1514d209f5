import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { formatFileSize } from '@kaoshi/shared';
import { UploadRefused } from './refused.js';

/** Name resolution, replaceable in tests. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

export interface RemoteFetchOptions {
  /** Whether an IP address may be connected to (isPublicAddress, or anything in tests). */
  allowAddress: (address: string) => boolean;
  maxBytes: number;
  maxRedirects: number;
  signal: AbortSignal;
  resolve: Resolver;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The address to connect to: every address the name has must be public, then the first is used. */
async function addressFor(
  hostname: string,
  options: RemoteFetchOptions,
): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await options.resolve(bare);
  if (addresses.length === 0) throw new UploadRefused('catchNoAddress', { host: hostname });
  const inside = addresses.find((entry) => !options.allowAddress(entry.address));
  if (inside) {
    throw new UploadRefused('catchPrivateAddress', {
      host: hostname,
      address: inside.address,
    });
  }
  return addresses[0]!;
}

/** One request to one checked address; the socket's real peer is checked again on connect. */
function requestOnce(url: URL, options: RemoteFetchOptions): Promise<IncomingMessage> {
  return addressFor(url.hostname, options).then(
    (target) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        // Pins the connection to the address checked above: no second resolution can differ.
        const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
          if (lookupOptions.all) callback(null, [target]);
          else callback(null, target.address, target.family);
        };
        const client = url.protocol === 'https:' ? https : http;
        const request = client.request(url, {
          method: 'GET',
          agent: false,
          lookup: pinned,
          signal: options.signal,
          headers: { accept: 'image/*', 'user-agent': 'Kaoshi-ImageCatcher/1' },
        });
        request.on('socket', (socket) => {
          socket.once('connect', () => {
            const peer = socket.remoteAddress;
            if (!peer || !options.allowAddress(peer)) {
              request.destroy(
                new UploadRefused('catchConnectedPrivate', { address: String(peer) }),
              );
            }
          });
        });
        request.on('response', resolve);
        request.on('error', reject);
        request.end();
      }),
  );
}

function parseHttpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new UploadRefused('catchBadUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UploadRefused('catchOnlyHttp');
  }
  if (url.username || url.password) throw new UploadRefused('catchCredentials');
  return url;
}

/**
 * The body of an http(s) image URL, following at most `maxRedirects` redirects, each one
 * checked like the first; refused past `maxBytes` or when `signal` aborts.
 */
export async function fetchRemote(source: string, options: RemoteFetchOptions): Promise<Buffer> {
  try {
    return await follow(source, options);
  } catch (error) {
    // Aborting mid-body surfaces as a reset socket: say what really happened.
    if (options.signal.aborted && !(error instanceof UploadRefused)) {
      throw new UploadRefused('catchTimedOut');
    }
    throw error;
  }
}

async function follow(source: string, options: RemoteFetchOptions): Promise<Buffer> {
  let url = parseHttpUrl(source);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, options);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new UploadRefused('catchRedirectWithoutLocation', { status });
      if (hop >= options.maxRedirects) throw new UploadRefused('catchTooManyRedirects');
      url = parseHttpUrl(location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new UploadRefused('catchHttpStatus', { status });
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new UploadRefused('catchTooLarge', { size: formatFileSize(options.maxBytes) });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new UploadRefused('catchTooLarge', { size: formatFileSize(options.maxBytes) });
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
