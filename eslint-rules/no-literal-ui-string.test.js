import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './no-literal-ui-string.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-literal-ui-string'];
const allow = [{ allow: ['Kaoshi', '中文', 'English', 'Español', '日本語'] }];

const valid = [
  // Translated text and values.
  'const A = () => <p>{t("login.title")}</p>;',
  'const A = () => <Input placeholder={t("login.username")} title={`${name}`} />;',
  'const A = () => <Modal okText={t("common.ok")} cancelText={cancel} />;',
  // Whitespace, punctuation, digits and entities are not words.
  'const A = () => <p> {count} / {total} · 100% — 3:15 &nbsp; &copy; </p>;',
  'const A = () => <h1>404</h1>;',
  'const A = () => <Title level={2} title="404" alt="" />;',
  // Props the user does not read.
  'const A = () => <div className="app-main" id="main" data-testid="login" role="alert" />;',
  'const A = () => <Button type="primary" htmlType="submit" icon={<Icon />} />;',
  'const A = () => <Route path="/login" element={<Login />} />;',
  'const A = () => <Input name="password" autoComplete="current-password" />;',
  'const A = () => <Form.Item label={t("login.username")} name="username" />;',
  // Strings outside JSX are left to reviewers (e.g. keys, URLs, log messages).
  'const key = "Please enter your password"; const A = () => <p>{t(key)}</p>;',
  // Template literal with expressions and computed values.
  'const A = () => <p title={`${a} ${b}`}>{`${count}`}</p>;',
  'const A = () => <p>{ok ? t("common.yes") : t("common.no")}</p>;',
  'const A = () => <p>{cond ? "" : " - "}</p>;',
  'const A = () => <p>{/* a comment */}</p>;',
  // Allowed names, as text and as props, with surrounding whitespace.
  { code: 'const A = () => <h1>\n  Kaoshi\n</h1>;', options: allow },
  { code: 'const A = () => <Select.Option title="日本語">日本語</Select.Option>;', options: allow },
  { code: 'const A = () => <img alt="Kaoshi" src={logo} />;', options: allow },
  { code: 'const A = () => <span>{"Español"}</span>;', options: allow },
  // Escape hatch on the line before, in JS and JSX comment form.
  'const A = () => (\n  // i18n-ignore\n  <span>Beta</span>\n);',
  'const A = () => (\n  <div>\n    {/* i18n-ignore */}\n    Beta\n  </div>\n);',
  'const A = () => (\n  <Input\n    // i18n-ignore -- a URL pattern, not prose\n    placeholder="https://"\n  />\n);',
  'const A = () => (\n  <p>\n    {/* i18n-ignore: brand */}\n    {"Powered by Kaoshi"}\n  </p>\n);',
];

const textError = (text, line, column) => ({ messageId: 'text', data: { text }, line, column });
const propError = (text, prop) => ({ messageId: 'prop', data: { text, prop } });

const invalid = [
  { code: 'const A = () => <p>Hello</p>;', errors: [textError('Hello', 1, 20)] },
  { code: 'const A = () => <p>登录</p>;', errors: [textError('登录', 1, 20)] },
  { code: 'const A = () => <p>ログイン</p>;', errors: [textError('ログイン', 1, 20)] },
  {
    code: 'const A = () => (\n  <p>\n    Iniciar sesión\n  </p>\n);',
    errors: [textError('Iniciar sesión', 3, 5)],
  },
  // Mixed with expressions: each literal run is reported.
  {
    code: 'const A = () => <p>Total: {count} items</p>;',
    errors: [textError('Total:', 1, 20), textError('items', 1, 35)],
  },
  { code: 'const A = () => <><b>OK</b></>;', errors: [textError('OK', 1, 22)] },
  // Every user-facing prop, as plain value, expression container and template literal.
  ...[
    'title',
    'placeholder',
    'label',
    'alt',
    'aria-label',
    'okText',
    'cancelText',
    'content',
    'description',
    'message',
    'tooltip',
    'extra',
    'addonBefore',
    'addonAfter',
    'emptyText',
    'children',
  ].flatMap((prop) => [
    { code: `const A = () => <X ${prop}="Words" />;`, errors: [propError('Words', prop)] },
    { code: `const A = () => <X ${prop}={'Words'} />;`, errors: [propError('Words', prop)] },
    { code: `const A = () => <X ${prop}={\`Words\`} />;`, errors: [propError('Words', prop)] },
  ]),
  // Literal children in an expression container, and literal branches.
  { code: 'const A = () => <p>{"Loading"}</p>;', errors: [textError('Loading', 1, 21)] },
  {
    code: 'const A = () => <p>{done ? "Finished" : t("x")}</p>;',
    errors: [textError('Finished', 1, 28)],
  },
  {
    code: 'const A = () => <Empty description={error || "Nothing here"} />;',
    errors: [propError('Nothing here', 'description')],
  },
  // Allow matches whole strings only; the comment must be on the line just before.
  {
    code: 'const A = () => <h1>Kaoshi exams</h1>;',
    options: allow,
    errors: [textError('Kaoshi exams', 1, 21)],
  },
  {
    code: '// i18n-ignore\n\nconst A = () => <p>Hello</p>;',
    errors: [textError('Hello', 3, 20)],
  },
  {
    code: 'const A = () => (\n  // i18n-ignore\n  <p>\n    Hello\n  </p>\n);',
    errors: [textError('Hello', 4, 5)],
  },
  // Long text is cut in the message.
  {
    code: 'const A = () => <p>Abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij</p>;',
    errors: [textError('Abcdefghij abcdefghij abcdefghij abcdefg…', 1, 20)],
  },
];

describe('no-literal-ui-string with espree (JSX in .js)', () => {
  new RuleTester({
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  }).run('no-literal-ui-string', rule, { valid, invalid });
});

describe('no-literal-ui-string with typescript-eslint (TSX)', () => {
  const tsx = (test) =>
    typeof test === 'string' ? { code: test, filename: 'A.tsx' } : { ...test, filename: 'A.tsx' };
  new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
    'no-literal-ui-string',
    rule,
    {
      valid: [
        ...valid.map(tsx),
        tsx('const A = ({ n }: { n: number }) => <p title={t("x") as string}>{n}</p>;'),
      ],
      invalid: [
        ...invalid.map(tsx),
        tsx({
          code: 'const A = (p: { ok: boolean }) => <Tag<string> title="Typed">{"Word" as const}</Tag>;',
          errors: [propError('Typed', 'title'), textError('Word', 1, 63)],
        }),
      ],
    },
  );
});
