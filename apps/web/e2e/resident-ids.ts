import fs from 'node:fs';
import path from 'node:path';
import { residentIdCheckChar } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { inject } from 'vitest';

// Students are unique by ID number. Files run two at a time against one server, so a number made
// from the clock can meet another file's (two fixtures 9 s apart collided in CI). Each number is
// claimed instead: an exclusive create of a file named by its index in the run's directory, which
// only one worker can win.
let nextIndex = 0;

/** An 18-digit resident ID number (area, a birth date from 1970 on, sequence) no other test of this run holds. */
export function claimResidentId(area = '320102'): string {
  const dir = inject('residentIdClaims');
  for (; ; nextIndex++) {
    try {
      fs.writeFileSync(path.join(dir, String(nextIndex)), '', { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const index = nextIndex++;
  const birth = dayjs('1970-01-01')
    .add(Math.floor(index / 1000), 'day')
    .format('YYYYMMDD');
  const first17 = `${area}${birth}${String(index % 1000).padStart(3, '0')}`;
  return `${first17}${residentIdCheckChar(first17)}`;
}
