import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CatalogueBranch, CatalogueClass, CatalogueCycle, CatalogueDepartment } from '@portal/contract';
import { LEVEL_IDS as LEVEL_LIST, REGIMES as REGIME_LIST } from '@portal/contract/rules';
import { Page } from '../../components/page';
import { useCatalogue, useEntityList } from './academic-api';
import { EntryTable, type Column, type FieldSpec, type Option } from './entry-table';
import { localName, regimeLabel } from './labels';
import { SubjectsTab } from './subjects-tab';

const TABS = ['departments', 'branches', 'cycles', 'classes', 'subjects'] as const;
type TabName = (typeof TABS)[number];

const NAME_FIELDS: FieldSpec[] = [
  { name: 'NAME', kind: 'text' },
  { name: 'NAME_FR', kind: 'text' },
];

/** The level names of the catalogue ("Level 1" ...), in the current language; the number alone until they load. */
export function useLevelOptions(): Option[] {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  return LEVEL_LIST.map((level) => {
    const found = catalogue.data?.levels.find((item) => item.id === level);
    return { value: String(level), label: found ? localName(i18n.language, found) : t('academic.level', { level }) };
  });
}

function DepartmentsTab() {
  const list = useEntityList('departments');
  const columns: Column<CatalogueDepartment>[] = [
    { key: 'CODE', render: (row) => row.CODE },
    { key: 'NAME', render: (row) => row.NAME },
    { key: 'NAME_FR', render: (row) => row.NAME_FR },
  ];
  return (
    <EntryTable
      entity="departments"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={columns}
      fields={[{ name: 'CODE', kind: 'text' }, ...NAME_FIELDS]}
      codeField="CODE"
      toValues={(row) => ({ CODE: row?.CODE ?? '', NAME: row?.NAME ?? '', NAME_FR: row?.NAME_FR ?? '' })}
      describe={(row) => row.CODE}
    />
  );
}

function BranchesTab() {
  const { i18n } = useTranslation();
  const list = useEntityList('branches');
  const departments = useEntityList('departments');
  const department = (id: number) => departments.data?.find((item) => item.id === id);
  const columns: Column<CatalogueBranch>[] = [
    { key: 'ABBREVIATION', render: (row) => row.ABBREVIATION },
    { key: 'NAME', render: (row) => row.NAME },
    { key: 'NAME_FR', render: (row) => row.NAME_FR },
    { key: 'DEPARTMENT_ID', render: (row) => department(row.DEPARTMENT_ID)?.CODE ?? row.DEPARTMENT_ID },
  ];
  const options = (departments.data ?? []).map((item) => ({ value: String(item.id), label: `${item.CODE} – ${localName(i18n.language, item)}` }));
  return (
    <EntryTable
      entity="branches"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={columns}
      fields={[{ name: 'ABBREVIATION', kind: 'text', width: 6 }, { name: 'DEPARTMENT_ID', kind: 'select', options, width: 6 }, ...NAME_FIELDS]}
      codeField="ABBREVIATION"
      toValues={(row) => ({
        ABBREVIATION: row?.ABBREVIATION ?? '',
        NAME: row?.NAME ?? '',
        NAME_FR: row?.NAME_FR ?? '',
        DEPARTMENT_ID: row ? String(row.DEPARTMENT_ID) : '',
      })}
      describe={(row) => row.ABBREVIATION}
    />
  );
}

function CyclesTab() {
  const { t } = useTranslation();
  const list = useEntityList('cycles');
  const levels = useLevelOptions();
  const columns: Column<CatalogueCycle>[] = [
    { key: 'CODE', render: (row) => row.CODE },
    { key: 'NAME', render: (row) => row.NAME },
    { key: 'NAME_FR', render: (row) => row.NAME_FR },
    { key: 'LEVELS', render: (row) => `${row.FIRST_LEVEL} ${t('academic.levelRange')} ${row.LAST_LEVEL}` },
  ];
  return (
    <EntryTable
      entity="cycles"
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      columns={columns}
      fields={[
        { name: 'CODE', kind: 'text' },
        ...NAME_FIELDS,
        { name: 'FIRST_LEVEL', kind: 'select', options: levels, width: 6 },
        { name: 'LAST_LEVEL', kind: 'select', options: levels, width: 6 },
      ]}
      codeField="CODE"
      toValues={(row) => ({
        CODE: row?.CODE ?? '',
        NAME: row?.NAME ?? '',
        NAME_FR: row?.NAME_FR ?? '',
        FIRST_LEVEL: row ? String(row.FIRST_LEVEL) : '',
        LAST_LEVEL: row ? String(row.LAST_LEVEL) : '',
      })}
      describe={(row) => row.CODE}
    />
  );
}

