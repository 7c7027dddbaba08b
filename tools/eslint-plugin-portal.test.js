// The boundary rules as `npx eslint .` applies them (the project's own eslint.config.js), on
// code written at the places it would stand. Each case would pass or fail the other way if the
// rule or the configuration changed.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the project's rules for `code` placed at `file`. */
async function problems(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => ['portal/boundaries', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports'].includes(m.ruleId))
    .map((m) => m.message);
}

const use = (name) => `\nexport const probe = ${name};\n`;

describe('import boundaries (portal/boundaries)', () => {
  it('web: a feature imports its own files, components/, lib/ and the test support, not another feature nor app/', async () => {
    const file = 'apps/web/src/features/hr/probe.ts';
    expect(await problems(file, `import { labels } from './labels';${use('labels')}`)).toEqual([]);
    expect(await problems(file, `import { Page } from '../../components/page';${use('Page')}`)).toEqual([]);
    expect(await problems(file, `import { api } from '../../lib/api';${use('api')}`)).toEqual([]);
    expect(await problems(file, `import { fakeApi } from '../../test/fake-api';${use('fakeApi')}`)).toEqual([]);
    expect(await problems(file, `import { initApplication } from '../applications/applications-api';${use('initApplication')}`)).toEqual([
      'a feature does not import another feature (hr → applications); move what both need to components/ or lib/',
    ]);
    expect(await problems(file, `import { NAV_ENTRIES } from '../../app/navigation';${use('NAV_ENTRIES')}`)).toEqual([
      'a feature does not import app/ (hr → app/navigation); shared UI lives in components/',
    ]);
    expect(
      await problems('apps/web/src/features/registration/steps/probe.tsx', `const load = () => import('../../hr/dossier-page');${use('load')}`),
    ).toHaveLength(1);
  });

  it('web: a feature builds no MUI table (OfficeTable does); components/ may', async () => {
    const file = 'apps/web/src/features/hr/probe.tsx';
    const why = (name) => `a feature builds no MUI table (@mui/material/${name}); give columns to OfficeTable or ListPage (components/office-table.tsx)`;
    expect(await problems(file, `import TableCell from '@mui/material/TableCell';${use('TableCell')}`)).toEqual([why('TableCell')]);
    expect(await problems(file, `import Table from '@mui/material/Table';${use('Table')}`)).toEqual([why('Table')]);
    expect(await problems(file, `import { TableRow } from '@mui/material';${use('TableRow')}`)).toHaveLength(1);
    expect(await problems(file, `import Tabs from '@mui/material/Tabs';${use('Tabs')}`)).toEqual([]);
    expect(await problems(file, `import { OfficeTable } from '../../components/office-table';${use('OfficeTable')}`)).toEqual([]);
    expect(await problems('apps/web/src/components/probe.tsx', `import TableCell from '@mui/material/TableCell';${use('TableCell')}`)).toEqual([]);
  });

  it('web: components/ import no feature, lib/ imports only lib/; app/ composes everything', async () => {
    expect(
      await problems('apps/web/src/components/probe.tsx', `import { useLanguage } from '../features/settings/settings-api';${use('useLanguage')}`),
    ).toHaveLength(1);
    expect(await problems('apps/web/src/lib/probe.ts', `import { Page } from '../components/page';${use('Page')}`)).toHaveLength(1);
    expect(await problems('apps/web/src/lib/probe.ts', `import { i18n } from './i18n';${use('i18n')}`)).toEqual([]);
    expect(
      await problems('apps/web/src/app/probe.tsx', `import { LanguageSwitch } from '../features/settings/language-switch';${use('LanguageSwitch')}`),
    ).toEqual([]);
  });

  it('server: a feature calls another only through its services; lib/ and db/ import no feature', async () => {
    const file = 'apps/server/src/features/academic/probe.ts';
    expect(await problems(file, `import { joinSubjectCatalogue } from '../applications/subjects.service';${use('joinSubjectCatalogue')}`)).toEqual([]);
    expect(await problems(file, `import { lockApplication } from '../applications/application-lock';${use('lockApplication')}`)).toEqual([
      "a feature calls another only through its services (academic → features/applications/application-lock); import applications's *.service.ts",
    ]);
    expect(await problems('apps/server/src/features/academic/probe.test.ts', `import { apply } from '../applications/fixtures';${use('apply')}`)).toEqual([]);
    expect(await problems('apps/server/src/lib/probe.ts', `import { hrRoutes } from '../features/hr/hr.routes';${use('hrRoutes')}`)).toHaveLength(1);
    expect(await problems('apps/server/src/app-probe.ts', `import { hrRoutes } from './features/hr/hr.routes';${use('hrRoutes')}`)).toEqual([]);
  });

  it('server: a feature imports neither app.ts, main.ts nor seed/ (which compose the features); its tests and fixtures may', async () => {
    const file = 'apps/server/src/features/timetable/probe.ts';
    expect(await problems(file, `import { PORTAL_JOBS } from '../../app';${use('PORTAL_JOBS')}`)).toEqual([
      'a feature does not import app.ts, plugins/, main.ts nor seed/, which compose the features (timetable → app); move what it needs to lib/',
    ]);
    expect(await problems(file, `import { DEMO_ACCOUNTS } from '../../seed/demo';${use('DEMO_ACCOUNTS')}`)).toEqual([
      'a feature does not import app.ts, plugins/, main.ts nor seed/, which compose the features (timetable → seed/demo); move what it needs to lib/',
    ]);
    expect(
      await problems('apps/server/src/features/timetable/planning/probe.service.ts', `const seed = () => import('../../../seed');${use('seed')}`),
    ).toHaveLength(1);
    expect(await problems(file, `import { main } from '../../main';${use('main')}`)).toHaveLength(1);
    expect(await problems(file, `import { contextPlugin } from '../../plugins/context';${use('contextPlugin')}`)).toHaveLength(1);
    expect(await problems(file, `import { audit } from '../../lib/audit';${use('audit')}`)).toEqual([]);
    expect(
      await problems(
        'apps/server/src/features/timetable/probe.test.ts',
        `import { PORTAL_JOBS } from '../../app';\nimport { DEMO_ACCOUNTS } from '../../seed/demo';${use('[PORTAL_JOBS, DEMO_ACCOUNTS]')}`,
      ),
    ).toEqual([]);
    expect(
      await problems('apps/server/src/features/timetable/probe.fixtures.ts', `import { DEMO_ACCOUNTS } from '../../seed/demo';${use('DEMO_ACCOUNTS')}`),
    ).toEqual([]);
    expect(await problems('apps/server/src/features/timetable/fixtures.ts', `import { DEMO_ACCOUNTS } from '../../seed/demo';${use('DEMO_ACCOUNTS')}`)).toEqual(
      [],
    );
  });
});

describe('the other import rules', () => {
  it('a route file neither queries nor touches the database', async () => {
    const file = 'apps/server/src/features/hr/probe.routes.ts';
    expect(await problems(file, `import { eq } from 'drizzle-orm';${use('eq')}`)).toHaveLength(1);
    expect(await problems(file, `import { persons } from '../../db/schema';${use('persons')}`)).toHaveLength(1);
    expect(await problems('apps/server/src/features/hr/probe.service.ts', `import { eq } from 'drizzle-orm';${use('eq')}`)).toEqual([]);
  });

  it("the web takes the rules entry's values from @portal/contract/rules (types may come from anywhere)", async () => {
    const file = 'apps/web/src/features/hr/probe.ts';
    expect(await problems(file, `import { STAFF_STATUSES } from '@portal/contract';${use('STAFF_STATUSES')}`)).toHaveLength(1);
    expect(await problems(file, `import { STAFF_STATUSES } from '@portal/contract/rules';${use('STAFF_STATUSES')}`)).toEqual([]);
    expect(
      await problems(file, `import { type StaffStatus, PersonRecord } from '@portal/contract';${use('PersonRecord')}\nexport type S = StaffStatus;`),
    ).toEqual([]);
  });

  it('the rules entry depends on nothing', async () => {
    expect(await problems('packages/contract/src/rules/probe.ts', `import { z } from 'zod';${use('z')}`)).toHaveLength(1);
    expect(await problems('packages/contract/src/rules/probe.ts', `import { PersonRecord } from '../profile';${use('PersonRecord')}`)).toHaveLength(1);
  });
});
