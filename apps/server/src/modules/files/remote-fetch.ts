import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

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

/** A refusal whose message is shown to the editor's user as the entry's state. */
export class RemoteRefused extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The address to connect to: every address the name has must be public, then the first is used. */
async function addressFor(
  hostname: string,
  options: RemoteFetchOptions,
): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await options.resolve(bare);
  if (addresses.length === 0) throw new RemoteRefused(`${hostname} does not resolve`);
  const inside = addresses.find((entry) => !options.allowAddress(entry.address));
  if (inside) {
    throw new RemoteRefused(`${hostname} is a private or reserved address (${inside.address})`);
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
              request.destroy(new RemoteRefused(`connected to a private address (${peer})`));
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
    throw new RemoteRefused('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteRefused('only http and https URLs are captured');
  }
  if (url.username || url.password) throw new RemoteRefused('URLs with credentials are refused');
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
    if (options.signal.aborted && !(error instanceof RemoteRefused)) {
      throw new RemoteRefused('Timed out');
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
      if (!location) throw new RemoteRefused(`HTTP ${status} without a location`);
      if (hop >= options.maxRedirects) throw new RemoteRefused('too many redirects');
      url = parseHttpUrl(location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new RemoteRefused(`the remote server answered HTTP ${status}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new RemoteRefused(`larger than ${options.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new RemoteRefused(`larger than ${options.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
