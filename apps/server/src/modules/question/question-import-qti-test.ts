import {
  PAPER_DESCRIPTION_MAX,
  PAPER_NAME_MAX,
  PAPER_SECTION_MAX,
  PAPER_SECTION_TITLE_MAX,
} from '@kaoshi/shared';
import {
  attr,
  elementsOf,
  firstOf,
  packagePath,
  parseXml,
  textOf,
  type QtiTestFile,
  type XmlElement,
} from './question-import-qti-package.js';
import { decodeText } from './question-import-read.js';

/**
 * A QTI test (2.1 / 2.2 `assessmentTest`, 3.0 `qti-assessment-test`) read as the draft paper it
 * becomes:
 *
 *   <assessmentTest identifier="T" title="Electrical basics">
 *     <timeLimits maxTime="3600"/>
 *     <testPart identifier="P1" navigationMode="linear" submissionMode="individual">
 *       <assessmentSection identifier="S1" title="Choices" visible="true">
 *         <rubricBlock view="candidate"><p>Pick one answer.</p></rubricBlock>
 *         <assessmentItemRef identifier="I1" href="items/safe-voltage.xml">
 *           <weight identifier="WEIGHT" value="2"/>
 *         </assessmentItemRef> …
 *
 * Every top-level section of every test part, in order, becomes a part of the paper (its title,
 * its candidate rubric as the part's description); the items of sections inside it join it in
 * order. An item's weight is the one the outcome processing names (`weightIdentifier`), else
 * its only weight, else 1. What a Kaoshi paper cannot hold (selection, shuffling, pre-conditions
 * and branching, item session control, time limits per part) is noted, in English like the
 * questions' problems, and left out.
 */

export interface QtiTestRef {
  /** The item's path in the package. */
  path: string;
  /** The ref's identifier in the test. */
  identifier: string;
  weight: number;
}

export interface QtiTestSection {
  title: string;
  description: string;
  refs: QtiTestRef[];
}

export interface QtiTest {
  title: string;
  sections: QtiTestSection[];
  /** The test's time limit in minutes, when it declares one. */
  durationMinutes: number | null;
  notes: string[];
}

