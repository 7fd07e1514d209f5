/** A JSON column's value, or `fallback` when the text is not JSON (a row written by hand). */
export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
