import { Node } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import i18n from '../../../i18n';

/** The class of a placeholder in serialized HTML; the editor's output drops such spans. */
export const PLACEHOLDER_CLASS = 'ke-uploading';

/**
 * Marks where an upload will land while it runs: it shows a spinner and the file's name, then
 * becomes the image (video, music) or is removed when the upload fails.
 */
export const UploadPlaceholder = Node.create({
  name: 'uploadPlaceholder',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  addAttributes() {
    return { id: { default: '' }, name: { default: '' } };
  },
  // Never parsed: a placeholder only exists while its upload runs in this editor.
  parseHTML() {
    return [];
  },
  renderHTML() {
    return ['span', { class: PLACEHOLDER_CLASS }];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = PLACEHOLDER_CLASS;
      dom.contentEditable = 'false';
      dom.setAttribute('role', 'status');
      dom.dataset.uploadId = String(node.attrs.id);
      const spinner = document.createElement('span');
      spinner.className = 'ke-spinner';
      dom.append(spinner, i18n.t('editor.image.uploading', { name: String(node.attrs.name) }));
      return { dom };
    };
  },
});

/** Where the placeholder of an upload is now (the document may have changed meanwhile). */
export function findPlaceholder(doc: PmNode, id: string): number | undefined {
  let found: number | undefined;
  doc.descendants((node, pos) => {
    if (found !== undefined) return false;
    if (node.type.name === 'uploadPlaceholder' && node.attrs.id === id) found = pos;
    return true;
  });
  return found;
}
