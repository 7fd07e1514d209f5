import { type CandidatePaper, type MessageLanguage, type PrintPaper } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { paperAccess } from '../../lib/access.js';
import { type AuthContext } from '../../lib/auth-context.js';
import { candidatePaper, itemsFor } from './candidate-view.js';
import type { ImageReader } from './html-to-docx.js';
import { docxFileName, paperDocx } from './paper-docx.js';
import { snapshotPaper } from './paper-version.js';
import { printPaper } from './print-view.js';
import { PaperRepository } from './paper.repository.js';

/** A paper as an examinee sees it, printed for staff, or exported to Word. */
export class PaperPrintService {
  private readonly papers: PaperRepository;

  constructor(
    private readonly db: Db,
    /** Our uploaded images, for the Word export. */
    private readonly readImage: ImageReader = async () => undefined,
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
}
