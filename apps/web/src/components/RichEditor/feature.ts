import type { AnyExtension, Editor } from '@tiptap/core';
import type { ComponentType } from 'react';

export interface EditorToolProps {
  editor: Editor;
  compact: boolean;
}

/** A tool that plugs into the editor: its TipTap extensions and its toolbar control(s). */
export interface EditorFeature {
  /** Stable id, e.g. 'formula'. */
  name: string;
  extensions?: AnyExtension[];
  /** Toolbar control(s), shown in the order of EDITOR_FEATURES after the core tools. */
  Tool?: ComponentType<EditorToolProps>;
  /** Also shown in the compact (one-row) toolbar. */
  inCompact?: boolean;
}
