import path from 'node:path';

/**
 * Client: imports run one way: shared code (src/shared, src/components, src/lib, src/api, src/styles,
 * machines/, openapi/) → features (src/features/<name>) → the app shell (src/app). Features never
 * import each other, shared code imports no feature, and nothing outside the shell imports from it
 * (src/main.tsx and src/entry-server.tsx start the shell, so they may). Relative imports are resolved
 * against the importing file, so `../orders/x` inside src/features/admin stays inside admin.
 * Why a local rule rather than eslint-plugin-boundaries: docs/decisions/027-import-layers.md.
 *
 * Server: every folder of server/ has a rank (SERVER_LAYERS, decision 077), and a file imports only
 * its own rank or lower ones: the boot (app, server, seed) → routes → plugins → jobs (the cron
 * schedulers) → services → mails → queue (queue and mail outbox plumbing) → repositories → lib →
 * db and config. Two skips are forbidden too: a route never imports a repository or the database
 * (it calls a service; a type-only import of a row's shape is no call), and SQL (a `.query(…)` call) runs only in repositories/, db/ and queue/ (the
 * job tables). The files that still do either are listed in SQL_ALLOWED and ROUTE_SKIPS_ALLOWED: a
 * list that only shrinks. Nothing in server/ imports the client (src/, machines/). Below
 * everything, domain/ (the pure rules, decision 035) imports nothing outside itself but the
 * contract's types (openapi/schema, type-only) and its generated constants (openapi/rules).
 * Cycles are caught beside this rule (tests/unit/import-cycles.test.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['src/shared', 'src/components', 'src/lib', 'src/api', 'src/styles', 'machines', 'openapi'];
const SHELL_STARTERS = ['src/main.tsx', 'src/entry-server.tsx'];

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);
/** The server's layers, lowest first: a file may import its own layer or a lower one. */
const SERVER_LAYERS = [
  ['server/config', 'server/rate-limits', 'server/db', 'server/migrations'],
  ['server/lib'],
  ['server/repositories'],
  ['server/queue'],
  ['server/mails'],
  ['server/services', 'server/app-context'],
  ['server/jobs'],
  ['server/plugins'],
  ['server/routes'],
  ['server/app', 'server/server', 'server/migrate-cli', 'server/seed'],
];
const layerName = (rank) => SERVER_LAYERS[rank].join(', ');
const serverLayer = (file) => SERVER_LAYERS.findIndex((folders) => folders.some((folder) => within(file, folder)));
/** Where SQL may run: the data layer, the database itself, the job queue's own tables and first-start data. */
const SQL_HOMES = ['server/repositories', 'server/db', 'server/queue', 'server/migrations', 'server/seed'];
/**
 * Files outside SQL_HOMES that still run SQL (issue 35: 15 services ran 38 queries). Move a file's
 * queries to repositories/ and take it off this list; a file not listed that runs SQL fails the lint.
 */
export const SQL_ALLOWED = [
  'server/services/purge.ts',
  'server/services/reminders.ts',
  'server/services/rate-limiter.ts',
  'server/routes/operations.ts',
];
/** Routes that still import a repository or the database (issue 35: three and operations.ts; now the health probe alone). */
export const ROUTE_SKIPS_ALLOWED = ['server/routes/operations.ts'];
const SQL_METHODS = new Set(['query']);
const CLIENT = ['src', 'machines'];
/** The one thing domain/ may import from outside itself: the contract's generated types. */
const CONTRACT_TYPES = 'openapi/schema';
/** And its generated constants (patterns, lengths): pure data, generated from the same document. */
const CONTRACT_RULES = 'openapi/rules';
const featureOf = (file) => (within(file, 'src/features') ? file.split('/')[2] : null);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way: shared code → features → app shell; features do not import each other.' },
    schema: [],
    messages: {
      domainImportsOut: 'domain/ is below everything: {{from}} may not import {{to}} (only domain/ and the types of openapi/schema).',
      serverImportsClient: 'The server imports nothing from the client: {{from}} imports {{to}}; move the shared rule to domain/.',
      serverUpward: '{{from}} ({{fromLayer}}) imports {{to}} ({{toLayer}}), a layer above it: routes → plugins → jobs → services → mails → queue → repositories → lib → db.',
      routeSkips: '{{from}} imports {{to}}: a route calls a service, never a repository or the database.',
      sqlOutsideRepositories: '{{from}} runs SQL: SQL lives in server/repositories/ (move the statement there and call it).',
      intoShell: '{{from}} imports {{to}} from the app shell: move what it needs to src/shared (only src/app composes).',
      acrossFeatures: 'Feature "{{fromFeature}}" imports feature "{{toFeature}}" ({{to}}): move the shared part to src/shared or src/components.',
      sharedIntoFeature: 'Shared code {{from}} imports feature code {{to}}: shared code sits below the features.',
    },
  },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    /** A top-level file (server/config.ts) is ranked by its name without the extension, as imports name it. */
    const fromModule = from.replace(/\.(ts|tsx|js|mjs)$/, '');
    const check = (node, source, typeOnly = false) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/').replace(/\.(ts|tsx|js|mjs)$/, '');
      if (within(from, 'domain')) {
        if (!within(to, 'domain') && !(typeOnly && to === CONTRACT_TYPES) && to !== CONTRACT_RULES) context.report({ node, messageId: 'domainImportsOut', data: { from, to } });
        return;
      }
      if (within(from, 'server')) {
        if (CLIENT.some((folder) => within(to, folder))) {
          context.report({ node, messageId: 'serverImportsClient', data: { from, to } });
          return;
        }
        const [fromRank, toRank] = [serverLayer(fromModule), serverLayer(to)];
        if (fromRank >= 0 && toRank > fromRank) {
          context.report({ node, messageId: 'serverUpward', data: { from, to, fromLayer: layerName(fromRank), toLayer: layerName(toRank) } });
        } else if (!typeOnly && within(from, 'server/routes') && (within(to, 'server/repositories') || within(to, 'server/db')) && !ROUTE_SKIPS_ALLOWED.includes(from)) {
          context.report({ node, messageId: 'routeSkips', data: { from, to } });
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
    const runsSql = within(from, 'server') && !SQL_HOMES.some((folder) => within(from, folder)) && !SQL_ALLOWED.includes(from);
    return {
      CallExpression: (node) => {
        if (runsSql && node.callee.type === 'MemberExpression' && !node.callee.computed && SQL_METHODS.has(node.callee.property.name)) {
          context.report({ node, messageId: 'sqlOutsideRepositories', data: { from } });
        }
      },
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
