/** Dialogs take the whole width of a phone (antd keeps a small margin) and a fixed width above. */
export const MODAL_WIDTH = { xs: '100%', sm: 560 };

/** Tables keep their columns readable and scroll sideways on narrow screens. */
export const TABLE_SCROLL = { x: 'max-content' as const };
