import {
  scoreFromHundredths,
  type CandidatePaper,
  type MessageLanguage,
  type PrintPaper,
  type QuestionPackageFormat,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { paperAccess } from '../../lib/access.js';
import { type AuthContext } from '../../lib/auth-context.js';
import { candidatePaper, itemsFor } from './candidate-view.js';
import type { ImageReader } from './html-to-docx.js';
import { docxFileName, paperDocx } from './paper-docx.js';
import { snapshotPaper, type SnapshotItem, type SnapshotSection } from './paper-version.js';
import {
  titleOf,
  type ExportQuestion,
  type UploadReader,
} from '../question/question-export-foreign.js';
import { packageFile, type ExportFile } from '../question/question-export.service.js';
import { printPaper } from './print-view.js';
import { PaperRepository } from './paper.repository.js';

/** A paper as an examinee sees it, printed for staff, or exported to Word. */
export class PaperPrintService {
  private readonly papers: PaperRepository;

  constructor(
    private readonly db: Db,
    /** Our uploaded images, for the Word export. */
    private readonly readImage: ImageReader = async () => undefined,
    /** Our uploads' bytes, for the QTI and Moodle exports. */
    private readonly readUpload: UploadReader = async () => undefined,
  ) {
    this.papers = new PaperRepository(db);
  }

  /**
   * The paper as an examinee will see it: no keys, analyses or accepted blanks. A paper drawn
   * per candidate shows one candidate's draw (from the paper's seed).
   */
  async preview(id: number, auth: AuthContext): Promise<CandidatePaper> {
    await paperAccess(this.db, auth, id, 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    return candidatePaper(await snapshotPaper(this.db, id), paper.seed || `preview-${id}`);
  }

  /**
   * The paper for staff to read or print, with or without its key; drawn per candidate: one
   * draw. With the key it is the one way to an open exam's keys (paperAccess 'keys', logged).
   */
  async print(id: number, withKey: boolean, auth: AuthContext): Promise<PrintPaper> {
    await paperAccess(this.db, auth, id, withKey ? 'keys' : 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    return printPaper(await snapshotPaper(this.db, id), {
      description: paper.description,
      subjectName: paper.subject_name,
      seed: paper.seed || `preview-${id}`,
      withKey,
    });
  }

  /** The paper as a Word document, with or without its key; a paper drawn per candidate shows one draw. */
  async exportDocx(
    id: number,
    withKey: boolean,
    language: MessageLanguage,
    auth: AuthContext,
  ): Promise<{ name: string; content: Buffer }> {
    await paperAccess(this.db, auth, id, withKey ? 'keys' : 'read');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    const snapshot = await snapshotPaper(this.db, id);
    const content = await paperDocx(snapshot, {
      subjectName: paper.subject_name,
      language,
      withKey,
      readImage: this.readImage,
      items: itemsFor(snapshot, paper.seed || `preview-${id}`),
    });
    return { name: docxFileName(paper.name, withKey, language), content };
  }

  /**
   * The paper as a QTI 3.0 / 2.2 package (its items, and an assessment test with its sections;
   * a section drawn per candidate lists its pool with how many each candidate gets) or as Moodle
   * XML (its questions, a category per section). It carries the keys: paperAccess 'keys'.
   */
  async exportPackage(
    id: number,
    format: QuestionPackageFormat,
    language: MessageLanguage,
    auth: AuthContext,
  ): Promise<ExportFile> {
    await paperAccess(this.db, auth, id, 'keys');
    const paper = await this.papers.find(id);
    if (!paper) throw notFound('paper', id);
    const snapshot = await snapshotPaper(this.db, id);
    const questions: ExportQuestion[] = [];
    const sections = snapshot.sections.map((section, index) => {
      const title = section.title || `${index + 1}`;
      const drawn = section.rules.length > 0;
      const items = drawn ? section.pool : section.items;
      for (const item of items) {
        questions.push(exportItem(item, section, [paper.name, title]));
      }
      return {
        title,
        identifiers: items.map((item) => item.itemId),
        ...(drawn && { select: section.rules.reduce((sum, rule) => sum + rule.count, 0) }),
      };
    });
    return packageFile(questions, format, {
      language,
      read: this.readUpload,
      name: paper.name,
      asciiName: `paper-${id}`,
      test: { identifier: `paper-${id}`, title: paper.name, sections },
    });
  }
}

/** A paper's item as the exchange formats write it: its score in this paper (a pool item: its rule's). */
function exportItem(
  item: SnapshotItem,
  section: SnapshotSection,
  category: string[],
): ExportQuestion {
  const rule = section.rules.find((found) => found.type === item.type);
  return {
    identifier: item.itemId,
    title: titleOf(item.content, item.itemId),
    type: item.type as QuestionTypeCode,
    content: item.content,
    options: item.options,
    answer: item.answer,
    blanks: item.blanks,
    linkUrl: item.linkUrl,
    analysis: item.analysis,
    score: item.score !== null ? scoreFromHundredths(item.score) : (rule?.score ?? 0),
    category,
  };
}
