import { Subscript } from '@tiptap/extension-subscript';
import { Superscript } from '@tiptap/extension-superscript';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Alert, App, Button, ConfigProvider, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml, sanitizePastedHtml } from '../../utils/sanitize-html';
import {
  AUTOSAVE_MESSAGE_MS,
  AUTO_HEIGHT_PADDING,
  DEFAULT_MIN_HEIGHT,
  EDITOR_MAX_CHARS,
  EDITOR_MESSAGE_MS,
  EDITOR_Z_INDEX,
  TABLE_MAX,
  TABLE_RESIZE_EDGE,
  TABLE_RESIZE_MIN,
  WORD_COUNT_MAX,
} from './constants';
import { AttachmentLink } from './extensions/attachment-link';
import { EditorImage } from './extensions/image';
import { Indent } from './extensions/indent';
import { Limits, type LimitRefusal } from './extensions/limits';
import { Audio, Video } from './extensions/media';
import { ListNumbers } from './extensions/list-numbers';
import { TabSpaces } from './extensions/tab-spaces';
import { TableCellAlign } from './extensions/table-cell-align';
import { PLACEHOLDER_CLASS, UploadPlaceholder } from './extensions/upload-placeholder';
import { EDITOR_FEATURES } from './features';
import { LinkBubble } from './LinkBubble';
import { LinkDialog } from './LinkDialog';
import { uploadDropped, uploadInto, type MediaKind } from './media-upload';
import { useEditorMessage, type EditorMessages } from './messages';
import { captureRemoteImages, isRemoteImage } from './remote-capture';
import { htmlLimitRefusal, formatSource } from './source';
import { Toolbar } from './Toolbar';
import { ValueSync } from './value-sync';
import { countWords } from './word-count';
import {
  clearEditorDraft,
  createAutosaver,
  readDraft,
  writeDraft,
  type Autosaver,
  type EditorDraft,
} from './autosave';
import '../rich-content.css';
import './RichEditor.css';

export interface RichEditorProps {
  /** HTML. */
  value?: string;
  /** Sanitized HTML; '' when the document is empty. */
  onChange?: (html: string) => void;
  placeholder?: string;
  /** px; the editor grows beyond it with its content. */
  minHeight?: number;
  /** Default 10000; beyond it the count turns red and onValidity(false) is called. */
  maxWords?: number;
  onValidity?: (ok: boolean) => void;
  /** Drafts are kept in this browser under this key; off when not given. */
  autosaveKey?: string;
  /** One row of the most used tools, for short fields such as answer options. */
  compact?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

const EMPTY_PLACEHOLDER = new RegExp(`<span class="${PLACEHOLDER_CLASS}"></span>`, 'g');

/**
 * Nothing but blank paragraphs: the field is empty (a required field stays unfilled). A table,
 * a rule or an image, even without text, is content.
 */
function isBlank(editor: Editor): boolean {
  let blank = true;
  editor.state.doc.descendants((node) => {
    if (!blank) return false;
    if (node.isText) blank = !node.text?.trim();
    else if (node.type.name !== 'paragraph' && node.type.name !== 'hardBreak') blank = false;
    return blank;
  });
  return blank;
}

/** What leaves the editor: sanitized, without upload placeholders, '' when empty. */
function outputHtml(editor: Editor): string {
  if (isBlank(editor)) return '';
  return sanitizeHtml(editor.getHTML()).replace(EMPTY_PLACEHOLDER, '');
}

/**
 * What the editor's plugins call. The editor is created once, so they cannot close over props:
 * the component keeps this object up to date instead.
 */
class EditorBridge {
  editor?: Editor;
  onChange?: (html: string) => void;
  refuse: (refusal: LimitRefusal) => void = () => undefined;
  messages: EditorMessages = {
    error: () => undefined,
    success: () => undefined,
    failure: () => undefined,
  };
  autosaver?: Autosaver;
  placeholder = '';
  /** Which values coming in through `value` are the editor's own reports coming back. */
  readonly sync = new ValueSync();