/** Seconds of a timeLimits' maxTime, when it has one. */
const maxTimeOf = (node: XmlElement | undefined) => {
  const seconds = Number(attr(firstOf(node, 'timeLimits'), 'maxTime'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};

const clip = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/** itemSessionControl attributes and the values Kaoshi's one attempt per question matches. */
const SESSION_DEFAULTS: Record<string, string[]> = {
  maxAttempts: ['1', '0'],
  showFeedback: ['false'],
  allowReview: ['true'],
  showSolution: ['false'],
  allowComment: ['false'],
  allowSkipping: ['true'],
  validateResponses: ['false'],
};

class TestReader {
  readonly notes = new Set<string>();
  private readonly weightName: string | undefined;

  constructor(private readonly test: QtiTestFile) {
    // The standard outcome processing sums weighted scores: <sum><testVariables
    // variableIdentifier="SCORE" weightIdentifier="WEIGHT"/></sum>.
    this.weightName = descendantsAll(test.root)
      .map((node) => attr(node, 'weightIdentifier'))
      .find((name) => name !== undefined && name !== '');
  }

  private note(text: string) {
    this.notes.add(text);
  }

  /** Notes what the element's settings ask that a Kaoshi paper does not do. */
  private settings(node: XmlElement, what: string) {
    const select = attr(firstOf(node, 'selection'), 'select');
    if (select) {
      this.note(`${what} selects ${select} items at random: the draft holds all of them`);
    }
    if (attr(firstOf(node, 'ordering'), 'shuffle') === 'true') {
      this.note(`${what} shuffles its items: the draft keeps them in the order written`);
    }
    if (firstOf(node, 'preCondition') || firstOf(node, 'branchRule')) {
      this.note(`${what} has pre-conditions or branch rules: a Kaoshi paper has no branching`);
    }
    const session = firstOf(node, 'itemSessionControl');
    for (const [name, matching] of Object.entries(SESSION_DEFAULTS)) {
      const value = attr(session, name);
      if (value !== undefined && !matching.includes(value)) {
        this.note(
          `itemSessionControl ${name}="${value}" has no Kaoshi equivalent (one attempt per question): ignored`,
        );
      }
    }
  }

  private weightOf(ref: XmlElement): number {
    const weights = elementsOf(ref, 'weight');
    const chosen =
      (this.weightName && weights.find((w) => attr(w, 'identifier') === this.weightName)) ||
      (weights.length === 1 ? weights[0] : undefined);
    if (!chosen) {
      if (weights.length > 1) {
        this.note(
          `item ${attr(ref, 'identifier') ?? ''} has ${weights.length} weights and the outcome processing names none: weight 1`,
        );
      }
      return 1;
    }
    const value = Number(attr(chosen, 'value'));
    if (!Number.isFinite(value) || value < 0) {
      this.note(
        `item ${attr(ref, 'identifier') ?? ''} has the weight "${attr(chosen, 'value') ?? ''}": weight 1`,
      );
      return 1;
    }
    return value;
  }

  /** The item refs of a section and the sections inside it, in order. */
  private refsOf(section: XmlElement, from: string, depth = 0): QtiTestRef[] {
    const refs: QtiTestRef[] = [];
    const title = attr(section, 'title') ?? attr(section, 'identifier') ?? '';
    this.settings(section, `section "${clip(title, 60)}"`);
    if (depth > 0) {
      this.note(`section "${clip(title, 60)}" inside another: its items join the outer part`);
    }
    if (maxTimeOf(section) !== null) {
      this.note(`section "${clip(title, 60)}" has its own time limit: the paper has one for all`);
    }
    for (const child of elementsOf(section)) {
      if (child.name === 'assessmentItemRef') {
        const href = attr(child, 'href') ?? '';
        const path = packagePath(from, href);
        this.settings(child, `item ${attr(child, 'identifier') ?? ''}`);
        if (!path) {
          this.note(
            `item ${attr(child, 'identifier') ?? ''}: "${clip(href, 80)}" is not in the package`,
          );
          continue;
        }
        refs.push({
          path,
          identifier: attr(child, 'identifier') ?? '',
          weight: this.weightOf(child),
        });
      } else if (child.name === 'assessmentSection') {
        refs.push(...this.refsOf(child, from, depth + 1));
      } else if (child.name === 'assessmentSectionRef') {
        const inner = this.sectionFile(child, from);
        if (inner) refs.push(...this.refsOf(inner.root, inner.path, depth + 1));
      }
    }
    return refs;
  }

  /** A section kept in a file of its own (assessmentSectionRef). */
  private sectionFile(ref: XmlElement, from: string) {
    const href = attr(ref, 'href') ?? '';
    const path = packagePath(from, href);
    const content = path ? this.test.files.get(path) : undefined;
    if (!path || !content) {
      this.note(
        `section ${attr(ref, 'identifier') ?? ''}: "${clip(href, 80)}" is not in the package`,
      );
      return undefined;
    }
    const root = parseXml(decodeText(content), path);
    return root.name === 'assessmentSection' ? { root, path } : undefined;
  }

  private sectionOf(node: XmlElement, from: string): QtiTestSection {
    const rubric = elementsOf(node, 'rubricBlock')
      .filter((block) => (attr(block, 'view') ?? 'candidate').split(/\s+/).includes('candidate'))
      .map((block) => textOf(block).replace(/\s+/g, ' ').trim())
      .filter((text) => text !== '')
      .join('\n');
    return {
      title: clip(attr(node, 'title') || attr(node, 'identifier') || '', PAPER_SECTION_TITLE_MAX),
      description: clip(rubric, PAPER_DESCRIPTION_MAX),
      refs: this.refsOf(node, from),
    };
  }

  read(): QtiTest {
    const { root, path } = this.test;
    const sections: QtiTestSection[] = [];
    const parts = elementsOf(root, 'testPart');
    if (parts.length > 1) this.note(`${parts.length} test parts: their sections follow each other`);
    let partSeconds = 0;
    for (const part of parts) {
      this.settings(part, `test part ${attr(part, 'identifier') ?? ''}`);
      partSeconds += maxTimeOf(part) ?? 0;
      for (const child of elementsOf(part)) {
        if (child.name === 'assessmentSection') sections.push(this.sectionOf(child, path));
        else if (child.name === 'assessmentSectionRef') {
          const inner = this.sectionFile(child, path);
          if (inner) sections.push(this.sectionOf(inner.root, inner.path));
        }
      }
    }
    if (sections.length > PAPER_SECTION_MAX) {
      this.note(
        `${sections.length} sections: a paper has at most ${PAPER_SECTION_MAX}, the rest join the last`,
      );
      const rest = sections.splice(PAPER_SECTION_MAX - 1);
      sections.push({ ...rest[0]!, refs: rest.flatMap((section) => section.refs) });
    }
    const seconds = maxTimeOf(root) ?? (partSeconds > 0 ? partSeconds : null);
    return {
      title: clip(attr(root, 'title') || attr(root, 'identifier') || '', PAPER_NAME_MAX),
      sections,
      durationMinutes: seconds === null ? null : Math.ceil(seconds / 60),
      notes: [...this.notes],
    };
  }
}

function descendantsAll(node: XmlElement, found: XmlElement[] = []) {
  for (const child of elementsOf(node)) {
    found.push(child);
    descendantsAll(child, found);
  }
  return found;
}

/** The package's test as a paper to be, or null without one (a second test is noted). */
export function readQtiTest(tests: QtiTestFile[]): QtiTest | null {
  const [first] = tests;
  if (!first || first.root.name !== 'assessmentTest') return null;
  const test = new TestReader(first).read();
  if (tests.length > 1) {
    test.notes.push(`${tests.length} tests in the package: only the first becomes a paper`);
  }
  return test;
}
