import { EDITOR_CATCHER_MAX_SOURCES, EDITOR_STATE_SUCCESS } from '@kaoshi/shared';
import type { Editor } from '@tiptap/core';
import i18n from '../../i18n';
import { CATCH_REMOTE_ERROR_EVENT } from './constants';
import type { EditorMessages } from './messages';
import { catchRemoteImages, loadEditorConfig } from './upload';

/** Whether an image source lives elsewhere and must be copied to our server. */
export function isRemoteImage(
  src: string,
  ownHost: string,
  localHosts: readonly string[],
): boolean {
  if (!/^https?:\/\//i.test(src)) return false;
  try {
    const host = new URL(src).host.toLowerCase();
    return (
      host !== ownHost.toLowerCase() && !localHosts.some((local) => local.toLowerCase() === host)
    );
  } catch {
    return false;
  }
}

/** The image sources of some HTML, each once, in order. */
export function imageSources(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...new Set([...doc.images].map((img) => img.getAttribute('src') ?? '').filter(Boolean))];
}

export interface CatchRemoteErrorDetail {
  /** The sources that stayed remote. */
  sources: string[];
}

/**
 * Copies the remote images of pasted content to our server (docs/spec.md §7, action catchimage) and points
 * each image that made it at its copy. The rest stay as they were; the user is told, and the
 * editor's element fires `kaoshi-editor:catch-remote-error` (docs/spec.md §8).
 */
export async function captureRemoteImages(
  editor: Editor,
  pastedHtml: string,
  messages: Pick<EditorMessages, 'error'>,
): Promise<void> {
  let sources: string[];
  try {
    const config = await loadEditorConfig();
    sources = imageSources(pastedHtml).filter((src) =>
      isRemoteImage(src, window.location.host, config.catcherLocalDomain ?? []),
    );
  } catch {
    // Without the config there is no capture action to call: the images stay remote.
    sources = imageSources(pastedHtml).filter((src) =>
      isRemoteImage(src, window.location.host, []),
    );
  }
  if (sources.length === 0) return;
  const captured = new Map<string, string>();
  for (let start = 0; start < sources.length; start += EDITOR_CATCHER_MAX_SOURCES) {
    try {
      const list = await catchRemoteImages(
        sources.slice(start, start + EDITOR_CATCHER_MAX_SOURCES),
      );
      for (const entry of list) {
        if (entry.state === EDITOR_STATE_SUCCESS && entry.url)
          captured.set(entry.source, entry.url);
      }
    } catch {
      // These sources stay remote and are reported below with the others.
    }
  }
  if (editor.isDestroyed) return;
  if (captured.size > 0) {
    const { tr } = editor.state;
    editor.state.doc.descendants((node, pos) => {
      const url = node.type.name === 'image' ? captured.get(String(node.attrs.src)) : undefined;
      if (url) tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: url });
    });
    if (tr.docChanged) editor.view.dispatch(tr);
  }
  const failed = sources.filter((source) => !captured.has(source));
  if (failed.length > 0) {
    messages.error(i18n.t('editor.error.catchRemote', { count: failed.length }));
    editor.view.dom.dispatchEvent(
      new CustomEvent<CatchRemoteErrorDetail>(CATCH_REMOTE_ERROR_EVENT, {
        bubbles: true,
        detail: { sources: failed },
      }),
    );
  }
}
