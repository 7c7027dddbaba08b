// The project's own lint rule: who may import whom (docs/architecture.md, "Boundaries").
//
// Web (apps/web/src):
//   - a feature imports its own files, components/, lib/, locales/ and test/ (test support),
//     never another feature nor app/;
//   - components/ imports components/, lib/ and locales/: no feature, no app/;
//   - lib/ imports lib/ and locales/ only;
//   - app/ composes everything (routes, layout, menus) and may import any of it;
//   - a feature builds no MUI table (`@mui/material/Table*`): its lists are components/office-table.tsx
//     (`OfficeTable`, `ListPage`), so that every office list has the same frame, empty line,
//     paging and row choice (issue 34).
// Server (apps/server/src):
//   - a feature imports another feature only through that feature's services
//     (`<other>/*.service.ts`); its routes, locks, helpers and fixtures are its own
//     (tests may also use another feature's fixtures);
//   - a feature imports neither app.ts, plugins/, main.ts nor seed/, which compose the features: what a
//     feature needs from there belongs in lib/ (its tests and fixtures may use them: the demo
//     accounts, the job list);
//   - lib/ and db/ import no feature;
//   - app.ts, plugins/, main.ts and seed/ compose the features and may import them.
// Relative imports are resolved against the importing file; packages are not checked here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web/src');
const SERVER = path.join(ROOT, 'apps/server/src');

/** Where a file stands: which side, which layer, which feature. */
function placeOf(file) {
  for (const [side, base] of [
    ['web', WEB],
    ['server', SERVER],
  ]) {
    const rel = path.relative(base, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const [layer, feature] = rel.split(path.sep);
    if (layer === 'features' && feature) return { side, layer, feature, rel };
    return { side, layer: rel.includes(path.sep) ? layer : '(root)', feature: null, rel };
  }
  return null;
}

/** An import of MUI's table parts: `@mui/material/Table...`, or `Table...` named from `@mui/material`. */
function importsMuiTable(node) {
  const source = node.source?.value;
  if (typeof source !== 'string') return false;
  if (/^@mui\/material\/Table/.test(source)) return true;
  return source === '@mui/material' && (node.specifiers ?? []).some((s) => s.type === 'ImportSpecifier' && /^Table/.test(s.imported.name ?? s.imported.value));
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isFixtures = (file) => /(^|\.)fixtures\.ts$/.test(path.basename(file));

/** Server: app.ts (or an app/ folder beside it), its plugins/, main.ts and seed/ (its files or its index), which compose the features. */
const composesFeatures = (to) =>
  to.layer === 'seed' || to.layer === 'app' || to.layer === 'plugins' || (to.layer === '(root)' && /^(app|main|seed)(\.ts)?$/.test(to.rel));

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to, fromFile, toFile) {
  if (from.side !== to.side) return null;
  if (from.side === 'web') {
    if (from.layer === 'features') {
      if (to.layer === 'features' && to.feature !== from.feature)
        return `a feature does not import another feature (${from.feature} → ${to.feature}); move what both need to components/ or lib/`;
      if (to.layer === 'app') return `a feature does not import app/ (${from.feature} → ${to.rel}); shared UI lives in components/`;
      return null;
    }
    if (from.layer === 'components' && (to.layer === 'features' || to.layer === 'app')) return `components/ imports no feature and not app/ (→ ${to.rel})`;
    if (from.layer === 'lib' && (to.layer === 'features' || to.layer === 'app' || to.layer === 'components'))
      return `lib/ imports only lib/ and locales/ (→ ${to.rel})`;
    return null;
  }
  // server
  if (from.layer === 'features') {
    if (composesFeatures(to))
      return isTest(fromFile) || isFixtures(fromFile)
        ? null
        : `a feature does not import app.ts, plugins/, main.ts nor seed/, which compose the features (${from.feature} → ${to.rel}); move what it needs to lib/`;
    if (to.layer !== 'features' || to.feature === from.feature) return null;
    const base = path.basename(toFile);
    if (base.endsWith('.service.ts')) return null;
    if (isTest(fromFile) && isFixtures(toFile)) return null;
    return `a feature calls another only through its services (${from.feature} → ${to.rel}); import ${to.feature}'s *.service.ts`;
  }
  if ((from.layer === 'lib' || from.layer === 'db') && to.layer === 'features') return `${from.layer}/ imports no feature (→ ${to.rel})`;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between features, app/, components/ and lib/' },
    schema: [],
    messages: { refused: '{{why}}' },
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = placeOf(target);
      if (!to) return;
      const why = refusal(from, to, file, target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`);
      if (why) context.report({ node, messageId: 'refused', data: { why } });
    };
    const tables = from.side === 'web' && from.layer === 'features';
    return {
      ImportDeclaration: (node) => {
        if (tables && importsMuiTable(node)) {
          context.report({
            node,
            messageId: 'refused',
            data: { why: `a feature builds no MUI table (${node.source.value}); give columns to OfficeTable or ListPage (components/office-table.tsx)` },
          });
        }
        check(node.source, node.source.value);
      },
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** The values `@portal/contract/rules` exports (read from its sources: the config cannot load TypeScript). */
export function rulesEntryNames() {
  const dir = path.join(ROOT, 'packages/contract/src/rules');
  const names = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/^export (?:const|function|class|let) (\w+)/gm)) names.add(match[1]);
  }
  return [...names].sort();
}

export default { rules: { boundaries } };
