import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  CodeOutlined,
  CustomerServiceOutlined,
  DeleteOutlined,
  FormatPainterOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  PaperClipOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { AUDIO_EXTENSIONS, UPLOAD_EXTENSIONS, VIDEO_EXTENSIONS } from '@kaoshi/shared';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Select } from 'antd';
import { Fragment, useRef, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorTool } from './ColorTool';
import { EDITOR_Z_INDEX, FONT_SIZES } from './constants';
import type { EditorFeature } from './feature';
import type { MediaKind } from './media-upload';
import { TableTool } from './TableTool';
import { ToolButton } from './ToolButton';

export interface ToolbarProps {
  editor: Editor;
  compact: boolean;
  disabled: boolean;
  sourceMode: boolean;
  fullscreen: boolean;
  features: readonly EditorFeature[];
  onUpload: (kind: MediaKind, files: File[]) => void;
  onLink: () => void;
  onSource: () => void;
  onClear: () => void;
  onFullscreen: () => void;
}

const ALIGNS = ['left', 'center', 'right', 'justify'] as const;
const HEADINGS = [1, 2, 3, 4, 5, 6] as const;

const ACCEPT: Record<MediaKind, string> = {
  image: UPLOAD_EXTENSIONS.image.join(','),
  video: VIDEO_EXTENSIONS.join(','),
  audio: [...AUDIO_EXTENSIONS, '.ogg', '.webm'].join(','),
  attachment: UPLOAD_EXTENSIONS.file.join(','),
};

/** Subscript and superscript have no antd icon: the usual x₂ / x² glyphs stand in. */
function Glyph({ children }: { children: ReactNode }) {
  return <span className="ke-glyph">{children}</span>;
}

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      block: e.isActive('heading') ? `h${String(e.getAttributes('heading').level)}` : 'p',
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      subscript: e.isActive('subscript'),
      superscript: e.isActive('superscript'),
      align: ALIGNS.find((align) => e.isActive({ textAlign: align })) ?? 'left',
      indented:
        !!e.getAttributes('paragraph').textIndent || !!e.getAttributes('heading').textIndent,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
    }),
  });
}

/**
 * The editor's toolbar: antd buttons with tooltips, in groups, wrapping on narrow screens. The
 * compact toolbar has only the most used tools, for short fields: one row where there is room,
 * wrapped on a phone rather than cut at the field's edge.
 */
