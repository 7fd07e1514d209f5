import { App } from 'antd';
import { useMemo } from 'react';
import { AUTOSAVE_MESSAGE_MS, EDITOR_MESSAGE_MS } from './constants';
import { EditorUploadError } from './upload';

export interface EditorMessages {
  /** docs/spec.md §8: editor errors stay 4000 ms. */
  error(text: string): void;
  success(text: string, seconds?: number): void;
  /** An upload or capture failure, unless the request layer already told the user. */
  failure(error: unknown): void;
}

export function useEditorMessage(): EditorMessages {
  const { message } = App.useApp();
  return useMemo(() => {
    const error = (text: string) => {
      void message.error({ content: text, duration: EDITOR_MESSAGE_MS / 1000 });
    };
    return {
      error,
      success: (text: string, seconds = EDITOR_MESSAGE_MS / 1000) => {
        void message.success({ content: text, duration: seconds });
      },
      failure: (failure: unknown) => {
        if (failure instanceof EditorUploadError) {
          if (!failure.shown) error(failure.message);
        } else {
          error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    };
  }, [message]);
}

export const AUTOSAVE_MESSAGE_SECONDS = AUTOSAVE_MESSAGE_MS / 1000;
