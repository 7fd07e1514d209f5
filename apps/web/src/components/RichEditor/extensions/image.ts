import type { NodeViewRendererProps } from '@tiptap/core';
import Image, { type ImageOptions } from '@tiptap/extension-image';
import type { ResizableNodeViewDirection } from '@tiptap/core';
import { IMAGE_MIN_SIZE } from '../constants';

export interface EditorImageOptions {
  /** docs/spec.md §8: an image that fails to load is reported. */
  onLoadError: (src: string) => void;
}

/** Handles on every corner and side (IMAGE_HANDLES = 8). */
const DIRECTIONS: ResizableNodeViewDirection[] = [
  'top',
  'right',
  'bottom',
  'left',
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
];

/**
 * Inline images (they sit in a line of text, as in the question bank's old content), resized by
 * TipTap's resizable node view, which writes the new width and height into the node.
 */
export const EditorImage = Image.extend<EditorImageOptions & ImageOptions>({
  addOptions() {
    return {
      ...this.parent!(),
      inline: true,
      resize: {
        enabled: true,
        directions: DIRECTIONS,
        minWidth: IMAGE_MIN_SIZE,
        minHeight: IMAGE_MIN_SIZE,
        alwaysPreserveAspectRatio: false,
      },
      onLoadError: () => undefined,
    };
  },
  addNodeView() {
    const create = this.parent?.();
    if (!create) return null;
    return (props: NodeViewRendererProps) => {
      const view = create(props);
      const img = view.dom instanceof HTMLElement ? view.dom.querySelector('img') : null;
      img?.addEventListener('error', () => {
        const src = img.getAttribute('src');
        if (src) this.options.onLoadError(src);
      });
      return view;
    };
  },
});
