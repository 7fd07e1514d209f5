import { Extension } from '@tiptap/core';
import { TAB_SPACES } from '../constants';

/**
 * Tab inserts non-breaking spaces. Its priority is below the table's and the list's own Tab
 * handling, so in a table Tab still moves to the next cell and in a list it still nests the item.
 */
export const TabSpaces = Extension.create({
  name: 'tabSpaces',
  priority: 50,
  addKeyboardShortcuts() {
    return {
      Tab: () => this.editor.commands.insertContent('\u00a0'.repeat(TAB_SPACES)),
    };
  },
});
