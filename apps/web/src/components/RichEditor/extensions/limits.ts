import { Extension } from '@tiptap/core';
import type { Fragment, Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { TableMap } from '@tiptap/pm/tables';
import { EDITOR_MAX_CHARS } from '../constants';
import { tableLimitRefusal, type TableLimitRefusal } from '../table-limits';

export type LimitRefusal = 'chars' | TableLimitRefusal;

export interface LimitsOptions {
  maxChars: number;
  onRefuse: (refusal: LimitRefusal) => void;
}

const TABLE_PARTS = new Set(['table', 'tableRow', 'tableCell', 'tableHeader']);

function holdsTablePart(fragment: Fragment): boolean {
  let found = false;
  fragment.descendants((node) => {
    if (TABLE_PARTS.has(node.type.name)) found = true;
    return !found;
  });
  return found;
}

/** The first limit a table of the document breaks, or null. */
export function tableRefusalIn(doc: PmNode): TableLimitRefusal | null {
  let refusal: TableLimitRefusal | null = null;
  doc.descendants((node) => {
    if (refusal) return false;
    if (node.type.name !== 'table') return true;
    const map = TableMap.get(node);
    refusal = tableLimitRefusal(map.height, map.width);
    return true;
  });
  return refusal;
}

/**
 * Refuses any change that would take the text beyond 1,000,000 characters (docs/spec.md §5) or a table
 * beyond 100 rows or 20 columns, and says why. Content already beyond a limit (an old question)
 * can still be edited, just not grown.
 */
export const Limits = Extension.create<LimitsOptions>({
  name: 'limits',
  addOptions() {
    return { maxChars: EDITOR_MAX_CHARS, onRefuse: () => undefined };
  },
  addProseMirrorPlugins() {
    const { maxChars } = this.options;
    const refuse = (refusal: LimitRefusal) => {
      this.options.onRefuse(refusal);
      return false;
    };
    return [
      new Plugin({
        key: new PluginKey('limits'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged) return true;
          // Text length never exceeds the content size, so most documents skip the count.
          if (tr.doc.content.size > maxChars) {
            const length = tr.doc.textContent.length;
            if (length > maxChars && length > state.doc.textContent.length) return refuse('chars');
          }
          const touchesTables = tr.steps.some((step) => {
            const slice = (step as { slice?: { content: Fragment } }).slice;
            return slice !== undefined && holdsTablePart(slice.content);
          });
          if (touchesTables) {
            const refusal = tableRefusalIn(tr.doc);
            if (refusal && tableRefusalIn(state.doc) !== refusal) return refuse(refusal);
          }
          return true;
        },
      }),
    ];
  },
});