  update(
    fields: Partial<
      Pick<
        EditorBridge,
        'editor' | 'onChange' | 'refuse' | 'messages' | 'autosaver' | 'placeholder'
      >
    >,
  ) {
    Object.assign(this, fields);
  }

  /** Reports the content once per change. */
  emit(html: string) {
    if (!this.sync.report(html)) return;
    this.onChange?.(html);
    this.autosaver?.change(html);
  }

  capture(html: string) {
    if (this.editor) void captureRemoteImages(this.editor, html, this.messages);
  }

  drop(files: File[], pos?: number): boolean {
    if (!this.editor) return false;
    void uploadDropped(this.editor, files, this.messages, pos);
    return true;
  }
}

/** Keeps an event of the editor's own dialogs from the form around the editor. */
const stopAtEditor = (event: SyntheticEvent) => event.stopPropagation();

/** The last part of an image address, readable (a malformed escape is shown as it is). */
function fileNameOf(src: string): string {
  const name = src.split(/[?#]/)[0]!.split('/').pop() || src;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** At most one message per kind of refusal while the previous one still shows. */
function useRefusalMessages() {
  const { t } = useTranslation();
  const messages = useEditorMessage();
  const shownAt = useRef<Partial<Record<LimitRefusal, number>>>({});
  return (refusal: LimitRefusal) => {
    const now = Date.now();
    if (now - (shownAt.current[refusal] ?? -Infinity) < EDITOR_MESSAGE_MS) return;
    shownAt.current[refusal] = now;
    if (refusal === 'chars') {
      messages.error(t('editor.error.tooLong', { max: EDITOR_MAX_CHARS.toLocaleString() }));
    } else if (refusal === 'rows') {
      messages.error(t('editor.table.tooManyRows', { max: TABLE_MAX.rows }));
    } else {
      messages.error(t('editor.table.tooManyColumns', { max: TABLE_MAX.cols }));
    }
  };
}

/**
 * The rich-text editor (TipTap): value/onChange as an antd Form control, HTML sanitized in and
 * out. Load it through LazyRichEditor so its code is fetched only where it is used.
 */
export default function RichEditor(props: RichEditorProps) {
  const { value, disabled = false, id, 'aria-label': ariaLabel } = props;
  const { t } = useTranslation();
  // The editor is created once; its plugins reach the latest props and the editor through this.
  const live = useMemo(() => new EditorBridge(), []);
  const editor = useEditor({
    // Created once mounted, never during a render: an editor made while rendering is destroyed
    // and made again from the last rendered value whenever its effects run late (a busy page,
    // the first open), and with it went whatever had been typed into it meanwhile.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'http',
          HTMLAttributes: { target: null, rel: null },
        },
        codeBlock: false,
      }),
      TextStyle,
      FontSize,
      Color,
      BackgroundColor,
      Subscript,
      Superscript,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Indent,
      TabSpaces,
      ListNumbers,
      TableKit.configure({
        table: {
          resizable: true,
          handleWidth: TABLE_RESIZE_EDGE,
          cellMinWidth: TABLE_RESIZE_MIN,
          allowTableNodeSelection: true,
        },
      }),
      TableCellAlign,
      EditorImage.configure({
        onLoadError: (src: string) =>
          live.messages.error(t('editor.image.loadFailed', { name: fileNameOf(src) })),
      }),
      Video,
      Audio,
      AttachmentLink,
      UploadPlaceholder,
      CharacterCount.configure({ wordCounter: countWords }),
      Limits.configure({
        maxChars: EDITOR_MAX_CHARS,
        onRefuse: (refusal) => live.refuse(refusal),
      }),
      Placeholder.configure({ placeholder: () => live.placeholder }),
      ...EDITOR_FEATURES.flatMap((feature) => feature.extensions ?? []),
    ],
    content: value ? sanitizeHtml(value) : '',
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'ke-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
      transformPastedHTML: (html) => {
        const clean = sanitizePastedHtml(html, (src) =>
          isRemoteImage(src, window.location.host, []),
        );
        // After the paste has landed, its remote images are copied to our server.
        setTimeout(() => live.capture(clean));
        return clean;
      },
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        const files = [...(data?.files ?? [])];
        // Office programs put a picture of the copied text beside its HTML: keep the HTML then.
        if (files.length === 0 || data?.getData('text/html')) return false;
        return live.drop(files);
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (moved || files.length === 0) return false;
        event.preventDefault();
        return live.drop(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
      },
    },
    onUpdate: ({ editor: current }) => live.emit(outputHtml(current)),
  });
  if (!editor) return <EditorPending {...props} />;
  return <EditorFrame {...props} editor={editor} live={live} />;
}

