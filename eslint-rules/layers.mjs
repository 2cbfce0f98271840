import path from 'node:path';

/**
 * Client: imports run one way: shared code (src/shared, src/components, src/lib, src/api, src/styles,
 * machines/, openapi/) → features (src/features/<name>) → the app shell (src/app). Features never
 * import each other, shared code imports no feature, and nothing outside the shell imports from it
 * (src/main.tsx and src/entry-server.tsx start the shell, so they may). Relative imports are resolved
 * against the importing file, so `../orders/x` inside src/features/admin stays inside admin.
 * Why a local rule rather than eslint-plugin-boundaries: docs/decisions/027-import-layers.md.
 *
 * Server: server/routes → server/services → server/repositories → server/db, never upward, and
 * nothing in server/ imports the client (src/, machines/). Below everything, domain/ (the pure
 * rules, decision 035) imports nothing outside itself but the contract's types (openapi/schema,
 * type-only). Folders of server/ outside the four layers (lib, plugins, jobs, seed) are not ranked.
 */
const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['src/shared', 'src/components', 'src/lib', 'src/api', 'src/styles', 'machines', 'openapi'];
const SHELL_STARTERS = ['src/main.tsx', 'src/entry-server.tsx'];

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);
/** The server's layers, lowest first: a file may import its own layer or a lower one. */
const SERVER_LAYERS = ['server/db', 'server/repositories', 'server/services', 'server/routes'];
const serverLayer = (file) => SERVER_LAYERS.findIndex((folder) => within(file, folder));
const CLIENT = ['src', 'machines'];
/** The one thing domain/ may import from outside itself: the contract's generated types. */
const CONTRACT_TYPES = 'openapi/schema';
const featureOf = (file) => (within(file, 'src/features') ? file.split('/')[2] : null);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way: shared code → features → app shell; features do not import each other.' },
    schema: [],
    messages: {
      domainImportsOut: 'domain/ is below everything: {{from}} may not import {{to}} (only domain/ and the types of openapi/schema).',
      serverImportsClient: 'The server imports nothing from the client: {{from}} imports {{to}}; move the shared rule to domain/.',
      serverUpward: '{{from}} ({{fromLayer}}) imports {{to}} ({{toLayer}}), a layer above it: routes → services → repositories → db.',
      intoShell: '{{from}} imports {{to}} from the app shell: move what it needs to src/shared (only src/app composes).',
      acrossFeatures: 'Feature "{{fromFeature}}" imports feature "{{toFeature}}" ({{to}}): move the shared part to src/shared or src/components.',
      sharedIntoFeature: 'Shared code {{from}} imports feature code {{to}}: shared code sits below the features.',
    },
  },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node, source, typeOnly = false) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs)$/, '');
      if (within(from, 'domain')) {
        if (!within(to, 'domain') && !(typeOnly && to === CONTRACT_TYPES)) context.report({ node, messageId: 'domainImportsOut', data: { from, to } });
        return;
      }
      if (within(from, 'server')) {
        if (CLIENT.some((folder) => within(to, folder))) {
          context.report({ node, messageId: 'serverImportsClient', data: { from, to } });
          return;
        }
        const [fromRank, toRank] = [serverLayer(from), serverLayer(to)];
        if (fromRank >= 0 && toRank > fromRank) {
          context.report({ node, messageId: 'serverUpward', data: { from, to, fromLayer: SERVER_LAYERS[fromRank], toLayer: SERVER_LAYERS[toRank] } });
        }
        return;
      }
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
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
