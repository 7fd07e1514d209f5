const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’_-][\p{L}\p{N}]+)*/gu;

/** Each CJK character (kana, hangul) is one word, as is each run of other letters or digits. */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const others = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return cjk + others;
}
