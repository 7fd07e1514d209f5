import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './plain-text';

describe('plainExcerpt', () => {
  it('keeps inline formatting as text and separates paragraphs', () => {
    const text = plainExcerpt(
      '<p>潮湿场所的<strong>安全</strong>电压</p><p>是多少 &lt;V&gt;？</p>',
    );
    expect(text.full).toBe('潮湿场所的安全电压 是多少 <V>？');
  });
  it('cuts long text by characters, not UTF-16 units', () => {
    expect(plainExcerpt('<p>𝐀𝐁𝐂𝐃</p>').short(2)).toBe('𝐀𝐁…');
    expect(plainExcerpt('<p>abc</p>').short(3)).toBe('abc');
  });
  it('never yields markup', () => {
    expect(plainExcerpt('<img src=x onerror="alert(1)"><script>x</script>').full).toBe('x');
  });
});
