import { OPTION_KEYS, QuestionType, type CandidateItem } from '@kaoshi/shared';
import { seededRandom } from '../paper/draw.js';
import { candidateItem, itemsFor } from '../paper/candidate-view.js';
import type { PaperSnapshot, SnapshotItem } from '../paper/paper-version.js';

/** One question as this candidate sits it. */
export interface VariantItem {
  item: SnapshotItem;
  /** Hundredths of a point. */
  score: number;
  /** The letter shown to the candidate → the option's key in the paper; none when not shuffled. */
  toPaperKey: Map<string, string> | null;
}

/** A paper as one candidate sits it: their questions, order and option letters, from the seed. */
export interface Variant {
  sections: { title: string; description: string; items: VariantItem[] }[];
  byItemId: Map<string, VariantItem>;
  itemCount: number;
}

export interface VariantPolicy {
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
}

/** Fisher–Yates with a seeded generator: the same seed always gives the same order. */
function shuffled<T>(values: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const isChoice = (type: number) => type === QuestionType.SINGLE || type === QuestionType.MULTIPLE;

export function buildVariant(
  snapshot: PaperSnapshot,
  seed: string,
  policy: VariantPolicy,
): Variant {
  const drawn = itemsFor(snapshot, seed);
  const byItemId = new Map<string, VariantItem>();
  const sections = snapshot.sections.map((section, s) => {
    const ordered = policy.shuffleQuestions ? shuffled(drawn[s]!, `${seed}/order/${s}`) : drawn[s]!;
    const items = ordered.map(({ item, score }) => {
      let toPaperKey: Map<string, string> | null = null;
      if (policy.shuffleOptions && isChoice(item.type) && item.options.length > 1) {
        const order = shuffled(item.options, `${seed}/options/${item.itemId}`);
        toPaperKey = new Map(order.map((option, i) => [OPTION_KEYS[i]!, option.key]));
      }
      const variantItem = { item, score, toPaperKey };
      byItemId.set(item.itemId, variantItem);
      return variantItem;
    });
    return { title: section.title, description: section.description, items };
  });
  return { sections, byItemId, itemCount: byItemId.size };
}

/** The question as delivered: shuffled options carry the letters this candidate sees. */
export function deliveredItem({ item, score, toPaperKey }: VariantItem): CandidateItem {
  const delivered = candidateItem(item, score);
  if (!toPaperKey) return delivered;
  const contentOf = new Map(item.options.map((option) => [option.key, option.content]));
  return {
    ...delivered,
    options: [...toPaperKey].map(([shown, key]) => ({ key: shown, content: contentOf.get(key)! })),
  };
}

/** Letters as the candidate sees them ↔ keys of the paper, for choice answers ('ACD'). */
export function toPaperLetters(variantItem: VariantItem, letters: string): string {
  const map = variantItem.toPaperKey;
  if (!map) return letters;
  return [...letters]
    .map((letter) => map.get(letter) ?? letter)
    .sort()
    .join('');
}

export function toShownLetters(variantItem: VariantItem, keys: string): string {
  const map = variantItem.toPaperKey;
  if (!map) return keys;
  const back = new Map([...map].map(([shown, key]) => [key, shown]));
  return [...keys]
    .map((key) => back.get(key) ?? key)
    .sort()
    .join('');
}
