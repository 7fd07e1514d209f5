import {
  CERT_LEVEL_NAMES,
  ENTITY_NAMES,
  Perm,
  type CertLevel,
  type SkillAssessmentInput,
  type SkillSessionInput,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { forbidden, invalid } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { ClassesRepository, visibleClassIds } from '../school/classes.repository.js';
import { AssessmentRepository, holdsKey } from './assessment.repository.js';

/**
 * The rules an assessment's input must meet, each refusal naming what is wrong: sessions that end
 * after they start and do not overlap at one place; per station exactly `examinersPerCandidate`
 * distinct examiners, none at two stations of a session, each holding SKILLS-SCORE; a chief
 * examiner and a checker holding SKILLS-CHECK; batches of the sheet's job type and level that
 * the user holds; a scheme with a skills component of that job type and level.
 */

const levelName = (level: number) => CERT_LEVEL_NAMES[level as CertLevel] ?? String(level);

/** Candidates one station takes in a session: its minutes over the time limit, at least 1. */
export function turnsOf(session: { starts_at: string; ends_at: string }, timeLimitMinutes: number) {
  const minutes = (Date.parse(session.ends_at) - Date.parse(session.starts_at)) / 60_000;
  return Math.max(1, Math.floor(minutes / Math.max(1, timeLimitMinutes)));
}

/** The sessions' own rules (no database): times, places, stations and examiners per station. */
export function checkSessions(sessions: SkillSessionInput[], perCandidate: number) {
  for (const [index, session] of sessions.entries()) {
    const number = index + 1;
    if (session.endsAt <= session.startsAt) {
      throw invalid('sessions', 'skillSessionEndBeforeStart', { session: number });
    }
    for (let other = 0; other < index; other += 1) {
      const earlier = sessions[other]!;
      const samePlace = earlier.place.trim().toLowerCase() === session.place.trim().toLowerCase();
      if (samePlace && earlier.startsAt < session.endsAt && session.startsAt < earlier.endsAt) {
        throw invalid('sessions', 'skillSessionOverlap', {
          a: other + 1,
          b: number,
          place: session.place,
        });
      }
    }
    const byStation = new Map<number, number[]>();
    for (const entry of session.examiners) {
      if (entry.station > session.stations) {
        throw invalid('sessions', 'skillStationOutOfRange', {
          session: number,
          station: entry.station,
          stations: session.stations,
        });
      }
      if (byStation.has(entry.station)) {
        throw invalid('sessions', 'skillStationTwice', { session: number, station: entry.station });
      }
      byStation.set(entry.station, entry.userIds);
    }
    for (let station = 1; station <= session.stations; station += 1) {
      const ids = byStation.get(station) ?? [];
      if (ids.length !== perCandidate) {
        throw invalid('sessions', 'skillStationExaminerCount', {
          session: number,
          station,
          count: ids.length,
          needed: perCandidate,
        });
      }
    }
  }
}

/**
 * Examiners named twice at a station, at two stations of a session, or in two sessions at the
 * same time (names from `names`).
 */
function checkExaminerPlaces(sessions: SkillSessionInput[], names: Map<number, string>) {
  for (const [index, session] of sessions.entries()) {
    for (let other = 0; other < index; other += 1) {
      const earlier = sessions[other]!;
      if (!(earlier.startsAt < session.endsAt && session.startsAt < earlier.endsAt)) continue;
      const before = new Set(earlier.examiners.flatMap((e) => e.userIds));
      const both = session.examiners.flatMap((e) => e.userIds).find((id) => before.has(id));
      if (both !== undefined) {
        throw invalid('sessions', 'skillExaminerTwoSessions', {
          name: names.get(both) ?? String(both),
          a: other + 1,
          b: index + 1,
        });
      }
    }
    const stationOf = new Map<number, number>();
    for (const { station, userIds } of session.examiners) {
      const seen = new Set<number>();
      for (const userId of userIds) {
        const name = names.get(userId) ?? String(userId);
        if (seen.has(userId)) {
          throw invalid('sessions', 'skillExaminerTwice', { session: index + 1, station, name });
        }
        seen.add(userId);
        const earlier = stationOf.get(userId);
        if (earlier !== undefined) {
          throw invalid('sessions', 'skillExaminerTwoStations', {
            session: index + 1,
            name,
            a: Math.min(earlier, station),
            b: Math.max(earlier, station),
          });
        }
        stationOf.set(userId, station);
      }
    }
  }
}

/** Examiners, chief and checker exist and hold their keys. */
async function checkPeople(db: Db, input: SkillAssessmentInput) {
  const examinerIds = input.sessions.flatMap((s) => s.examiners.flatMap((e) => e.userIds));
  const ids = [...new Set([...examinerIds, input.chiefId, input.checkerId])];
  const rows = await new AssessmentRepository(db).grants(ids);
  const names = new Map(rows.map((row) => [row.id, row.nick_name || row.name]));
  const missing = (id: number, field: 'sessions' | 'chiefId' | 'checkerId') => {
    if (!names.has(id)) throw invalid(field, 'notFound', { entity: ENTITY_NAMES.user, id });
  };
  for (const id of examinerIds) missing(id, 'sessions');
  missing(input.chiefId, 'chiefId');
  missing(input.checkerId, 'checkerId');
  checkExaminerPlaces(input.sessions, names);
  const holds = (id: number, key: string) =>
    holdsKey(
      rows.filter((row) => row.id === id),
      key,
    );
  for (const id of new Set(examinerIds)) {
    if (!holds(id, Perm.SKILLS_SCORE)) {
      throw invalid('sessions', 'skillExaminerNoScore', { name: names.get(id)! });
    }
  }
  for (const field of ['chiefId', 'checkerId'] as const) {
    if (!holds(input[field], Perm.SKILLS_CHECK)) {
      throw invalid(field, 'skillNoCheckPermission', { name: names.get(input[field])! });
    }
  }
}

export interface SheetFacts {
  subject_id: number;
  level: number;
  subject_name: string;
}

/** The batches: existing, of the sheet's job type and level, and the user's own. */
async function checkClasses(db: Db, classIds: number[], sheet: SheetFacts, auth: AuthContext) {
  const classes = await new ClassesRepository(db).forExam(classIds);
  const missing = classIds.find((id) => !classes.some((row) => row.id === id));
  if (missing !== undefined) {
    throw invalid('classIds', 'notFound', { entity: ENTITY_NAMES.classes, id: missing });
  }
  for (const row of classes) {
    if (row.subject_id !== sheet.subject_id || row.level !== sheet.level) {
      throw invalid('classIds', 'skillClassOtherLevel', {
        name: row.name,
        subject: row.subject_name,
        level: levelName(row.level),
        sheetSubject: sheet.subject_name,
        sheetLevel: levelName(sheet.level),
      });
    }
  }
  const scope = visibleClassIds(db, auth);
  if (scope) {
    const own = new Set((await scope.execute()).map((row) => row.class_id));
    const foreign = classes.find((row) => !own.has(row.id));
    if (foreign) throw forbidden('examClassNotYours', { name: foreign.name });
  }
}

/** The scheme's skills component, which must be of the sheet's job type and level. */
async function schemeComponent(db: Db, schemeId: number, sheet: SheetFacts): Promise<number> {
  const scheme = await new AssessmentRepository(db).scheme(schemeId);
  if (!scheme) throw invalid('schemeId', 'notFound', { entity: ENTITY_NAMES.scheme, id: schemeId });
  if (scheme.subject_id !== sheet.subject_id || scheme.level !== sheet.level) {
    throw invalid('schemeId', 'skillSchemeOtherLevel', {
      id: schemeId,
      subject: scheme.subject_name,
      level: levelName(scheme.level),
      sheetSubject: sheet.subject_name,
      sheetLevel: levelName(sheet.level),
    });
  }
  if (scheme.component_id === null)
    throw invalid('schemeId', 'skillSchemeNoSkills', { id: schemeId });
  return scheme.component_id;
}

/**
 * Every rule of an assessment's input, against the sheet's job type and level (`sheet`);
 * answers the scheme component it counts for (null without a scheme).
 */
export async function checkAssessment(
  db: Db,
  input: SkillAssessmentInput,
  sheet: SheetFacts,
  auth: AuthContext,
): Promise<number | null> {
  checkSessions(input.sessions, input.examinersPerCandidate);
  await checkClasses(db, input.classIds, sheet, auth);
  const component =
    input.schemeId === null || input.schemeId === undefined
      ? null
      : await schemeComponent(db, input.schemeId, sheet);
  await checkPeople(db, input);
  return component;
}
