import type { CandidateItem, DeliveredPaper } from '@kaoshi/shared';

/** A question of the delivered paper with its place: numbered throughout, and its section. */
export interface PaperItem {
  item: CandidateItem;
  /** 1-based, throughout the paper. */
  number: number;
  /** Index in the whole paper. */
  index: number;
  section: number;
}

export function paperItems(paper: DeliveredPaper): PaperItem[] {
  const items: PaperItem[] = [];
  paper.sections.forEach((section, sectionIndex) => {
    for (const item of section.items) {
      items.push({ item, number: items.length + 1, index: items.length, section: sectionIndex });
    }
  });
  return items;
}
