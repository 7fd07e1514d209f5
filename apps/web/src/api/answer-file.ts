import {
  INVIGILATION_BASE,
  type AnswerFileResult,
  type UploadAnswerFileBody,
} from '@kaoshi/shared';
import { request } from './request';

/** A candidate's encrypted answer file, applied to their attempt (docs/features/answer-file.md). */
export const uploadAnswerFile = (body: UploadAnswerFileBody) =>
  request.post<AnswerFileResult>(`${INVIGILATION_BASE}/uploadAnswerFile`, body);
