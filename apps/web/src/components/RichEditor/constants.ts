/**
 * The editor's own constants (docs/spec.md §5, §8, §9 and docs/features/rich-text.md). Every number the editor uses lives
 * here, so the spec can be checked against one file.
 */

/** docs/spec.md §5: the main editor refuses input beyond this many characters. */
export const EDITOR_MAX_CHARS = 1_000_000;
/** docs/spec.md §5: word count default maximum. */
export const WORD_COUNT_MAX = 10_000;

/**
 * The editor's own floating layers (pickers, popovers, fullscreen). They are rendered inside the
 * editor's element, which makes no stacking context of its own, so inside an antd Modal (z-index
 * 1000) they stack within the dialog's context and stay above it.
 */
export const EDITOR_Z_INDEX = 150;

/** docs/spec.md §8: editor messages stay 4000 ms; the autosave "saved" message 2 s. */
export const EDITOR_MESSAGE_MS = 4000;
export const AUTOSAVE_MESSAGE_MS = 2000;

export const INDENT = '2.6em';
/** Font sizes in px: 10 to 28, then 30 and 36. */
export const FONT_SIZES: readonly number[] = [
  ...Array.from({ length: 19 }, (_, i) => 10 + i),
  30,
  36,
];

/** Link previews longer than LINK_PREVIEW_MAX are cut to LINK_PREVIEW_CUT characters plus '…'. */
export const LINK_PREVIEW_MAX = 30;
export const LINK_PREVIEW_CUT = 20;
export const LINK_DEFAULT_PROTOCOL = 'http://';

/** Tab inserts this many non-breaking spaces. */
export const TAB_SPACES = 4;

export const VIDEO_SIZE = { width: 420, height: 280 } as const;
export const MUSIC_SIZE = { width: 400, height: 95 } as const;

/** A plain click on the table button inserts this table (cells aligned to the top). */
export const TABLE_DEFAULT = { rows: 5, cols: 5 } as const;
/** docs/spec.md §5: tables hold at most 100 rows and 20 columns. */
export const TABLE_MAX = { rows: 100, cols: 20 } as const;
/** docs/spec.md §5: the size picker starts at 10 × 10 and grows up to 20 × 20. */
export const TABLE_PICKER_DEFAULT = { rows: 10, cols: 10 } as const;
export const TABLE_PICKER_MAX = { rows: 20, cols: 20 } as const;
/** Column resize: drag within 10 px of a cell edge; columns keep at least 5 px. */
export const TABLE_RESIZE_EDGE = 10;
export const TABLE_RESIZE_MIN = 5;

/** Draft autosave: at most every 500 ms, never two saves closer than 20 ms. */
export const AUTOSAVE_INTERVAL_MS = 500;
export const AUTOSAVE_MIN_GAP_MS = 20;

/** Images get a handle on each corner and each side. */
export const IMAGE_HANDLES = 8;
export const IMAGE_MIN_SIZE = 16;

/** Auto-height leaves this much room below the last line. */
export const AUTO_HEIGHT_PADDING = 25;
export const DEFAULT_MIN_HEIGHT = 240;

export const CUSTOM_STYLE_COUNT = 4;
export const FORMULA_DIALOG = { width: 783, height: 386 } as const;

/** docs/spec.md §9: attachments, up to 100 files at once. */
export const ATTACHMENT_MAX_FILES = 100;

/** The event the editor element fires when remote image capture fails (docs/spec.md §8). */
export const CATCH_REMOTE_ERROR_EVENT = 'kaoshi-editor:catch-remote-error';
