import type { Editor, JSONContent } from '@tiptap/core';
import i18n from '../../i18n';
import { ATTACHMENT_MAX_FILES } from './constants';
import { findPlaceholder } from './extensions/upload-placeholder';
import type { EditorMessages } from './messages';
import { uploadEditorFile, type EditorUploadAction, type EditorUploaded } from './upload';

export type MediaKind = 'image' | 'video' | 'audio' | 'attachment';

const ACTIONS: Record<MediaKind, EditorUploadAction> = {
  image: 'uploadimage',
  video: 'uploadvideo',
  // The editor protocol has no music action: music (.mp3 .m4a .wav, or audio in .ogg/.webm) uploads as video.
  audio: 'uploadvideo',
  attachment: 'uploadfile',
};

/** What an uploaded file becomes in the document. */
export function mediaContent(kind: MediaKind, uploaded: EditorUploaded): JSONContent {
  switch (kind) {
    case 'image':
      return { type: 'image', attrs: { src: uploaded.url, alt: uploaded.original || null } };
    case 'video':
      return { type: 'video', attrs: { src: uploaded.url } };
    case 'audio':
      return { type: 'audio', attrs: { src: uploaded.url } };
    case 'attachment':
      return {
        type: 'text',
        text: uploaded.original || uploaded.title || uploaded.url,
        marks: [{ type: 'link', attrs: { href: uploaded.url, dataType: 'attachment' } }],
      };
  }
}

/**
 * Inserts at the cursor the image a tool drew and uploaded (a scrawl, a snapshot), named by its
 * title or, without one, by its file name.
 */
export function insertDrawnImage(editor: Editor, uploaded: EditorUploaded) {
  editor
    .chain()
    .focus()
    .insertContent({
      type: 'image',
      attrs: { src: uploaded.url, alt: uploaded.title || uploaded.original },
    })
    .run();
}

/** Uploads run a few at a time: a hundred attachments do not open a hundred connections. */
const PARALLEL_UPLOADS = 3;
let nextId = 0;

/**
 * Uploads files into the document: a placeholder per file appears at once (at `pos`, or at the
 * selection), then each becomes its image, video, music or attachment link, or disappears and
 * its error is shown.
 */
export async function uploadInto(
  editor: Editor,
  kind: MediaKind,
  files: File[],
  messages: Pick<EditorMessages, 'error' | 'failure'>,
  pos?: number,
): Promise<void> {
  if (files.length === 0) return;
  if (files.length > ATTACHMENT_MAX_FILES) {
    messages.error(i18n.t('editor.error.tooManyFiles', { max: ATTACHMENT_MAX_FILES }));
    return;
  }
  const jobs = files.map((file) => ({ file, id: `upload-${++nextId}` }));
  const placeholders: JSONContent[] = jobs.flatMap(({ file, id }, index) => {
    const node = { type: 'uploadPlaceholder', attrs: { id, name: file.name } };
    return kind === 'attachment' && index < jobs.length - 1
      ? [node, { type: 'text', text: ' ' }]
      : [node];
  });
  // After the selection, not over it: a failed upload must not take the selected text with it.
  const at = pos ?? editor.state.selection.to;
  const inserted = editor.chain().focus().insertContentAt(at, placeholders).run();
  if (!inserted) return;

  const settle = (id: string, content: JSONContent | null) => {
    if (editor.isDestroyed) return;
    const at = findPlaceholder(editor.state.doc, id);
    // The user may have deleted the placeholder meanwhile: nothing to replace then.
    if (at === undefined) return;
    const range = { from: at, to: at + 1 };
    if (content) editor.chain().insertContentAt(range, content).run();
    else editor.chain().deleteRange(range).run();
  };

  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        const uploaded = await uploadEditorFile(ACTIONS[kind], job.file, job.file.name);
        settle(job.id, mediaContent(kind, uploaded));
      } catch (error) {
        settle(job.id, null);
        messages.failure(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, jobs.length) }, worker));
}

/** Dropped or pasted files: images go in as images, anything else as attachments. */
export async function uploadDropped(
  editor: Editor,
  files: File[],
  messages: Pick<EditorMessages, 'error' | 'failure'>,
  pos?: number,
): Promise<void> {
  if (files.length > ATTACHMENT_MAX_FILES) {
    messages.error(i18n.t('editor.error.tooManyFiles', { max: ATTACHMENT_MAX_FILES }));
    return;
  }
  const images = files.filter((file) => file.type.startsWith('image/'));
  const others = files.filter((file) => !file.type.startsWith('image/'));
  await Promise.all([
    uploadInto(editor, 'image', images, messages, pos),
    uploadInto(editor, 'attachment', others, messages, pos),
  ]);
}
