/** "1 job type", "3 job types". */
export const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
