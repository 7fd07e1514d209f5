import { Extension, InputRule } from '@tiptap/core';

/**
 * Typing a line's number by hand inside a numbered list ("2. " at the start of item 2) confirms
 * the number the list already shows instead of adding a second one: "1. " starts the list (the
 * starter kit's rule), and authors who go on numbering each line would otherwise publish
 * "2. 2. …". Another number stays as typed; Backspace right after brings the typed number back.
 */
export const ListNumbers = Extension.create({
  name: 'listNumbers',
  // Before the starter kit's list rules (100), which would nest a new list inside the item.
  priority: 200,
  addInputRules() {
    return [
      new InputRule({
        find: /^(\d+)[.．]\s$/,
        handler: ({ state, range, match }) => {
          const $from = state.doc.resolve(range.from);
          // The item's first paragraph, directly in an ordered list.
          const depth = $from.depth - 1;
          if (depth < 1 || $from.index(depth) !== 0) return null;
          const item = $from.node(depth);
          const list = $from.node(depth - 1);
          if (item.type.name !== 'listItem' || list.type.name !== 'orderedList') return null;
          const start = Number(list.attrs.start ?? 1);
          if (Number(match[1]) !== start + $from.index(depth - 1)) return null;
          state.tr.delete(range.from, range.to);
        },
      }),
    ];
  },
});
