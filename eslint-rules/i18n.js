/**
 * Local lint rules for issue #18: words the staff read come from the catalogues (shared/i18n), never from literals.
 *
 * shopdesk/no-literal-text reports
 *  - text written in JSX ("<Text>Orders</Text>", "{'Orders'}", "{ok ? 'Yes' : 'No'}"),
 *  - string and template literals given to a user-facing prop (label, placeholder, title, aria-label, description,
 *    error, tooltip, message … Mantine's and the DOM's), in JSX or as an object's property (notifications.show({
 *    title: '…' }), a column's header, a navigation entry's label),
 *  - a sentence in code (a literal of three words or more that reads as prose), wherever it stands, except in
 *    imports (and the module a re-export names), console calls, thrown errors (which are logged, not shown) and test
 *    ids. What an exported declaration says (export function/class/const) is checked as any other code.
 * Text without a letter ("—", "·", "%", "×") is not words and passes.
 */
import fs from 'node:fs';

/** The English catalogue's keys: a literal that is one of them names a message, it is not words. */
const KEYS = new Set(
  Object.keys(JSON.parse(fs.readFileSync(new URL('../shared/i18n/en.json', import.meta.url), 'utf8'))),
);

const USER_FACING = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'alt',
  'description',
  'error',
  'tooltip',
  'message',
  'header',
  'heading',
  'caption',
  'hint',
  'emptyMessage',
  'nothingFoundMessage',
  'confirmLabel',
  'cancelLabel',
  'clearButtonLabel',
  'leftLabel',
  'rightLabel',
  'onLabel',
  'offLabel',
  'ariaLabel',
  'children',
  'text',
  'summary',
]);

const LETTER = /\p{L}/u;
/** Three words or more, with letters, as prose has ("Sync again to fetch the rest"). */
const PROSE = /\p{L}{2,}[\p{L}’'-]*[ ,;:]+\p{L}+[\p{L}’'-]*[ ,;:]+\p{L}+/u;
/** What reads like prose but is code: CSS values, selectors, media queries, SQL-ish and format tokens. */
const CODE_LIKE =
  /^[\w-]+\([^)]*\)|\bpx\b|\bvar\(|\brem\b|\bminmax\b|\bcalc\(|\bsolid\b|^@|=>|[{}<>[\]]|^\s*[a-z-]+:\s|\bauto\b.*\bauto\b/;

const hasWords = (text) => LETTER.test(text) && !KEYS.has(text);

/** The literal text of a string or template literal (quasis only), or null for anything else. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return literalText(node.expression);
  return null;
}

/** Every literal an expression can evaluate to directly (through ?:, &&, ||, ??). */
function literalsOf(node, out = []) {
  if (!node) return out;
  switch (node.type) {
    case 'ConditionalExpression':
      literalsOf(node.consequent, out);
      literalsOf(node.alternate, out);
      break;
    case 'LogicalExpression':
      literalsOf(node.left, out);
      literalsOf(node.right, out);
      break;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      literalsOf(node.expression, out);
      break;
    default: {
      const text = literalText(node);
      if (text !== null) out.push({ node, text });
    }
  }
  return out;
}

const propName = (key) => {
  if (!key) return null;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'JSXIdentifier') return key.name;
  if (key.type === 'JSXNamespacedName') return `${key.namespace.name}:${key.name.name}`;
  return null;
};

/** Where prose is not shown to staff: imports, the console, errors thrown (logged), test ids, type positions. */
function proseAllowedAt(node) {
  for (let at = node.parent, child = node; at; child = at, at = at.parent) {
    switch (at.type) {
      case 'ImportDeclaration':
      case 'ImportExpression':
      case 'ExportSpecifier':
      case 'TSLiteralType':
      case 'TSEnumMember':
        return true;
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        // the module a re-export names is not prose; what an exported declaration says is checked as any other
        if (at.source === child) return true;
        break;
      case 'NewExpression':
        if (at.callee.type === 'Identifier' && /Error$/.test(at.callee.name)) return true;
        break;
      case 'CallExpression':
        if (
          at.callee.type === 'MemberExpression' &&
          at.callee.object.type === 'Identifier' &&
          at.callee.object.name === 'console'
        )
          return true;
        // a message's key and other arguments to the translator are not prose
        if (at.callee.type === 'Identifier' && ['t', 'rich'].includes(at.callee.name) && at.arguments[0] === child)
          return true;
        break;
      case 'Property':
        if (at.key === child) return true;
        break;
      case 'JSXAttribute': {
        const name = propName(at.name) ?? '';
        if (name.startsWith('data-') || name === 'className' || name === 'style') return true;
        break;
      }
      case 'BinaryExpression':
        // comparing with a word ("state === 'online'") is code
        if (['===', '!==', '==', '!='].includes(at.operator)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing words come from the catalogues (t(), rich()), not from literals.' },
    schema: [],
    messages: {
      jsxText: 'Text in JSX: put “{{text}}” in shared/i18n/en.json and use t().',
      prop: 'A literal for the user-facing “{{prop}}”: put “{{text}}” in shared/i18n/en.json and use t().',
      prose:
        'A sentence in code: put “{{text}}” in shared/i18n/en.json and use t() (or, if staff never see it, say so in an error or the log).',
    },
  },
  create(context) {
    const reported = new Set();
    const report = (node, messageId, text, prop) => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, messageId, data: { text: text.trim().slice(0, 60), prop } });
    };
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, 'jsxText', node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        for (const { node: lit, text } of literalsOf(node.expression)) if (hasWords(text)) report(lit, 'jsxText', text);
      },
      JSXAttribute(node) {
        const name = propName(node.name);
        if (!name || !USER_FACING.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        for (const { node: lit, text } of literalsOf(value)) if (hasWords(text)) report(lit, 'prop', text, name);
      },
      Property(node) {
        const name = propName(node.key);
        if (!name || !USER_FACING.has(name) || node.computed) return;
        for (const { node: lit, text } of literalsOf(node.value)) if (hasWords(text)) report(lit, 'prop', text, name);
      },
      Literal(node) {
        if (typeof node.value !== 'string' || !PROSE.test(node.value) || CODE_LIKE.test(node.value)) return;
        if (!proseAllowedAt(node)) report(node, 'prose', node.value);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? '').join(' ');
        if (!PROSE.test(text) || CODE_LIKE.test(text)) return;
        if (!proseAllowedAt(node)) report(node, 'prose', text);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
