import type { CertLevel, SkillAssessmentView } from '@kaoshi/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { AssessmentBody } from '../../api/skill-assessment';

/** A session as the editor's form holds it: per station (index + 1) the examiners' ids. */
export interface SessionFormValues {
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
  place: string;
  stations: number;
  examiners: (number[] | undefined)[];
}

/** The editor's form; job type and level only narrow the sheets offered. */
export interface AssessmentFormValues {
  name: string;
  subjectId?: number;
  level?: CertLevel;
  sheetId?: number;
  schemeId?: number | null;
  classIds: number[];
  examinersPerCandidate: 2 | 3;
  tolerance: number;
  chiefId?: number;
  checkerId?: number;
  sessions: SessionFormValues[];
}

/** The fields a server refusal may name and the form shows it under. */
export const ASSESSMENT_FIELDS = [
  'name',
  'sheetId',
  'schemeId',
  'classIds',
  'examinersPerCandidate',
  'tolerance',
  'chiefId',
  'checkerId',
] as const;

export const EMPTY_SESSION: SessionFormValues = { place: '', stations: 1, examiners: [] };

export const EMPTY_ASSESSMENT: AssessmentFormValues = {
  name: '',
  classIds: [],
  examinersPerCandidate: 2,
  tolerance: 10,
  sessions: [EMPTY_SESSION],
};

export const formOfAssessment = (view: SkillAssessmentView): AssessmentFormValues => ({
  name: view.name,
  subjectId: view.subjectId,
  level: view.level,
  sheetId: view.sheetId,
  schemeId: view.schemeId,
  classIds: view.classes.map((batch) => batch.id),
  examinersPerCandidate: view.examinersPerCandidate === 3 ? 3 : 2,
  tolerance: view.tolerance,
  chiefId: view.chief?.id,
  checkerId: view.checker?.id,
  sessions: view.sessions.map((session) => ({
    startsAt: dayjs(session.startsAt),
    endsAt: dayjs(session.endsAt),
    place: session.place,
    stations: session.stations,
    examiners: Array.from(
      { length: session.stations },
      (_, index) =>
        session.stationList
          .find((station) => station.station === index + 1)
          ?.examiners.map((person) => person.id) ?? [],
    ),
  })),
});

/** The body to send, from the validated form. */
export const bodyOfForm = (values: AssessmentFormValues): AssessmentBody => ({
  name: values.name,
  sheetId: values.sheetId!,
  schemeId: values.schemeId ?? null,
  classIds: values.classIds,
  examinersPerCandidate: values.examinersPerCandidate,
  tolerance: Number(values.tolerance ?? 10),
  chiefId: values.chiefId!,
  checkerId: values.checkerId!,
  sessions: values.sessions.map((session) => ({
    startsAt: session.startsAt!.toISOString(),
    endsAt: session.endsAt!.toISOString(),
    place: session.place,
    stations: session.stations,
    examiners: Array.from({ length: session.stations }, (_, index) => ({
      station: index + 1,
      userIds: session.examiners?.[index] ?? [],
    })),
  })),
});

/** Everyone the saved assessment names, so that its selects show names before any search. */
export function peopleOf(view: SkillAssessmentView | undefined) {
  const people = new Map<number, string>();
  if (!view) return people;
  for (const person of [view.chief, view.checker]) if (person) people.set(person.id, person.name);
  for (const session of view.sessions) {
    for (const station of session.stationList) {
      for (const person of station.examiners) people.set(person.id, person.name);
    }
  }
  return people;
}
