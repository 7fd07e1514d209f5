import { ENTITY_NAMES, Perm, type CourseNode, type KnowledgeView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, useAdminApp } from '../../../test/build-app.js';
import { expectOk, expectStatus, signedInTeacher } from '../../../test/factories.js';
import { conflict } from '../../errors.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { KnowledgeService } from './knowledge.service.js';
import { createBatch, type Batch } from './test-data.js';

const KNOWLEDGE = '/api/kaoshi-base/knowledge';

describe('courses and appraisal points (knowledge)', () => {
  const t = useAdminApp();
  let batch: Batch;
  beforeAll(async () => {
    batch = await createBatch(t.handle.db, { levels: '5,4,3' });
  });

  let codes = 0;
  const code = (prefix = 'C') => `${prefix}-${++codes}`;
  const tree = (client: Client, subjectId: number, level: number) =>
    client.get<CourseNode[]>(`${KNOWLEDGE}/listKnowledgeTree`, {
      subjectId: String(subjectId),
      level: String(level),
    });
  const add = (client: Client, body: Record<string, unknown>) =>
    client.post<{ id: number }>(`${KNOWLEDGE}/addKnowledge`, body);
  const course = (fields: Record<string, unknown> = {}, client = t.admin) =>
    add(client, {
      type: 'cn',
      subjectId: batch.subjectId,
      level: 5,
      code: code(),
      name: 'Course',
      ...fields,
    });
  const point = (parentId: number, weight: number | string, fields: Record<string, unknown> = {}) =>
    add(t.admin, {
      type: 'kn',
      subjectId: batch.subjectId,
      level: 5,
      parentId,
      code: code('P'),
      name: 'Point',
      importance: 'X',
      weight,
      ...fields,
    });
  const get = (id: number) => t.admin.get<KnowledgeView>(`${KNOWLEDGE}/getKnowledgeById/${id}`);

  describe('listKnowledgeTree', () => {
    it('lists the courses of a job type and level with their points and weight sums', async () => {
      const other = await createBatch(t.handle.db, { levels: '4,3' });
      const at = (fields: Record<string, unknown>) => ({
        subjectId: other.subjectId,
        level: 4,
        ...fields,
      });
      expect(expectOk(await tree(t.admin, other.subjectId, 4))).toEqual([]);

      const second = expectOk(await course(at({ name: 'Second', sort: 20 }))).id;
      const first = expectOk(
        await course(at({ name: 'First', sort: 10, description: 'Basics' })),
      ).id;
      const p1 = expectOk(await point(first, 35.5, at({ name: 'P1', sort: 2 }))).id;
      const p2 = expectOk(
        await point(first, '20.25', at({ name: 'P2', sort: 1, importance: 'Z' })),
      ).id;
      // Another level of the same job type is another tree.
      expectOk(await course(at({ level: 3, name: 'Level 3 course' })));

      const courses = expectOk(await tree(t.admin, other.subjectId, 4));
      expect(courses.map((c) => [c.id, c.name, c.weightSum])).toEqual([
        [first, 'First', 55.75],
        [second, 'Second', 0],
      ]);
      expect(courses[0]).toMatchObject({
        type: 'cn',
        parentId: null,
        importance: null,
        weight: 0,
        description: 'Basics',
        subjectId: other.subjectId,
        level: 4,
      });
      expect(courses[0]!.children.map((p) => [p.id, p.weight, p.importance])).toEqual([
        [p2, 20.25, 'Z'],
        [p1, 35.5, 'X'],
      ]);
      expect(courses[1]!.children).toEqual([]);
      expect(expectOk(await tree(t.admin, other.subjectId, 3)).map((c) => c.name)).toEqual([
        'Level 3 course',
      ]);
    });

    it('refuses a level the job type does not certify, an unknown job type and missing input', async () => {
      expectStatus(await tree(t.admin, batch.subjectId, 1), 10002, /level: .*5, 4, 3/);
      expectStatus(await tree(t.admin, 999999, 5), 10003, /Job type 999999/);
      expectStatus(
        await t.admin.get(`${KNOWLEDGE}/listKnowledgeTree`, { subjectId: '1' }),
        10002,
        /level/,
      );
      expectStatus(
        await t.admin.get(`${KNOWLEDGE}/listKnowledgeTree`, {
          subjectId: "1' or '1'='1",
          level: '5',
        }),
        10002,
        /subjectId/,
      );
    });
  });

  describe('addKnowledge', () => {
    it('adds a course and an appraisal point; getKnowledgeById returns them', async () => {
      const c = expectOk(await course({ code: 'SAFE-01', name: 'Safety', sort: 3 })).id;
      expect(expectOk(await get(c))).toMatchObject({
        id: c,
        type: 'cn',
        code: 'SAFE-01',
        name: 'Safety',
        sort: 3,
        parentId: null,
        weight: 0,
      });
      const p = expectOk(await point(c, 12.34, { code: '1.1.1', importance: 'Y' })).id;
      expect(expectOk(await get(p))).toMatchObject({
        type: 'kn',
        parentId: c,
        code: '1.1.1',
        importance: 'Y',
        weight: 12.34,
        subjectId: batch.subjectId,
        level: 5,
      });
    });

    it('keeps codes unique per job type and level (10004), not across levels', async () => {
      expectOk(await course({ code: 'DUP-1' }));
      expectStatus(await course({ code: 'DUP-1' }), 10004, /code: "DUP-1"/);
      const c = expectOk(await course()).id;
      expectStatus(await point(c, 1, { code: 'DUP-1' }), 10004, /code/);
      expectOk(await course({ code: 'DUP-1', level: 4 }));
    });

    it('needs a level of the job type and a known job type', async () => {
      expectStatus(
        await course({ level: 2 }),
        10002,
        /level: job type .* certifies levels 5, 4, 3/,
      );
      expectStatus(await course({ level: 7 }), 10002, /level/);
      expectStatus(await course({ subjectId: 999999 }), 10003, /Job type 999999 not found/);
    });

    it('puts a point only under a course of the same job type and level', async () => {
      const c = expectOk(await course()).id;
      const p = expectOk(await point(c, 5)).id;
      expectStatus(await point(999999, 5), 10003, /Course 999999 not found/);
      expectStatus(await point(p, 5), 10002, /parentId: .* is an appraisal point, not a course/);
      const level4 = expectOk(await course({ level: 4 })).id;
      expectStatus(await point(level4, 5), 10002, /parentId: .* another job type or level/);
      const elsewhere = await createBatch(t.handle.db);
      const foreign = expectOk(await course({ subjectId: elsewhere.subjectId })).id;
      expectStatus(await point(foreign, 5), 10002, /parentId/);
    });

    it('refuses bad input, naming the field', async () => {
      const c = expectOk(await course()).id;
      expectStatus(await point(c, 10, { importance: 'A' }), 10002, /importance/);
      expectStatus(await point(c, 12.345), 10002, /weight: may have at most two decimals/);
      expectStatus(await point(c, 100.01), 10002, /weight/);
      expectStatus(await point(c, -1), 10002, /weight/);
      expectStatus(await point(c, 'ten'), 10002, /weight/);
      expectStatus(await course({ name: 'x'.repeat(201) }), 10002, /name/);
      expectStatus(await course({ name: '   ' }), 10002, /name/);
      expectStatus(await course({ code: 'x'.repeat(33) }), 10002, /code/);
      expectStatus(await course({ code: "A'; drop table knowledge;--" }), 10002, /code/);
      expectStatus(await course({ description: 'x'.repeat(1001) }), 10002, /description/);
      expectStatus(await course({ type: 'xx' }), 10002, /type/);
      expectStatus(await course({ sort: -1 }), 10002, /sort/);
      expectStatus(
        await add(t.admin, {
          type: 'kn',
          subjectId: batch.subjectId,
          level: 5,
          code: code(),
          name: 'Orphan',
          importance: 'X',
          weight: 1,
        }),
        10002,
        /parentId/,
      );
    });

    it('stores SQL metacharacters and markup literally', async () => {
      const name = `O'Brien "quoted" %_\\ <b>bold</b>; drop table knowledge; --`;
      const c = expectOk(await course({ name })).id;
      expect(expectOk(await get(c)).name).toBe(name);
    });
  });

  describe('the weight rule: the points of a course add up to at most 100 %', () => {
    it('accepts exactly 100 % and refuses more with 10002 naming the sum', async () => {
      const c = expectOk(await course({ name: 'Weighted' })).id;
      expectOk(await point(c, 60));
      const last = expectOk(await point(c, 39.99)).id;
      expectOk(await point(c, 0.01));
      expectStatus(
        await point(c, 0.01),
        10002,
        /weight: the appraisal points of course "Weighted" would add up to 100\.01 %/,
      );
      expectStatus(await point(c, 50), 10002, /150 %/);
      const [node] = expectOk(await tree(t.admin, batch.subjectId, 5)).filter((n) => n.id === c);
      expect(node!.weightSum).toBe(100);

      // Updating a point counts its new weight, not the old one as well.
      const update = (weight: number) =>
        t.admin.put(`${KNOWLEDGE}/updateKnowledge`, {
          id: last,
          type: 'kn',
          parentId: c,
          code: `W-${last}`,
          name: 'Last',
          importance: 'X',
          weight,
        });
      expectOk(await update(39.99));
      expectOk(await update(39));
      expectStatus(await update(41), 10002, /101\.01 %/);
      expect(expectOk(await get(last)).weight).toBe(39);
    });

    it('moving a point to another course checks the sum there', async () => {
      const full = expectOk(await course()).id;
      expectOk(await point(full, 90));
      const other = expectOk(await course()).id;
      const p = expectOk(await point(other, 20)).id;
      const move = (parentId: number) =>
        t.admin.put(`${KNOWLEDGE}/updateKnowledge`, {
          id: p,
          type: 'kn',
          parentId,
          code: `M-${p}`,
          name: 'Mover',
          importance: 'Y',
          weight: 20,
        });
      expectStatus(await move(full), 10002, /110 %/);
      expect(expectOk(await get(p)).parentId).toBe(other);
      const roomy = expectOk(await course()).id;
      expectOk(await move(roomy));
      expect(expectOk(await get(p))).toMatchObject({ parentId: roomy, name: 'Mover' });
    });

    it('two concurrent points that together pass 100 %: exactly one lands', async () => {
      const c = expectOk(await course()).id;
      const results = await Promise.all([point(c, 60), point(c, 60), point(c, 60)]);
      expect(results.map((r) => r.body.status).sort((a, b) => a - b)).toEqual([200, 10002, 10002]);
      const [node] = expectOk(await tree(t.admin, batch.subjectId, 5)).filter((n) => n.id === c);
      expect(node!.children).toHaveLength(1);
      expect(node!.weightSum).toBe(60);
    });
  });

  describe('updateKnowledge', () => {
    it('updates code, name, description and sort; job type and level stay', async () => {
      const c = expectOk(await course({ description: 'old' })).id;
      expectOk(
        await t.admin.put(`${KNOWLEDGE}/updateKnowledge`, {
          id: c,
          type: 'cn',
          code: 'RENAMED',
          name: 'Renamed',
          description: 'new',
          sort: 7,
          subjectId: 999999,
          level: 1,
        }),
      );
      expect(expectOk(await get(c))).toMatchObject({
        code: 'RENAMED',
        name: 'Renamed',
        description: 'new',
        sort: 7,
        subjectId: batch.subjectId,
        level: 5,
      });
    });

    it('refuses a type change, an unknown id and a taken code', async () => {
      const c = expectOk(await course({ code: 'TAKEN-1' })).id;
      const other = expectOk(await course()).id;
      const put = (body: Record<string, unknown>) =>
        t.admin.put(`${KNOWLEDGE}/updateKnowledge`, body);
      expectStatus(
        await put({
          id: c,
          type: 'kn',
          parentId: other,
          code: 'X1',
          name: 'x',
          importance: 'X',
          weight: 1,
        }),
        10002,
        /type: \d+ is a Course; its type cannot change/,
      );
      expectStatus(
        await put({ id: 999999, type: 'cn', code: 'X2', name: 'x' }),
        10003,
        /Knowledge 999999/,
      );
      expectStatus(await put({ id: other, type: 'cn', code: 'TAKEN-1', name: 'x' }), 10004, /code/);
      expectStatus(await put({ type: 'cn', code: 'X3', name: 'x' }), 10002, /id/);
    });
  });

  describe('deleteKnowledge and getKnowledgeById', () => {
    it('refuses to delete a course that still has points, saying how many', async () => {
      const c = expectOk(await course({ name: 'Busy' })).id;
      const p1 = expectOk(await point(c, 10)).id;
      const p2 = expectOk(await point(c, 10)).id;
      expectStatus(
        await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`),
        10004,
        /Course "Busy" still has 2 appraisal point\(s\)/,
      );
      expectOk(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${p1}`));
      expectStatus(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`), 10004, /1 appraisal/);
      expectOk(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${p2}`));
      expectOk(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`));
      expectStatus(await get(c), 10003, new RegExp(`Knowledge ${c} not found`));
      expectStatus(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`), 10003);
    });

    it('refuses malformed ids', async () => {
      expectStatus(await t.admin.get(`${KNOWLEDGE}/getKnowledgeById/abc`), 10002, /id/);
      expectStatus(await t.admin.delete(`${KNOWLEDGE}/deleteKnowledge/-1`), 10002, /id/);
      expectStatus(await t.admin.get(`${KNOWLEDGE}/getKnowledgeById/0`), 10002);
    });

    it('asks the usage checks later modules register before deleting', async () => {
      const c = expectOk(await course()).id;
      const asked: number[] = [];
      const service = new KnowledgeService(t.handle.db, [
        async (_trx, row) => {
          asked.push(row.id);
          return conflict('knowledgeUsedByQuestions', {
            what: ENTITY_NAMES.course,
            name: row.name,
            count: 3,
          });
        },
      ]);
      const actor = { superAdmin: true, permissionKeys: new Set<string>() } as AuthContext;
      await expect(service.delete(c, actor)).rejects.toMatchObject({
        status: 10004,
        message: 'Course "Course" is used by 3 question(s); move or delete them first',
      });
      expect(asked).toEqual([c]);
      expectOk(await get(c));
    });
  });

  describe('permissions', () => {
    it('a teacher without COURSE or KNOW-CAPTER is refused every call (10001)', async () => {
      const { client } = await signedInTeacher(t.app, t.admin, [Perm.STUDENT]);
      const c = expectOk(await course()).id;
      expectStatus(
        await tree(client, batch.subjectId, 5),
        10001,
        /needs COURSE \| KNOW-CAPTER \| EXAM-QUESTION/,
      );
      expectStatus(await client.get(`${KNOWLEDGE}/getKnowledgeById/${c}`), 10001);
      expectStatus(await course({}, client), 10001);
      expectStatus(
        await client.put(`${KNOWLEDGE}/updateKnowledge`, {
          id: c,
          type: 'cn',
          code: 'x',
          name: 'x',
        }),
        10001,
      );
      expectStatus(await client.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`), 10001);
      expectOk(await get(c));
    });

    it('a question writer (EXAM-QUESTION only) reads the tree to file questions, and changes nothing', async () => {
      const { client } = await signedInTeacher(t.app, t.admin, [Perm.QUESTION]);
      const c = expectOk(await course()).id;
      const courses = expectOk(await tree(client, batch.subjectId, 5));
      expect(courses.map((node) => node.id)).toContain(c);
      expectStatus(await course({}, client), 10001);
      expectStatus(await client.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`), 10001);
    });

    it('COURSE manages courses only; KNOW-CAPTER appraisal points only; both read the tree', async () => {
      const courses = await signedInTeacher(t.app, t.admin, [Perm.COURSE]);
      const points = await signedInTeacher(t.app, t.admin, [Perm.KNOW]);
      const pointBody = (parentId: number) => ({
        type: 'kn',
        subjectId: batch.subjectId,
        level: 5,
        parentId,
        code: code('T'),
        name: 'By teacher',
        importance: 'X',
        weight: 1,
      });

      const c = expectOk(await course({}, courses.client)).id;
      expectStatus(await add(courses.client, pointBody(c)), 10001, /needs KNOW-CAPTER/);
      expectStatus(await course({}, points.client), 10001, /needs COURSE/);
      const p = expectOk(await add(points.client, pointBody(c))).id;

      expectStatus(
        await points.client.put(`${KNOWLEDGE}/updateKnowledge`, {
          id: c,
          type: 'cn',
          code: 'NOPE',
          name: 'x',
        }),
        10001,
      );
      expectStatus(await points.client.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`), 10001);
      expectStatus(await courses.client.delete(`${KNOWLEDGE}/deleteKnowledge/${p}`), 10001);
      for (const client of [courses.client, points.client]) {
        const nodes = expectOk(await tree(client, batch.subjectId, 5));
        expect(nodes.find((n) => n.id === c)?.children.map((x) => x.id)).toEqual([p]);
        expectOk(await client.get(`${KNOWLEDGE}/getKnowledgeById/${p}`));
      }
      expectOk(await points.client.delete(`${KNOWLEDGE}/deleteKnowledge/${p}`));
      expectOk(await courses.client.delete(`${KNOWLEDGE}/deleteKnowledge/${c}`));
    });

    it('an anonymous caller gets 10000', async () => {
      expectStatus(await tree(new Client(t.app), batch.subjectId, 5), 10000);
      expectStatus(await new Client(t.app).post(`${KNOWLEDGE}/addKnowledge`, {}), 10000);
    });
  });
});
