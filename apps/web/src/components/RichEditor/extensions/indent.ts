import { Extension } from '@tiptap/core';
import { INDENT } from '../constants';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** First-line indent of the selected paragraphs and headings. */
      indent: () => ReturnType;
      outdent: () => ReturnType;
    };
  }
}

const TYPES = ['paragraph', 'heading'];

export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: TYPES,
        attributes: {
          textIndent: {
            default: null,
            parseHTML: (element) => element.style.textIndent || null,
            renderHTML: (attributes) =>
              attributes.textIndent ? { style: `text-indent: ${attributes.textIndent}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    const set =
      (value: string | null) =>
      () =>
      ({
        commands,
      }: {
        commands: { updateAttributes: (type: string, attrs: object) => boolean };
      }) =>
        TYPES.map((type) => commands.updateAttributes(type, { textIndent: value })).some(Boolean);
    return { indent: set(INDENT), outdent: set(null) };
  },
});
