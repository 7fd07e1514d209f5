import type {
  CandidatePaper,
  InstructionInput,
  InstructionView,
  ListInstructionQuery,
  ListPaperQuery,
  ListResult,
  PaperBody,
  PaperDraw,
  PaperListItem,
  PaperQuestionView,
  PaperView,
  PrintPaper,
  QuestionPackageFormat,
} from '@kaoshi/shared';
import { downloadFile } from './transfer';
import { request, type CallOptions } from './request';

const PAPER = '/api/kaoshi-paper/paper';
const INSTRUCTION = '/api/kaoshi-paper/instruction';

export type PaperQuery = Partial<Omit<ListPaperQuery, 'page' | 'limit'>> & {
  page: number;
  limit: number;
};

export const listPapers = (query: PaperQuery) =>
  request.get<ListResult<PaperListItem>>(`${PAPER}/listPaper`, query);
export const getPaper = (id: number) => request.get<PaperView>(`${PAPER}/getPaper/${id}`);
export const addPaper = (paper: PaperBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${PAPER}/addPaper`, paper, options);
export const updatePaper = (id: number, paper: PaperBody, options?: CallOptions) =>
  request.put<null>(`${PAPER}/updatePaper`, { id, ...paper }, options);
export const deletePaper = (id: number) => request.delete<null>(`${PAPER}/deletePaper/${id}`);
export const copyPaper = (id: number) => request.post<{ id: number }>(`${PAPER}/copyPaper/${id}`);

/** Draws every section (or only `section`) of the paper being built; nothing is written. */
export const drawPaper = (paper: PaperBody, section?: number, options?: CallOptions) =>
  request.post<PaperDraw>(
    `${PAPER}/drawPaper`,
    section === undefined ? paper : { ...paper, section },
    options,
  );
/** Another question meeting the same rule as `questionId` in `section`. */
export const swapPaperQuestion = (paper: PaperBody, section: number, questionId: number) =>
  request.post<PaperQuestionView>(`${PAPER}/swapQuestion`, { ...paper, section, questionId });

export const submitPaper = (id: number) => request.post<null>(`${PAPER}/submitPaper/${id}`);
export const auditPaper = (id: number, result: 1 | 2, reason = '') =>
  request.post<null>(`${PAPER}/auditPaper`, { id, result, reason });

/** The examinee's view: no keys. */
export const previewPaper = (id: number) =>
  request.get<CandidatePaper>(`${PAPER}/previewPaper/${id}`);
/** For staff to read and print, with or without the key. */
export const printPaper = (id: number, withKey: boolean) =>
  request.get<PrintPaper>(`${PAPER}/printPaper/${id}`, { answers: withKey ? 1 : 0 });
/** The paper as a Word document, saved under the paper's name. */
export const exportPaperDocx = (id: number, withKey: boolean, fileName: string) =>
  downloadFile(
    `${PAPER}/exportPaper/${id}`,
    { format: 'docx', answers: withKey ? 1 : 0 },
    fileName,
  );

/** The paper with its key as a QTI 3.0 / 2.2 content package or Moodle XML. */
export const exportPaperPackage = (id: number, format: QuestionPackageFormat, fileName: string) =>
  downloadFile(`${PAPER}/exportPaper/${id}`, { format }, fileName);

export type InstructionQuery = Partial<Omit<ListInstructionQuery, 'page' | 'limit'>> & {
  page: number;
  limit: number;
};

export const listInstructions = (query: InstructionQuery) =>
  request.get<ListResult<InstructionView>>(`${INSTRUCTION}/listInstruction`, query);
export const getInstruction = (id: number) =>
  request.get<InstructionView>(`${INSTRUCTION}/getInstruction/${id}`);
export const addInstruction = (body: InstructionInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${INSTRUCTION}/addInstruction`, body, options);
export const updateInstruction = (id: number, body: InstructionInput, options?: CallOptions) =>
  request.put<null>(`${INSTRUCTION}/updateInstruction`, { id, ...body }, options);
export const deleteInstruction = (id: number) =>
  request.delete<null>(`${INSTRUCTION}/deleteInstruction/${id}`);
