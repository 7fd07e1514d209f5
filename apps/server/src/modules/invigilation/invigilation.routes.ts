import {
  ANSWER_FILE_MAX_CHARS,
  INVIGILATION_BASE,
  Perm,
  checkInBody,
  invigilationRoomQuery,
  roomCandidatePauseBody,
  roomPauseBody,
  uploadAnswerFileBody,
} from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/request-language.js';
import { requireAuth } from '../../plugins/access.js';
import { routeTable } from '../../plugins/route-table.js';
import type { AnswerFileService } from './answer-file.service.js';
import type { InvigilationService } from './invigilation.service.js';

/**
 * The invigilator's console (docs/features/invigilation.md): EXAM-INVIGILATE (their rooms) or
 * PUBLISHMANAGE (every room of an exam wholly theirs); the room is checked by roomAccess.
 */
export async function invigilationRoutes(
  app: FastifyInstance,
  opts: { invigilation: InvigilationService; answerFiles: AnswerFileService },
) {
  const { invigilation, answerFiles } = opts;
  const access = { permission: [Perm.PUBLISH, Perm.INVIGILATE] };
  const route = routeTable(app, INVIGILATION_BASE, { access, tags: ['invigilation'] });

  route.get(
    'listMyRoom',
    { summary: 'The rooms I invigilate of exams not closed yet' },
    (request) => invigilation.myRooms(requireAuth(request)),
  );
  route.get(
    'getRoom',
    {
      summary: "A room's candidates in seat order: check-in, attempt state, answered, connected",
      querystring: invigilationRoomQuery,
    },
    (request) =>
      invigilation.room(
        request.query.examId,
        request.query.roomId,
        request.query.sessionId ?? null,
        requireAuth(request),
      ),
  );
  route.post(
    'checkInCandidate',
    {
      summary: "Confirm a candidate's identity at the door, or refuse it with a reason",
      body: checkInBody,
    },
    (request) => invigilation.checkIn(request.body, requireAuth(request)),
  );
  route.post(
    'startRoom',
    { summary: 'Start the room: held candidates may Start', body: invigilationRoomQuery },
    (request) => invigilation.startRoom(request.body, requireAuth(request)),
  );
  route.post(
    'pauseRoom',
    {
      summary: 'Pause every running attempt of the room, with a reason',
      body: roomPauseBody,
      config: { controlLane: true },
    },
    (request) => invigilation.pauseRoom(request.body, requireAuth(request)),
  );
  route.post(
    'resumeRoom',
    {
      summary: 'Resume every paused attempt of the room, the paused time given back',
      body: roomPauseBody,
      config: { controlLane: true },
    },
    (request) => invigilation.resumeRoom(request.body, requireAuth(request)),
  );
  route.post(
    'pauseCandidate',
    {
      summary: "Pause one candidate's attempt of the room",
      body: roomCandidatePauseBody,
      config: { controlLane: true },
    },
    (request) => invigilation.pauseCandidate(request.body, requireAuth(request)),
  );
  route.post(
    'resumeCandidate',
    {
      summary: "Resume one candidate's attempt of the room",
      body: roomCandidatePauseBody,
      config: { controlLane: true },
    },
    (request) => invigilation.resumeCandidate(request.body, requireAuth(request)),
  );
  route.post(
    'uploadAnswerFile',
    {
      // The file's text with the JSON around it.
      bodyLimit: ANSWER_FILE_MAX_CHARS + 64 * 1024,
      summary:
        "Apply a candidate's encrypted answer file (made offline) to their attempt, seqs as usual",
      body: uploadAnswerFileBody,
    },
    (request) => answerFiles.upload(request.body, requireAuth(request), requestLanguage(request)),
  );
}
