import path from 'node:path';

/**
 * Client: imports run one way: shared code (src/shared, src/components, src/lib, src/api, src/styles,
 * machines/, openapi/) → features (src/features/<name>) → the app shell (src/app). Features never
 * import each other, shared code imports no feature, and nothing outside the shell imports from it
 * (src/main.tsx and src/entry-server.tsx start the shell, so they may). Relative imports are resolved
 * against the importing file, so `../orders/x` inside src/features/admin stays inside admin.
 * Why a local rule rather than eslint-plugin-boundaries: docs/decisions/027-import-layers.md.
 *
 * Server: every folder of server/ has a rank (SERVER_LAYERS, decisions 077 and 098), and a file
 * imports only its own rank or lower ones: the boot (app, server, seed) → routes → plugins → jobs
 * (the cron schedulers) → services → mails → queue (queue and mail outbox plumbing) → repositories
 * → lib → db, config and rate-limits. Skipping is forbidden on the data chain (CHAIN_IMPORTERS):
 * only services import repositories and only repositories import db/ (types excepted), and SQL (a
 * `.query(…)` call) runs only in repositories/, db/ and queue/ (the job tables), nor is it written
 * as text anywhere else (SQL_TEXT: a service handing a repository SQL to run is SQL in a service). No file is excepted
 * (before decision 098, 19 on an allow-list). Nothing in server/ imports the client (src/,
 * machines/). Below
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
  ['server/app', 'server/server', 'server/migrate-cli', 'server/seed', 'server/job-services', 'server/jobs-thread', 'server/start-jobs-thread'],
];
const layerName = (rank) => SERVER_LAYERS[rank].join(', ');
const serverLayer = (file) => SERVER_LAYERS.findIndex((folders) => folders.some((folder) => within(file, folder)));
/** Where SQL may run: the data layer, the database itself, the job queue's own tables and first-start data. */
const SQL_HOMES = ['server/repositories', 'server/db', 'server/queue', 'server/migrations', 'server/seed'];
/**
 * No skipping (issue 35, decision 098): the layers that reach data form one chain, entry (routes,
 * plugins, jobs) → services → repositories → db. A value import from the chain goes down one link
 * only: repositories/ is imported (for a value) by services/ alone, db/ by repositories/ alone;
 * besides them only the queue (its own tables), the boot and first-start data open or run the
 * database. A type-only import is no call (a row's shape, the `Database` handle a service passes on)
 * and is not a skip. The utility layers (config, rate-limits, lib, queue, mails) are not links of
 * the chain: any layer above them may use them.
 */
const CHAIN_IMPORTERS = {
  'server/repositories': ['server/services', 'server/app', 'server/seed'],
  'server/db': ['server/repositories', 'server/queue', 'server/app', 'server/server', 'server/jobs-thread', 'server/migrate-cli', 'server/seed'],
};
const SQL_METHODS = new Set(['query']);
/**
 * SQL written as text (a string or template literal): a statement or a piece of one (a column's
 * subquery) is the data layer's too, even when a repository runs it for the service that wrote it
 * (issue 35). Upper-case keywords only, as the house writes SQL, so English words are not read as SQL.
 */
const SQL_TEXT = /\b(SELECT\b[\s\S]*\bFROM|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET|DECLARE\s+\w+[\s\S]*\bCURSOR|UNION(\s+ALL)?\s+SELECT)\b/;
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
      skipsLayer: '{{from}} imports {{to}}, skipping a layer: routes, plugins and jobs call services, services call repositories, repositories call db/ (a type-only import is allowed).',
      sqlOutsideRepositories: '{{from}} runs SQL: SQL lives in server/repositories/ (move the statement there and call it).',
      sqlTextOutsideRepositories: '{{from}} writes SQL text: SQL lives in server/repositories/ (build the statement there, with its row type, and call it).',
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
        } else if (!typeOnly) {
          const link = Object.keys(CHAIN_IMPORTERS).find((folder) => within(to, folder));
          if (link && !within(fromModule, link) && !CHAIN_IMPORTERS[link].some((folder) => within(fromModule, folder))) {
            context.report({ node, messageId: 'skipsLayer', data: { from, to } });
          }
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
    const runsSql = within(from, 'server') && !SQL_HOMES.some((folder) => within(from, folder));
    return {
      CallExpression: (node) => {
        if (runsSql && node.callee.type === 'MemberExpression' && !node.callee.computed && SQL_METHODS.has(node.callee.property.name)) {
          context.report({ node, messageId: 'sqlOutsideRepositories', data: { from } });
        }
      },
      Literal: (node) => {
        if (runsSql && typeof node.value === 'string' && SQL_TEXT.test(node.value)) context.report({ node, messageId: 'sqlTextOutsideRepositories', data: { from } });
      },
      TemplateLiteral: (node) => {
        if (runsSql && SQL_TEXT.test(node.quasis.map((quasi) => quasi.value.raw).join(' '))) context.report({ node, messageId: 'sqlTextOutsideRepositories', data: { from } });
      },
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