/** The frame's place while the editor is being created, as tall as the frame. */
function EditorPending({ minHeight = DEFAULT_MIN_HEIGHT }: RichEditorProps) {
  return (
    <div
      className="ke-pending"
      style={{ ['--ke-min-height' as string]: `${minHeight}px` }}
      aria-busy="true"
    />
  );
}

interface EditorFrameProps extends RichEditorProps {
  editor: Editor;
  live: EditorBridge;
}

/** Toolbar, text, source mode, drafts and counts around a created editor. */
function EditorFrame({
  editor,
  live,
  value,
  onChange,
  placeholder,
  minHeight = DEFAULT_MIN_HEIGHT,
  maxWords = WORD_COUNT_MAX,
  onValidity,
  autosaveKey,
  compact = false,
  disabled = false,
}: EditorFrameProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const messages = useEditorMessage();
  const refuse = useRefusalMessages();
  const rootRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [sourceMode, setSourceMode] = useState(false);
  const [source, setSource] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [savedVisible, setSavedVisible] = useState(false);

  useLayoutEffect(() => {
    live.update({ onChange, refuse, messages });
  });
  const shownPlaceholder = placeholder ?? t('editor.placeholder');

  const [draft, setDraft] = useState<EditorDraft | undefined>(() => {
    if (!autosaveKey) return undefined;
    const found = readDraft(autosaveKey);
    const current = value ? sanitizeHtml(value) : '';
    return found && found.html && found.html !== current ? found : undefined;
  });

  const autosaver = useMemo(
    () =>
      autosaveKey
        ? createAutosaver((html) => {
            if (writeDraft(autosaveKey, html)) setSavedVisible(true);
          })
        : undefined,
    [autosaveKey],
  );
  useEffect(() => () => autosaver?.flush(), [autosaver]);
  useEffect(() => {
    if (!savedVisible) return;
    const timer = setTimeout(() => setSavedVisible(false), AUTOSAVE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedVisible]);
  useLayoutEffect(() => {
    live.update({ autosaver });
  }, [live, autosaver]);

  useLayoutEffect(() => {
    live.update({ editor });
  }, [live, editor]);
  // The placeholder follows its prop (a question's type changes it) and the language.
  useLayoutEffect(() => {
    live.update({ placeholder: shownPlaceholder });
    if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  }, [live, editor, shownPlaceholder]);
  const emit = (html: string) => live.emit(html);

  // A value from outside (a loaded question, a form reset) replaces the content; the editor's
  // own reports coming back, however late, never do.
  const mark = live.sync.mark();
  useEffect(() => {
    if (value === undefined || !live.sync.accept(value, mark)) return;
    const clean = value ? sanitizeHtml(value) : '';
    if (clean === outputHtml(editor)) return;
    editor.commands.setContent(clean, { emitUpdate: false });
  }, [value, mark, editor, live]);

  useEffect(() => {
    editor.setEditable(!disabled && !sourceMode, false);
  }, [editor, disabled, sourceMode]);

  const counts = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      words: current.storage.characterCount.words() as number,
      chars: current.storage.characterCount.characters() as number,
    }),
  });
  const overWords = counts.words > maxWords;
  useEffect(() => {
    onValidity?.(!overWords);
  }, [overWords, onValidity]);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  const toggleSource = () => {
    if (!sourceMode) {
      setSource(formatSource(outputHtml(editor)));
      setSourceMode(true);
      return;
    }
    const clean = sanitizeHtml(source);
    const refusal = htmlLimitRefusal(clean);
    if (refusal) {
      refuse(refusal);
      return;
    }
    editor.commands.setContent(clean, { emitUpdate: false });
    emit(outputHtml(editor));
    setSourceMode(false);
    editor.commands.focus('end');
  };

  const clearDocument = () => {
    modal.confirm({
      title: t('editor.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        if (sourceMode) {
          setSource('');
          emit('');
        } else {
          editor.chain().clearContent(true).focus().run();
        }
      },
    });
  };

  const upload = (kind: MediaKind, files: File[]) => void uploadInto(editor, kind, files, messages);

  const restoreDraft = () => {
    if (!draft) return;
    editor.commands.setContent(sanitizeHtml(draft.html), { emitUpdate: false });
    emit(outputHtml(editor));
    setDraft(undefined);
  };
  const discardDraft = () => {
    if (autosaveKey) clearEditorDraft(autosaveKey);
    setDraft(undefined);
  };

  const className = [
    'ke-root',
    compact ? 'ke-compact' : '',
    fullscreen ? 'ke-fullscreen' : '',
    disabled ? 'ke-disabled' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={rootRef}
      className={className}
      // The editor's dialogs (formula, link, find and replace...) are portals, and React passes a
      // portal's events up its own tree: a dialog's submit or reset would reach the form around
      // the editor and save or clear it. They end here, whatever the dialog.
      onSubmit={stopAtEditor}
      onReset={stopAtEditor}
      style={{
        ['--ke-min-height' as string]: `${minHeight}px`,
        ['--ke-bottom-padding' as string]: `${AUTO_HEIGHT_PADDING}px`,
        ['--ke-layer' as string]: EDITOR_Z_INDEX,
      }}
    >
      <ConfigProvider getPopupContainer={() => rootRef.current ?? document.body}>
        <Toolbar
          editor={editor}
          compact={compact}
          disabled={disabled}
          sourceMode={sourceMode}
          fullscreen={fullscreen}
          features={EDITOR_FEATURES}
          onUpload={upload}
          onLink={() => setLinkOpen(true)}
          onSource={toggleSource}
          onClear={clearDocument}
          onFullscreen={() => setFullscreen((on) => !on)}
        />
        {draft && (
          <Alert
            className="ke-draft"
            type="info"
            showIcon
            title={t('editor.autosave.found', {
              time: dayjs(draft.savedAt).format('YYYY-MM-DD HH:mm:ss'),
            })}
            action={
              <span className="ke-draft-actions">
                <Button size="small" type="primary" onClick={restoreDraft}>
                  {t('editor.autosave.restore')}
                </Button>
                <Button size="small" onClick={discardDraft}>
                  {t('editor.autosave.discard')}
                </Button>
              </span>
            }
          />
        )}
        <div className="ke-body" ref={bodyRef}>
          <EditorContent editor={editor} className={sourceMode ? 'ke-hidden' : undefined} />
          {sourceMode && (
            <Input.TextArea
              className="ke-source"
              aria-label={t('editor.sourceLabel')}
              value={source}
              spellCheck={false}
              autoSize={{ minRows: 8 }}
              onChange={(event) => {
                setSource(event.target.value);
                emit(sanitizeHtml(event.target.value));
              }}
            />
          )}
          <LinkBubble editor={editor} containerRef={bodyRef} onEdit={() => setLinkOpen(true)} />
        </div>
        <div className="ke-footer" aria-live="polite">
          <span className="ke-footer-status">{savedVisible ? t('editor.autosave.saved') : ''}</span>
          <span className={overWords ? 'ke-count ke-count-over' : 'ke-count'}>
            {t('editor.count.words', { count: counts.words, max: maxWords })}
            {!compact && (
              <span className="ke-count-chars">
                {t('editor.count.chars', { count: counts.chars })}
              </span>
            )}
          </span>
        </div>
        {linkOpen && <LinkDialog editor={editor} onClose={() => setLinkOpen(false)} />}
      </ConfigProvider>
    </div>
  );
}
