/**
 * Kysely queries live in repositories (docs/architecture.md): services call repository methods and
 * own the transaction, so a table's reads and writes are found in one file. The rule reports
 * `selectFrom`, `insertInto`, `updateTable` and `deleteFrom` member calls in any file that is not a
 * `*.repository.ts`, under a `db/` folder (migrations, the connection) or a test fixture.
 */

const QUERY_METHODS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

/** Files where queries belong: repositories, the database layer, tests and their fixtures. */
function queriesAllowed(filename) {
  const file = filename.replace(/\\/g, '/');
  return (
    /\.repository\.ts$/.test(file) ||
    /(^|\/)db\//.test(file) ||
    /\.test\.ts$/.test(file) ||
    /(^|\/)test\//.test(file) ||
    /(^|[/-])test-data\.ts$/.test(file)
  );
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Kysely queries only in *.repository.ts files and db/' },
    schema: [],
    messages: {
      query:
        '`{{method}}` is a query: move it into a *.repository.ts method and call that (services keep the transaction).',
    },
  },
  create(context) {
    if (queriesAllowed(context.filename)) return {};
    return {
      'CallExpression > MemberExpression.callee'(node) {
        const { property } = node;
        const name = property.type === 'Identifier' && !node.computed ? property.name : null;
        if (name && QUERY_METHODS.has(name)) {
          context.report({ node: property, messageId: 'query', data: { method: name } });
        }
      },
    };
  },
};

export default { meta: { name: 'kaoshi-server' }, rules: { 'no-query-outside-repository': rule } };
