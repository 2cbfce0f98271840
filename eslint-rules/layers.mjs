import path from 'node:path';

/**
 * Imports run one way: shared code (src/shared, src/components, src/lib, src/api, src/styles,
 * machines/, openapi/) → features (src/features/<name>) → the app shell (src/app). Features never
 * import each other, shared code imports no feature, and nothing outside the shell imports from it
 * (src/main.tsx and src/entry-server.tsx start the shell, so they may). Relative imports are resolved
 * against the importing file, so `../orders/x` inside src/features/admin stays inside admin.
 * Why a local rule rather than eslint-plugin-boundaries: docs/decisions/027-import-layers.md.
 */
const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['src/shared', 'src/components', 'src/lib', 'src/api', 'src/styles', 'machines', 'openapi'];
const SHELL_STARTERS = ['src/main.tsx', 'src/entry-server.tsx'];

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const featureOf = (file) => (within(file, 'src/features') ? file.split('/')[2] : null);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way: shared code → features → app shell; features do not import each other.' },
    schema: [],
    messages: {
      intoShell: '{{from}} imports {{to}} from the app shell: move what it needs to src/shared (only src/app composes).',
      acrossFeatures: 'Feature "{{fromFeature}}" imports feature "{{toFeature}}" ({{to}}): move the shared part to src/shared or src/components.',
      sharedIntoFeature: 'Shared code {{from}} imports feature code {{to}}: shared code sits below the features.',
    },
  },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      if (within(to, 'src/app') && !within(from, 'src/app') && !SHELL_STARTERS.includes(from)) {
        context.report({ node, messageId: 'intoShell', data: { from, to } });
        return;
      }
      const [fromFeature, toFeature] = [featureOf(from), featureOf(to)];
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: 'acrossFeatures', data: { fromFeature, toFeature, to } });
      } else if (toFeature && SHARED.some((folder) => within(from, folder))) {
        context.report({ node, messageId: 'sharedIntoFeature', data: { from, to } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
