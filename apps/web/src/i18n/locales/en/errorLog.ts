/** The production error log (docs/spec.md §8) and the fallback shown when a page fails to render. */
export default {
  title: 'Error log',
  columns: { message: 'Message', url: 'Page', info: 'Info', time: 'Time' },
  stack: 'Stack trace',
  clear: 'Clear the log',
  empty: 'No errors recorded',
  boundary: {
    title: 'Something went wrong on this page',
    text: 'Reload the page to continue. If it happens again, please tell your administrator.',
    reload: 'Reload the page',
  },
} as const;
