import { messagesFromFiles } from '../../namespaces';
import type { Messages } from '../../types';

// Every file beside this one is a namespace named after the file, typed as that namespace of
// Messages; English's index lists them by hand because its shape is the type.
export default messagesFromFiles(
  import.meta.glob<Messages[keyof Messages]>(['./*.ts', '!./index.ts', '!./first.ts'], {
    eager: true,
    import: 'default',
  }),
);
