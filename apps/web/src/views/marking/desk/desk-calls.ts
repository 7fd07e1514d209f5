import {
  MARKING_BASE,
  type NextAnswerResult,
  type ScoreAnswerBody,
  type ScoreAnswerResult,
} from '@kaoshi/shared';
import { request } from '../../../api/request';

/*
 * The desk's two calls, quiet: the desk shows every refusal in place (under the score, or where
 * the answer stands), so the request layer's toast would only repeat it. api/marking.ts has the
 * same calls without a way to pass { quiet: true }.
 */

export const claimNext = (body: { examId: number; itemId: string }) =>
  request.post<NextAnswerResult>(`${MARKING_BASE}/nextAnswer`, body, { quiet: true });

export const saveScore = (body: ScoreAnswerBody) =>
  request.post<ScoreAnswerResult>(`${MARKING_BASE}/scoreAnswer`, body, { quiet: true });
