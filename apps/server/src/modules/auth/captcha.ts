import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';

/** The sign-in page shows the image at this size. */
export const CAPTCHA_SIZE = { width: 120, height: 40 } as const;
export const CAPTCHA_LENGTH = 4;
/** Letters and digits nobody misreads (no 0/o, 1/i/l). */
export const CAPTCHA_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

const FAMILY = 'KaoshiCaptcha';

/**
 * The font ships in an npm package (DejaVu Sans Bold), so a fresh machine without any system
 * font draws the same image.
 */
export function registerCaptchaFont(): void {
  if (GlobalFonts.has(FAMILY)) return;
  const fontDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );
  if (!GlobalFonts.registerFromPath(path.join(fontDir, 'DejaVuSans-Bold.ttf'), FAMILY)) {
    throw new Error(`The captcha font could not be loaded from ${fontDir}`);
  }
}

const between = (min: number, max: number) =>
  min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const grey = (min: number, max: number) => {
  const level = randomInt(min, max + 1);
  return `rgb(${level},${level},${level})`;
};
const hue = (lightness: number) => `hsl(${randomInt(360)},${randomInt(40, 80)}%,${lightness}%)`;

/**
 * A raster image (PNG) of `CAPTCHA_LENGTH` random characters: the answer is only in the pixels,
 * never in the markup (an SVG of glyph paths names its characters to anyone who reads them).
 * Each character is turned, scaled and placed at random, over and under noise curves and dots.
 */
export async function drawCaptcha(): Promise<{ text: string; png: Buffer }> {
  registerCaptchaFont();
  const { width, height } = CAPTCHA_SIZE;
  const text = Array.from(
    { length: CAPTCHA_LENGTH },
    () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
  ).join('');
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = grey(236, 250);
  ctx.fillRect(0, 0, width, height);

  const curve = (lineWidth: number) => {
    ctx.strokeStyle = hue(randomInt(35, 65));
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    ctx.moveTo(between(0, 15), between(5, height - 5));
    ctx.bezierCurveTo(
      between(20, width / 2),
      between(0, height),
      between(width / 2, width - 20),
      between(0, height),
      between(width - 15, width),
      between(5, height - 5),
    );
    ctx.stroke();
  };
  for (let i = 0; i < 3; i++) curve(between(1, 2));
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = hue(randomInt(30, 75));
    ctx.fillRect(between(0, width), between(0, height), 1.5, 1.5);
  }

  const step = (width - 16) / CAPTCHA_LENGTH;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  [...text].forEach((char, i) => {
    ctx.save();
    ctx.translate(8 + step * (i + 0.5) + between(-3, 3), height / 2 + between(-3, 3));
    ctx.rotate(between(-0.45, 0.45));
    ctx.font = `bold ${randomInt(22, 29)}px ${FAMILY}`;
    ctx.fillStyle = hue(randomInt(15, 35));
    ctx.fillText(char, 0, 0);
    ctx.restore();
  });
  for (let i = 0; i < 2; i++) curve(between(1, 1.8));

  return { text, png: await canvas.encode('png') };
}
