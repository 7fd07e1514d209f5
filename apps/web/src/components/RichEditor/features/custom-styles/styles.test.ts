import { allowedAttributeValue, filterStyle } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { CUSTOM_STYLE_COUNT } from '../../constants';
import { CUSTOM_STYLES, customStyleFromType, customStyleType, styleObject } from './styles';

describe('custom styles (spec §9)', () => {
  it('are the 4 defaults: centred title, left title, emphasis, strong emphasis', () => {
    expect(CUSTOM_STYLES).toHaveLength(CUSTOM_STYLE_COUNT);
    expect(CUSTOM_STYLES.map(({ id, kind }) => `${id}:${kind}`)).toEqual([
      'tc:block',
      'tl:block',
      'im:inline',
      'hi:inline',
    ]);
  });

  it.each(CUSTOM_STYLES)('$id survives the HTML allow-list unchanged', ({ id, style }) => {
    expect(filterStyle(style)).toBe(style);
    const tag = CUSTOM_STYLES.find((item) => item.id === id)!.kind === 'block' ? 'h1' : 'span';
    expect(allowedAttributeValue(tag, 'data-type', customStyleType(id))).toBe(customStyleType(id));
  });

  it('finds a style by data-type and kind only', () => {
    expect(customStyleFromType('custom-style-tc', 'block')?.id).toBe('tc');
    expect(customStyleFromType('custom-style-tc', 'inline')).toBeUndefined();
    expect(customStyleFromType('custom-style-xx', 'block')).toBeUndefined();
    expect(customStyleFromType(null, 'inline')).toBeUndefined();
  });
});

describe('styleObject', () => {
  it('turns declarations into React style properties', () => {
    expect(styleObject('border-bottom: 2px solid #ccc; color: rgb(51, 153, 204)')).toEqual({
      borderBottom: '2px solid #ccc',
      color: 'rgb(51, 153, 204)',
    });
  });
});