function ClassesTab() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState('');
  const list = useEntityList('classes');
  const branches = useEntityList('branches');
  const cycles = useEntityList('cycles');
  const levels = useLevelOptions();
  const branch = (id: number) => branches.data?.find((item) => item.id === id);
  const cycle = (id: number) => cycles.data?.find((item) => item.id === id);
  const columns: Column<CatalogueClass>[] = [
    { key: 'CODE', render: (row) => row.CODE },
    { key: 'BRANCH_ID', render: (row) => branch(row.BRANCH_ID)?.ABBREVIATION ?? row.BRANCH_ID },
    { key: 'CYCLE_ID', render: (row) => cycle(row.CYCLE_ID)?.CODE ?? row.CYCLE_ID },
    { key: 'LEVEL_ID', render: (row) => levels.find((level) => level.value === String(row.LEVEL_ID))?.label ?? row.LEVEL_ID },
    { key: 'SHIFT', render: (row) => regimeLabel(t, row.SHIFT) },
  ];
  const needle = filter.trim().toLowerCase();
  const rows =
    list.data && needle
      ? list.data.filter((row) => row.CODE.toLowerCase().includes(needle) || (branch(row.BRANCH_ID)?.ABBREVIATION.toLowerCase() ?? '') === needle)
      : list.data;
  return (
    <EntryTable
      entity="classes"
      rows={rows}
      loading={list.isPending}
      error={list.error}
      columns={columns}
      fields={[
        { name: 'CODE', kind: 'text', width: 6 },
        { name: 'SHIFT', kind: 'select', options: REGIME_LIST.map((regime) => ({ value: regime, label: regimeLabel(t, regime) })), width: 6 },
        {
          name: 'BRANCH_ID',
          kind: 'select',
          options: (branches.data ?? []).map((item) => ({ value: String(item.id), label: `${item.ABBREVIATION} – ${localName(i18n.language, item)}` })),
        },
        {
          name: 'CYCLE_ID',
          kind: 'select',
          options: (cycles.data ?? []).map((item) => ({ value: String(item.id), label: localName(i18n.language, item) })),
          width: 6,
        },
        { name: 'LEVEL_ID', kind: 'select', options: levels, width: 6 },
      ]}
      codeField="CODE"
      toValues={(row) => ({
        CODE: row?.CODE ?? '',
        BRANCH_ID: row ? String(row.BRANCH_ID) : '',
        CYCLE_ID: row ? String(row.CYCLE_ID) : '',
        LEVEL_ID: row ? String(row.LEVEL_ID) : '',
        SHIFT: row?.SHIFT ?? 'DAY',
      })}
      describe={(row) => row.CODE}
      toolbar={
        <TextField
          id="academic-classes-filter"
          type="search"
          size="small"
          label={t('academic.classes.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ flex: '0 1 260px' }}
        />
      }
    />
  );
}

export default function CataloguePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabName = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabName) : 'departments';
  return (
    <Page title={t('academic.catalogue.title')} maxWidth="lg" intro={t('academic.catalogue.intro')}>
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setParams(value === 'departments' ? {} : { tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('academic.catalogue.tabs')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`academic.${name}.title`)} id={`academic-tab-${name}`} aria-controls={`academic-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`academic-panel-${tab}`} aria-labelledby={`academic-tab-${tab}`}>
        {tab === 'departments' ? <DepartmentsTab /> : null}
        {tab === 'branches' ? <BranchesTab /> : null}
        {tab === 'cycles' ? <CyclesTab /> : null}
        {tab === 'classes' ? <ClassesTab /> : null}
        {tab === 'subjects' ? <SubjectsTab /> : null}
      </Box>
    </Page>
  );
}
