import { Node, mergeAttributes, type Editor } from '@tiptap/core';
import { loadKatex, renderFormulaInto } from './katex';

export interface FormulaEdit {
  pos: number;
  latex: string;
}

const editHandlers = new WeakMap<Editor, (edit: FormulaEdit) => void>();

/** The toolbar's formula tool listens here to open a clicked formula for editing. */
export function onFormulaEdit(editor: Editor, handler: (edit: FormulaEdit) => void): () => void {
  editHandlers.set(editor, handler);
  return () => {
    if (editHandlers.get(editor) === handler) editHandlers.delete(editor);
  };
}

/**
 * An inline formula, stored as `<span data-type="formula" data-latex="LATEX">LATEX</span>`: the text
 * is the LaTeX source, so a reader without KaTeX still sees the formula.
 */
export const Formula = Node.create({
  name: 'formula',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-latex') ?? element.textContent ?? '',
        renderHTML: (attributes) => ({ 'data-latex': String(attributes.latex ?? '') }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-type="formula"]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, { 'data-type': 'formula' }),
      String(node.attrs.latex),
    ];
  },

  renderText({ node }) {
    return String(node.attrs.latex);
  },

  addNodeView() {
    return ({ node: initial, editor, getPos }) => {
      let node = initial;
      const dom = document.createElement('span');
      dom.setAttribute('data-type', 'formula');
      dom.className = 'ke-formula';
      dom.contentEditable = 'false';
      dom.style.cursor = 'pointer';

      const draw = () => {
        const latex = String(node.attrs.latex);
        dom.setAttribute('data-latex', latex);
        dom.textContent = latex;
        void loadKatex().then(
          (katex) => {
            // A later update may have changed the formula while KaTeX was loading.
            if (String(node.attrs.latex) === latex) renderFormulaInto(katex, dom, latex);
          },
          () => undefined,
        );
      };
      draw();

      dom.addEventListener('click', () => {
        const pos = getPos();
        if (!editor.isEditable || typeof pos !== 'number') return;
        editHandlers.get(editor)?.({ pos, latex: String(node.attrs.latex) });
      });

      return {
        dom,
        update(updated) {
          if (updated.type !== node.type) return false;
          const changed = updated.attrs.latex !== node.attrs.latex;
          node = updated;
          if (changed) draw();
          return true;
        },
        ignoreMutation: () => true,
      };
    };
  },
});
