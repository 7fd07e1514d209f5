import type { SkillAssessmentView } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bodyOfForm, formOfAssessment, peopleOf } from './assessment-form';

const view = {
  id: 7,
  name: 'Welding',
  status: 'draft',
  sheetId: 3,
  subjectId: 2,
  level: 3,
  examinersPerCandidate: 2,
  tolerance: 7.5,
  schemeId: null,
  classes: [{ id: 11, name: 'B1', studentCount: 4 }],
  chief: { id: 21, name: 'Chief' },
  checker: { id: 22, name: 'Checker' },
  sessions: [
    {
      id: 1,
      sort: 1,
      startsAt: '2026-05-10T01:00:00.000Z',
      endsAt: '2026-05-10T03:00:00.000Z',
      place: 'Lab 1',
      stations: 2,
      turns: 2,
      capacity: 4,
      stationList: [
        {
          station: 2,
          examiners: [
            { id: 33, name: 'C' },
            { id: 34, name: 'D' },
          ],
          candidateCount: 0,
        },
        {
          station: 1,
          examiners: [
            { id: 31, name: 'A' },
            { id: 32, name: 'B' },
          ],
          candidateCount: 0,
        },
      ],
    },
  ],
} as unknown as SkillAssessmentView;

describe('assessment form', () => {
  it('holds each station’s examiners in station order and sends them back', () => {
    const form = formOfAssessment(view);
    expect(form.sessions[0]!.examiners).toEqual([
      [31, 32],
      [33, 34],
    ]);
    const body = bodyOfForm({ ...form, level: 3 as never });
    expect(body).toMatchObject({
      name: 'Welding',
      sheetId: 3,
      schemeId: null,
      classIds: [11],
      examinersPerCandidate: 2,
      tolerance: 7.5,
      chiefId: 21,
      checkerId: 22,
    });
    expect(body.sessions[0]).toEqual({
      startsAt: '2026-05-10T01:00:00.000Z',
      endsAt: '2026-05-10T03:00:00.000Z',
      place: 'Lab 1',
      stations: 2,
      examiners: [
        { station: 1, userIds: [31, 32] },
        { station: 2, userIds: [33, 34] },
      ],
    });
  });

  it('sends every station, an empty one with nobody', () => {
    const body = bodyOfForm({
      name: 'x',
      sheetId: 1,
      classIds: [1],
      examinersPerCandidate: 3,
      tolerance: 10,
      chiefId: 1,
      checkerId: 2,
      sessions: [
        {
          startsAt: dayjs('2026-05-10T01:00:00Z'),
          endsAt: dayjs('2026-05-10T02:00:00Z'),
          place: 'P',
          stations: 2,
          examiners: [[5, 6, 7]],
        },
      ],
    });
    expect(body.sessions[0]!.examiners).toEqual([
      { station: 1, userIds: [5, 6, 7] },
      { station: 2, userIds: [] },
    ]);
  });

  it('names everyone the saved assessment names', () => {
    expect([...peopleOf(view).keys()].sort()).toEqual([21, 22, 31, 32, 33, 34]);
  });
});
