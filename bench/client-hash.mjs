// The browser's password hash (packages/shared/src/password.ts), for scripts that run on plain Node.
import { createHash } from 'node:crypto';

export const clientPasswordHash = (plain) =>
  createHash('md5').update(`${plain}#kaoshi`, 'utf8').digest('hex');
