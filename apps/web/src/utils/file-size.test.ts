import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('says bytes, KB or MB, never "0 MB" for a small file', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(8704)).toBe('8.5 KB');
    expect(formatFileSize(1023 * 1024)).toBe('1023 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});
