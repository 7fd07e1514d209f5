/** The icon gallery (/icon/index). */
export default {
  searchPlaceholder: 'Search icons by name',
  hint: 'Click an icon to copy its code.',
  shown: 'Icons shown: {{count}}',
  copied: 'Copied {{code}}',
  copyFailed: 'Could not copy to the clipboard',
  noMatch: 'No icon matches your search',
} as const;
