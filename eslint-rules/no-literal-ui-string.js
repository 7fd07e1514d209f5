/**
 * Every word a user reads comes from i18n resources (zh first, complete in en, es, ja), so JSX must
 * not render literal text. Product and language names shown in their own language go in `allow`;
 * anything else that is truly not translatable takes a `// i18n-ignore` comment on the line before.
 */

/** Props whose string value is shown to the user (antd and DOM). */
const USER_FACING_PROPS = new Set([
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
]);

/** TypeScript wrappers that change a value's type, not what it renders. */
const TYPE_WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression']);

const LETTER = /\p{L}/u;
const IGNORE_COMMENT = /^\s*i18n-ignore\b/;
const MAX_SHOWN = 40;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow literal user-visible strings in JSX; use t() from react-i18next',
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [] }],
    messages: {
      text: 'Literal UI text "{{text}}": use t() from react-i18next, or put // i18n-ignore on the line before.',
      prop: 'Literal string "{{text}}" in the "{{prop}}" prop: use t() from react-i18next, or put // i18n-ignore on the line before.',
    },
  },

  create(context) {
    const { sourceCode } = context;
    const allowed = new Set(context.options[0].allow);
    let ignoredLines;

    /** Lines that directly follow an `i18n-ignore` comment (line or block, JS or JSX). */
    function isIgnored(line) {
      ignoredLines ??= new Set(
        sourceCode
          .getAllComments()
          .filter((comment) => IGNORE_COMMENT.test(comment.value))
          .map((comment) => comment.loc.end.line + 1),
      );
      return ignoredLines.has(line);
    }

    /** Reports `text` (found at source offset `start`) unless it is exempt. */
    function check(node, text, start, messageId, prop) {
      const shown = text.trim();
      if (!LETTER.test(shown) || allowed.has(shown)) return;
      // JSX text usually starts with the line break before it: locate the words themselves.
      const loc = sourceCode.getLocFromIndex(start + text.search(/\S/));
      if (isIgnored(loc.line)) return;
      const short = shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}…` : shown;
      context.report({
        node,
        loc: node.type === 'JSXText' ? loc : node.loc,
        messageId,
        data: { text: short.replace(/\s+/g, ' '), prop },
      });
    }

    /** The string a node stands for when it is a plain literal, else undefined. */
    function literalString(node) {
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
        return node.quasis[0].value.cooked ?? undefined;
      }
      return undefined;
    }

    /** Literal strings an expression renders as is: itself, or a branch of `?:`, `&&`, `||`, `??`. */
    function renderedLiterals(node) {
      if (TYPE_WRAPPERS.has(node.type)) return renderedLiterals(node.expression);
      if (node.type === 'ConditionalExpression') {
        return [...renderedLiterals(node.consequent), ...renderedLiterals(node.alternate)];
      }
      if (node.type === 'LogicalExpression') return renderedLiterals(node.right);
      return literalString(node) === undefined ? [] : [node];
    }

    function checkExpression(expression, messageId, prop) {
      for (const literal of renderedLiterals(expression)) {
        check(literal, literalString(literal), literal.range[0], messageId, prop);
      }
    }

    return {
      JSXText(node) {
        check(node, node.value, node.range[0], 'text');
      },

      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !USER_FACING_PROPS.has(node.name.name)) return;
        const { value } = node;
        if (!value) return;
        const expression = value.type === 'JSXExpressionContainer' ? value.expression : value;
        checkExpression(expression, 'prop', node.name.name);
      },

      // `<p>{'Text'}</p>` renders its string as the children.
      'JSXElement > JSXExpressionContainer, JSXFragment > JSXExpressionContainer'(node) {
        checkExpression(node.expression, 'text');
      },
    };
  },
};

export default { meta: { name: 'kaoshi' }, rules: { 'no-literal-ui-string': rule } };
