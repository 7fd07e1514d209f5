import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import svgCaptcha from 'svg-captcha';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app.js';
import { CAPTCHA_SIZE } from './captcha.js';

interface Command {
  type: string;
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
}
interface Glyph {
  getPath(x: number, y: number, fontSize: number): { commands: Command[] };
}
interface Font {
  charToGlyph(char: string): Glyph;
}

/**
 * What an attacker writes against svg-captcha: each character is its font's glyph outline, a
 * filled path whose commands (jittered by ±0.1) are the glyph's own. Loading the font the
 * package ships and comparing each path with every glyph's outline names the character.
 */
function glyphPathReader(): (svg: string) => string {
  const requireFromCaptcha = createRequire(createRequire(import.meta.url).resolve('svg-captcha'));
  const opentype = requireFromCaptcha('opentype.js') as { loadSync(file: string): Font };
  const fontFile = path.join(
    path.dirname(requireFromCaptcha.resolve('svg-captcha/package.json')),
    'fonts/Comismsh.ttf',
  );
  const font = opentype.loadSync(fontFile);
  const FONT_SIZE = 34;
  const points = (commands: Command[]) =>
    commands.flatMap((c) =>
      c.type === 'Z' ? [] : [c.x1 ?? c.x!, c.y1 ?? c.y!, c.x!, c.y!].map(Number),
    );
  // svg-captcha's characters: letters of both cases and digits.
  const characters = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const shapes = [...characters].map((char) => {
    const commands = font.charToGlyph(char).getPath(0, 0, FONT_SIZE).commands;
    return { char, signature: commands.map((c) => c.type).join(''), points: points(commands) };
  });
  const parse = (d: string): Command[] =>
    [...d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)].map(([, type, args]) => {
      const n = (args!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
      if (type === 'Q') return { type: type!, x1: n[0], y1: n[1], x: n[2], y: n[3] };
      return { type: type!, x: n[0], y: n[1] };
    });
  return (svg) => {
    const found = [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map(([, d]) => {
      const commands = parse(d!);
      const mine = points(commands);
      const signature = commands.map((c) => c.type).join('');
      let best = { char: '?', distance: Infinity };
      for (const shape of shapes) {
        if (shape.signature !== signature) continue;
        // Same outline up to where it was placed: compare the shapes relative to their start.
        let distance = 0;
        for (let k = 0; k < mine.length; k++) {
          const origin = k % 2 === 0 ? mine[0]! - shape.points[0]! : mine[1]! - shape.points[1]!;
          distance += Math.abs(mine[k]! - shape.points[k]! - origin);
        }
        if (distance < best.distance) best = { char: shape.char, distance };
      }
      return { char: best.char, x: commands[0]?.x ?? 0 };
    });
    return found
      .sort((a, b) => a.x - b.x)
      .map((g) => g.char)
      .join('')
      .toLowerCase();
  };
}

describe('the sign-in captcha', () => {
  const t = useTestApp({ CAPTCHA: 'on' });
  const read = glyphPathReader();

  const fetchCaptcha = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/kaoshi-user/security/captcha',
    });
    const row = await t.handle.db
      .selectFrom('captchas')
      .select('code')
      .orderBy('expires_at', 'desc')
      .executeTakeFirstOrThrow();
    return { response, code: row.code };
  };

  it('the glyph-path reader solves svg-captcha, as the captcha used to be drawn', () => {
    let solved = 0;
    for (let i = 0; i < 30; i++) {
      const captcha = svgCaptcha.create({
        size: 4,
        ignoreChars: '0o1ilI',
        noise: 2,
        width: 120,
        height: 40,
        fontSize: 34,
      });
      if (read(captcha.data) === captcha.text.toLowerCase()) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(28);
  });

  it('serves a PNG whose answer the reader cannot take from the response', async () => {
    let solved = 0;
    const types = new Set<unknown>();
    for (let i = 0; i < 30; i++) {
      const { response, code } = await fetchCaptcha();
      expect(response.statusCode).toBe(200);
      types.add(response.headers['content-type']);
      if (read(response.body) === code) solved++;
    }
    expect(solved).toBe(0);
    expect([...types]).toEqual(['image/png']);
  });

  it('draws the characters at the page size with the font it ships (no system font needed)', async () => {
    const { response } = await fetchCaptcha();
    const image = await loadImage(response.rawPayload);
    expect([image.width, image.height]).toEqual([CAPTCHA_SIZE.width, CAPTCHA_SIZE.height]);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/captcha-sample.png', response.rawPayload);
  });
});
