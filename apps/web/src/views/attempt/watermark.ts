const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The paper's watermark (the candidate's name and ticket number, faint and slanted) as a CSS
 * background image: a picture, not text, so it is neither read aloud, selected, copied nor
 * measured as text by contrast checks, and it blocks no click.
 */
export function watermarkImage(text: string) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">` +
    `<text x="160" y="100" text-anchor="middle" transform="rotate(-24 160 100)" ` +
    `font-family="sans-serif" font-size="15" fill="#000" fill-opacity="0.07">` +
    `${escapeXml(text)}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}
