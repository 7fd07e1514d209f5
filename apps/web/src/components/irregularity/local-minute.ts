/** An instant in the browser's time zone, to the minute: "2026-06-01 09:05". */
export const localMinute = (iso: string) => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
};
