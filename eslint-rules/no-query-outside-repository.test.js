import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './no-query-outside-repository.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-query-outside-repository'];
const at = (filename) => (code) => ({ code, filename });
const service = at('apps/server/src/modules/exam/exam.service.ts');

const queries = [
  'db.selectFrom("exam").selectAll().execute();',
  'trx.insertInto("exam").values(row).execute();',
  'this.db.updateTable("exam").set({ name }).where("id", "=", id).execute();',
  'await db.deleteFrom("exam").where("id", "=", id).execute();',
];

describe('no-query-outside-repository', () => {
  new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
    'no-query-outside-repository',
    rule,
    {
      valid: [
        // Where queries belong.
        ...queries.map(at('apps/server/src/modules/exam/exam.repository.ts')),
        ...queries.map(at('apps/server/src/db/migrations/0001_init.ts')),
        ...queries.map(at('apps/server/src/db/database.ts')),
        ...queries.map(at('apps/server/src/modules/exam/exam.test.ts')),
        ...queries.map(at('apps/server/src/modules/exam/test-data.ts')),
        ...queries.map(at('apps/server/src/modules/analysis/item-test-data.ts')),
        ...queries.map(at('apps/server/test/process/crash.ts')),
        // A service calling repositories, and names that merely resemble the methods.
        service('await this.exams.findById(trx, id);'),
        service('const selectFrom = 1; obj["selectFrom"]; obj[insertInto]();'),
        service('db.transaction().execute(async (trx) => this.exams.remove(trx, id));'),
      ],
      invalid: [
        ...queries.map((code) => ({
          ...service(code),
          errors: [
            {
              messageId: 'query',
              data: { method: code.match(/(selectFrom|insertInto|updateTable|deleteFrom)/)[1] },
            },
          ],
        })),
        {
          ...at('apps/server/src/modules/proctor/proctor-hub.ts')(
            'const rows = await db.selectFrom("attempt").innerJoin("exam", "exam.id", "attempt.exam_id").select("id").execute();',
          ),
          errors: [{ messageId: 'query', data: { method: 'selectFrom' } }],
        },
      ],
    },
  );
});
