import type { Messages } from '../../types';

// Every file beside this one is a namespace named after the file, typed as that namespace of
// Messages; English's index lists them by hand because its shape is the type.
const files = import.meta.glob<Messages[keyof Messages]>(['./*.ts', '!./index.ts'], {
  eager: true,
  import: 'default',
});

const messages = Object.fromEntries(
  Object.entries(files).map(([file, namespace]) => [file.slice(2, -3), namespace]),
) as Messages;

export default messages;
