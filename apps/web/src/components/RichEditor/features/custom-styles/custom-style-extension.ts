import { Extension, Mark, mergeAttributes } from '@tiptap/core';
import { CUSTOM_STYLES, customStyleFromType, customStyleType, type CustomStyle } from './styles';

const byId = (id: unknown, kind: CustomStyle['kind']) =>
  CUSTOM_STYLES.find((style) => style.id === id && style.kind === kind);

/** The block styles (titles): an attribute of headings, written as data-type plus the inline style. */
export const CustomBlockStyle = Extension.create({
  name: 'customBlockStyle',

  addGlobalAttributes() {
    return [
      {
        types: ['heading'],
        attributes: {
          customStyle: {
            default: null,
            parseHTML: (element) =>
              customStyleFromType(element.getAttribute('data-type'), 'block')?.id ?? null,
            renderHTML: (attributes) => {
              const style = byId(attributes.customStyle, 'block');
              return style ? { 'data-type': customStyleType(style.id), style: style.style } : {};
            },
          },
        },
      },
    ];
  },
});

/** The inline styles (emphasis): a mark rendered as a span with data-type and the inline style. */
export const CustomInlineStyle = Mark.create({
  name: 'customStyle',
  // Above textStyle, so the styled span is the outer one and reads as one unit.
  priority: 110,

  addAttributes() {
    return { id: { default: null, rendered: false } };
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-type]',
        getAttrs: (element) => {
          const style = customStyleFromType(element.getAttribute('data-type'), 'inline');
          return style ? { id: style.id } : false;
        },
      },
    ];
  },

  renderHTML({ mark, HTMLAttributes }) {
    const style = byId(mark.attrs.id, 'inline');
    if (!style) return ['span', HTMLAttributes, 0];
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        'data-type': customStyleType(style.id),
        style: style.style,
      }),
      0,
    ];
  },
});
