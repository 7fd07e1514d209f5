/** The menu search of the navbar. */
export default {
  open: 'Search the menu',
  placeholder: 'Search the menu',
  /** Only shown in Chinese with pinyin search on (settings). */
  placeholderPinyin: 'Search the menu (pinyin works too)',
  noMatch: 'No menu item matches',
} as const;