export function Toolbar(props: ToolbarProps) {
  const { editor, compact, disabled, sourceMode, fullscreen, features } = props;
  const { t } = useTranslation();
  const state = useToolbarState(editor);
  const inputs = useRef<Partial<Record<MediaKind, HTMLInputElement | null>>>({});
  const off = disabled || sourceMode;
  const chain = () => editor.chain().focus();

  const pick = (kind: MediaKind) => inputs.current[kind]?.click();
  const picked = (kind: MediaKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) props.onUpload(kind, files);
  };

  const groups: ReactNode[][] = [];
  const history = [
    <ToolButton
      key="undo"
      name="undo"
      label={t('editor.undo')}
      icon={<UndoOutlined />}
      disabled={off || !state.canUndo}
      onClick={() => chain().undo().run()}
    />,
    <ToolButton
      key="redo"
      name="redo"
      label={t('editor.redo')}
      icon={<RedoOutlined />}
      disabled={off || !state.canRedo}
      onClick={() => chain().redo().run()}
    />,
  ];
  const popup = { root: { zIndex: EDITOR_Z_INDEX } };
  const formats = [
    <Select
      key="block"
      size="small"
      className="ke-select ke-select-block"
      aria-label={t('editor.blockType')}
      data-tool="block"
      value={state.block}
      disabled={off}
      popupMatchSelectWidth={false}
      styles={{ popup }}
      onChange={(value: string) => {
        if (value === 'p') chain().setParagraph().run();
        else
          chain()
            .setHeading({ level: Number(value.slice(1)) as 1 })
            .run();
      }}
      options={[
        { value: 'p', label: t('editor.paragraph') },
        ...HEADINGS.map((level) => ({
          value: `h${level}`,
          label: t('editor.heading', { level }),
        })),
      ]}
    />,
    <Select
      key="fontSize"
      size="small"
      className="ke-select ke-select-size"
      aria-label={t('editor.fontSize')}
      data-tool="fontSize"
      value={state.fontSize || undefined}
      placeholder={t('editor.fontSize')}
      disabled={off}
      popupMatchSelectWidth={false}
      styles={{ popup }}
      onChange={(value: string) =>
        value ? chain().setFontSize(value).run() : chain().unsetFontSize().run()
      }
      options={[
        { value: '', label: t('editor.fontSizeDefault') },
        ...FONT_SIZES.map((size) => ({ value: `${size}px`, label: `${size}px` })),
      ]}
    />,
  ];
  const marks = [
    <ToolButton
      key="bold"
      name="bold"
      label={t('editor.bold')}
      icon={<BoldOutlined />}
      active={state.bold}
      disabled={off}
      onClick={() => chain().toggleBold().run()}
    />,
    <ToolButton
      key="italic"
      name="italic"
      label={t('editor.italic')}
      icon={<ItalicOutlined />}
      active={state.italic}
      disabled={off}
      onClick={() => chain().toggleItalic().run()}
    />,
    <ToolButton
      key="underline"
      name="underline"
      label={t('editor.underline')}
      icon={<UnderlineOutlined />}
      active={state.underline}
      disabled={off}
      onClick={() => chain().toggleUnderline().run()}
    />,
    <ToolButton
      key="strike"
      name="strike"
      label={t('editor.strike')}
      icon={<StrikethroughOutlined />}
      active={state.strike}
      disabled={off}
      onClick={() => chain().toggleStrike().run()}
    />,
    <ToolButton
      key="subscript"
      name="subscript"
      label={t('editor.subscript')}
      // i18n-ignore
      icon={<Glyph>x₂</Glyph>}
      active={state.subscript}
      disabled={off}
      onClick={() => chain().toggleSubscript().run()}
    />,
    <ToolButton
      key="superscript"
      name="superscript"
      label={t('editor.superscript')}
      // i18n-ignore
      icon={<Glyph>x²</Glyph>}
      active={state.superscript}
      disabled={off}
      onClick={() => chain().toggleSuperscript().run()}
    />,
    <ColorTool key="color" editor={editor} kind="color" disabled={off} />,
    <ColorTool key="background" editor={editor} kind="background" disabled={off} />,
    <ToolButton
      key="clearFormat"
      name="clearFormat"
      label={t('editor.clearFormat')}
      icon={<FormatPainterOutlined />}
      disabled={off}
      onClick={() => chain().unsetAllMarks().run()}
    />,
  ];
  const alignIcons = {
    left: <AlignLeftOutlined />,
    center: <AlignCenterOutlined />,
    right: <AlignRightOutlined />,
    justify: <MenuOutlined />,
  };
  const alignLabels = {
    left: t('editor.alignLeft'),
    center: t('editor.alignCenter'),
    right: t('editor.alignRight'),
    justify: t('editor.alignJustify'),
  };
  const paragraph = [
    ...ALIGNS.map((align) => (
      <ToolButton
        key={align}
        name={`align-${align}`}
        label={alignLabels[align]}
        icon={alignIcons[align]}
        active={state.align === align}
        disabled={off}
        onClick={() => chain().setTextAlign(align).run()}
      />
    )),
    <ToolButton
      key="indent"
      name="indent"
      label={t('editor.indent')}
      icon={<MenuUnfoldOutlined />}
      active={state.indented}
      disabled={off}
      onClick={() => chain().indent().run()}
    />,
    <ToolButton
      key="outdent"
      name="outdent"
      label={t('editor.outdent')}
      icon={<MenuFoldOutlined />}
      disabled={off || !state.indented}
      onClick={() => chain().outdent().run()}
    />,
  ];
  const blocks = [
    <ToolButton
      key="bulletList"
      name="bulletList"
      label={t('editor.bulletList')}
      icon={<UnorderedListOutlined />}
      active={state.bulletList}
      disabled={off}
      onClick={() => chain().toggleBulletList().run()}
    />,
    <ToolButton
      key="orderedList"
      name="orderedList"
      label={t('editor.orderedList')}
      icon={<OrderedListOutlined />}
      active={state.orderedList}
      disabled={off}
      onClick={() => chain().toggleOrderedList().run()}
    />,
    <ToolButton
      key="blockquote"
      name="blockquote"
      label={t('editor.blockquote')}
      // i18n-ignore
      icon={<Glyph>❝</Glyph>}
      active={state.blockquote}
      disabled={off}
      onClick={() => chain().toggleBlockquote().run()}
    />,
    <ToolButton
      key="hr"
      name="hr"
      label={t('editor.hr')}
      icon={<LineOutlined />}
      disabled={off}
      onClick={() => chain().setHorizontalRule().run()}
    />,
  ];
  const link = (
    <ToolButton
      key="link"
      name="link"
      label={t('editor.link.button')}
      icon={<LinkOutlined />}
      active={state.link}
      disabled={off}
      onClick={props.onLink}
    />
  );
  const mediaButton = (kind: MediaKind, label: string, icon: ReactNode) => (
    <ToolButton
      key={kind}
      name={kind}
      label={label}
      icon={icon}
      disabled={off}
      onClick={() => pick(kind)}
    />
  );
  const image = mediaButton('image', t('editor.image.button'), <PictureOutlined />);
  const media = [
    <TableTool key="table" editor={editor} inTable={state.inTable} disabled={off} />,
    image,
    mediaButton('video', t('editor.video.button'), <VideoCameraOutlined />),
    mediaButton('audio', t('editor.music.button'), <CustomerServiceOutlined />),
    mediaButton('attachment', t('editor.attachment.button'), <PaperClipOutlined />),
  ];
  const tools = features
    .filter((feature) => feature.Tool && (!compact || feature.inCompact))
    .map((feature) => {
      const Tool = feature.Tool!;
      return <Tool key={feature.name} editor={editor} compact={compact} />;
    });
  const view = [
    <ToolButton
      key="source"
      name="source"
      label={t('editor.source')}
      icon={<CodeOutlined />}
      active={sourceMode}
      disabled={disabled}
      onClick={props.onSource}
    />,
    ...(compact
      ? []
      : [
          <ToolButton
            key="clear"
            name="clear"
            label={t('editor.clear')}
            icon={<DeleteOutlined />}
            disabled={off}
            onClick={props.onClear}
          />,
          <ToolButton
            key="fullscreen"
            name="fullscreen"
            label={fullscreen ? t('editor.exitFullscreen') : t('editor.fullscreen')}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            active={fullscreen}
            onClick={props.onFullscreen}
          />,
        ]),
  ];

  if (compact) {
    groups.push(marks.slice(0, 7), [link, image], tools, view);
  } else {
    groups.push(history, formats, marks, paragraph, blocks, [link, ...media], tools, view);
  }

  return (
    <div className="ke-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {groups
        .filter((group) => group.length > 0)
        .map((group, index) => (
          <Fragment key={index}>
            {index > 0 && <span className="ke-separator" aria-hidden />}
            <span className="ke-group">{group}</span>
          </Fragment>
        ))}
      {(['image', 'video', 'audio', 'attachment'] as const).map((kind) => (
        <input
          key={kind}
          ref={(input) => {
            inputs.current[kind] = input;
          }}
          type="file"
          // antd's form styles show file inputs (display: block), which beats the hidden attribute.
          style={{ display: 'none' }}
          accept={ACCEPT[kind]}
          multiple={kind === 'image' || kind === 'attachment'}
          data-upload={kind}
          onChange={picked(kind)}
        />
      ))}
    </div>
  );
}
