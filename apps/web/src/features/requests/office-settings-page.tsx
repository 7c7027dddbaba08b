import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CategoryConfig, DecisionConfig, HopConfig, RequestConfig, SubcategoryConfig, UnitConfig, UnitMember } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FilterSelect } from '../../components/list-page';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { OfficeTable, type OfficeTableProps } from '../../components/office-table';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { inLanguage } from '../../lib/names';
import { positiveParam } from '../../lib/url-filters';
import { deleteDecision, deleteHop, refreshConfig, setMemberUnit, useDepartments, useMembers, useRequestConfig } from './office-api';
import { unitName } from './office-parts';
import { decisionLabel, labelled } from './request-labels';

// The forms (and the contract's schemas they validate with) load when one is first opened.
const loadDialogs = () => import('./office-settings-dialogs');
const UnitDialog = lazy(() => loadDialogs().then((module) => ({ default: module.UnitDialog })));
const CategoryDialog = lazy(() => loadDialogs().then((module) => ({ default: module.CategoryDialog })));
const SubcategoryDialog = lazy(() => loadDialogs().then((module) => ({ default: module.SubcategoryDialog })));
const HopDialog = lazy(() => loadDialogs().then((module) => ({ default: module.HopDialog })));
const DecisionDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DecisionDialog })));

const TABS = ['units', 'members', 'categories', 'routing'] as const;
type TabName = (typeof TABS)[number];

/** A table of the configuration: its columns (the last, the actions, to the right), its rows, a line when there are none; it scrolls sideways on a phone. */
function ConfigTable<R>(props: Pick<OfficeTableProps<R>, 'label' | 'columns' | 'rows' | 'rowKey' | 'empty'>) {
  return <OfficeTable minWidth={600} {...props} />;
}

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A delete button, off (with the reason) while the element is in use. */
function DeleteButton({ label, used, onClick }: { label: string; used: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={used ? t('requestsOffice.settings.inUse') : label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={used} onClick={onClick}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, justifyContent: 'flex-end', alignItems: 'flex-start' }}>{children}</Box>;
}

const EnabledChip = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={enabled ? 'success' : 'default'}
      variant={enabled ? 'filled' : 'outlined'}
      label={t(enabled ? 'requestsOffice.settings.enabled' : 'requestsOffice.settings.disabled')}
    />
  );
};

/** Who files under a category: lecturers and staff, or students (decision 41). */
const AudienceChip = ({ audience }: { audience: CategoryConfig['audience'] }) => {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={audience === 'STUDENT' ? 'secondary' : 'default'} label={t(`requestsOffice.settings.audiences.${audience}`)} />
  );
};

// ---------------------------------------------------------------- units

function UnitsTab({ config }: { config: RequestConfig }) {
  const { t, i18n } = useTranslation();
  const departments = useDepartments();
  const [editing, setEditing] = useState<UnitConfig | 'new' | null>(null);
  const department = (id: number | null) => (id === null ? null : departments.data?.find((item) => item.id === id));
  return (
    <>
      <Toolbar>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {t('requestsOffice.settings.units.add')}
        </Button>
      </Toolbar>
      <ConfigTable
        label={t('requestsOffice.settings.tabs.units')}
        rows={config.units}
        rowKey={(unit) => unit.id}
        empty={t('requestsOffice.settings.units.empty')}
        columns={[
          { header: t('requestsOffice.settings.units.columns.code'), sx: { fontWeight: 600 }, cell: (unit) => unit.code },
          { header: t('requestsOffice.settings.units.columns.name'), cell: (unit) => unit.name },
          { header: t('requestsOffice.settings.units.columns.nameFr'), cell: (unit) => unit.nameFr },
          {
            header: t('requestsOffice.settings.units.columns.department'),
            cell: (unit) => {
              const found = department(unit.departmentId);
              return unit.departmentId === null ? '—' : found ? `${found.CODE} – ${inLanguage(i18n.language, found.NAME, found.NAME_FR)}` : unit.departmentId;
            },
          },
          { header: t('requestsOffice.settings.units.columns.members'), align: 'right', headerAlign: 'left', cell: (unit) => unit.members },
          {
            header: t('requestsOffice.settings.units.columns.actions'),
            align: 'right',
            cell: (unit) => <EditButton label={t('requestsOffice.settings.editItem', { name: unit.code })} onClick={() => setEditing(unit)} />,
          },
        ]}
      />
      {editing ? (
        <Suspense fallback={null}>
          <UnitDialog unit={editing === 'new' ? null : editing} departments={departments.data ?? []} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------- members

/** The unit a member works in, saved as soon as it is chosen. */
function MemberUnit({ member, units }: { member: UnitMember; units: UnitConfig[] }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const name = `${member.LASTNAME} ${member.FIRSTNAME}`;
  const mutation = useMutation({
    mutationFn: (unit: string) => setMemberUnit(member.id, { REQUEST_UNIT_ID: unit === '' ? null : Number(unit) }),
    onSuccess: async () => {
      await refreshConfig(queryClient);
      notify('requestsOffice.settings.members.saved', 'success', { name });
    },
    onError: (error) => notify(errorKey(error), 'error'),
  });
  return (
    <TextField
      select
      size="small"
      id={`requests-member-${member.id}`}
      label={t('requestsOffice.settings.members.unitOf', { name })}
      value={member.REQUEST_UNIT_ID === null ? '' : String(member.REQUEST_UNIT_ID)}
      disabled={mutation.isPending}
      onChange={(event) => mutation.mutate(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 220, textAlign: 'left' }}
    >
      <MenuItem value="">{t('requestsOffice.settings.members.noUnit')}</MenuItem>
      {units.map((unit) => (
        <MenuItem key={unit.id} value={String(unit.id)}>
          {unitName(unit, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function MembersTab({ config }: { config: RequestConfig }) {
  const { t } = useTranslation();
  const members = useMembers();
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('requestsOffice.settings.members.intro')}
      </Typography>
      <LoadStatus error={members.error} loading={members.isPending} />
      {members.data ? (
        <ConfigTable
          label={t('requestsOffice.settings.tabs.members')}
          rows={members.data}
          rowKey={(member) => member.id}
          empty={t('requestsOffice.settings.members.empty')}
          columns={[
            { header: t('requestsOffice.settings.members.columns.matricule'), sx: { whiteSpace: 'nowrap' }, cell: (member) => member.MATRICULE },
            { header: t('requestsOffice.settings.members.columns.name'), sx: { fontWeight: 600 }, cell: (member) => `${member.LASTNAME} ${member.FIRSTNAME}` },
            { header: t('requestsOffice.settings.members.columns.username'), cell: (member) => member.username ?? '—' },
            {
              header: t('requestsOffice.settings.members.columns.roles'),
              cell: (member) => (
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {member.ROLES.map((role) => (
                    <Chip key={role} size="small" variant="outlined" label={t(`person.role.${role}`, { defaultValue: role })} />
                  ))}
                </Stack>
              ),
            },
            {
              header: t('requestsOffice.settings.members.columns.unit'),
              align: 'right',
              cell: (member) => <MemberUnit member={member} units={config.units} />,
            },
          ]}
        />
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------- categories and sub-categories

type EditingKind =
  { kind: 'category'; category: CategoryConfig | null } | { kind: 'subcategory'; categoryId: number; subcategory: SubcategoryConfig | null } | null;

function CategoriesTab({ config }: { config: RequestConfig }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [editing, setEditing] = useState<EditingKind>(null);
  const unit = (id: number) => config.units.find((item) => item.id === id);
  return (
    <>
      <Toolbar>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ kind: 'category', category: null })}>
          {t('requestsOffice.settings.categories.add')}
        </Button>
      </Toolbar>
      {config.categories.length === 0 ? <Alert severity="info">{t('requestsOffice.settings.categories.empty')}</Alert> : null}
      <Stack spacing={2}>
        {config.categories.map((category) => (
          <Paper key={category.id} component="section" variant="outlined" aria-label={labelled(category, language)} sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2">
                  {`${category.code} · ${labelled(category, language)}`}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {inLanguage(language, category.description, category.descriptionFr)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AudienceChip audience={category.audience} />
                <EnabledChip enabled={category.enabled} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('requestsOffice.settings.position', { position: category.position })}
                </Typography>
                <EditButton label={t('requestsOffice.settings.editItem', { name: category.code })} onClick={() => setEditing({ kind: 'category', category })} />
              </Stack>
            </Stack>
            <ConfigTable
              label={t('requestsOffice.settings.subcategories.of', { name: labelled(category, language) })}
              rows={category.subcategories}
              rowKey={(sub) => sub.id}
              empty={t('requestsOffice.settings.subcategories.empty')}
              columns={[
                { header: t('requestsOffice.settings.subcategories.columns.code'), sx: { fontWeight: 600 }, cell: (sub) => sub.code },
                { header: t('requestsOffice.settings.subcategories.columns.name'), cell: (sub) => labelled(sub, language) },
                {
                  header: t('requestsOffice.settings.subcategories.columns.firstUnit'),
                  cell: (sub) => {
                    const first = unit(sub.firstUnitId);
                    return first ? unitName(first, language) : sub.firstUnitId;
                  },
                },
                { header: t('requestsOffice.settings.subcategories.columns.enabled'), cell: (sub) => <EnabledChip enabled={sub.enabled} /> },
                { header: t('requestsOffice.settings.subcategories.columns.position'), align: 'right', headerAlign: 'left', cell: (sub) => sub.position },
                {
                  header: t('requestsOffice.settings.subcategories.columns.actions'),
                  align: 'right',
                  cell: (sub) => (
                    <EditButton
                      label={t('requestsOffice.settings.editItem', { name: sub.code })}
                      onClick={() => setEditing({ kind: 'subcategory', categoryId: category.id, subcategory: sub })}
                    />
                  ),
                },
              ]}
            />
            <Box sx={{ mt: 1, textAlign: 'right' }}>
              <Button size="small" startIcon={<AddOutlined />} onClick={() => setEditing({ kind: 'subcategory', categoryId: category.id, subcategory: null })}>
                {t('requestsOffice.settings.subcategories.add')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <Suspense fallback={null}>
        {editing?.kind === 'category' ? <CategoryDialog category={editing.category} onClose={() => setEditing(null)} /> : null}
        {editing?.kind === 'subcategory' ? (
          <SubcategoryDialog config={config} categoryId={editing.categoryId} subcategory={editing.subcategory} onClose={() => setEditing(null)} />
        ) : null}
      </Suspense>
    </>
  );
}

// ---------------------------------------------------------------- routing: hops and decisions

type Removing = { kind: 'hop'; hop: HopConfig } | { kind: 'decision'; decision: DecisionConfig } | null;
type EditingRoute = { kind: 'hop' } | { kind: 'decision'; hop: HopConfig; decision: DecisionConfig | null } | null;

function HopPanel({
  hop,
  config,
  onEdit,
  onRemove,
}: {
  hop: HopConfig;
  config: RequestConfig;
  onEdit: (decision: DecisionConfig | null) => void;
  onRemove: (removing: Removing) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const unit = (id: number | null) => (id === null ? undefined : config.units.find((item) => item.id === id));
  const name = (id: number) => {
    const found = unit(id);
    return found ? unitName(found, language) : String(id);
  };
  const hopName = t('requestsOffice.settings.hops.name', { from: name(hop.fromUnitId), to: name(hop.toUnitId) });
  return (
    <Paper component="section" variant="outlined" aria-label={hopName} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', flex: 1 }}>
          <span>{name(hop.fromUnitId)}</span>
          <ArrowForward fontSize="small" aria-hidden />
          <span>{name(hop.toUnitId)}</span>
        </Typography>
        {hop.used ? <Chip size="small" variant="outlined" label={t('requestsOffice.settings.used')} /> : null}
        <DeleteButton label={t('requestsOffice.settings.hops.delete', { name: hopName })} used={hop.used} onClick={() => onRemove({ kind: 'hop', hop })} />
      </Stack>
      <ConfigTable
        label={t('requestsOffice.settings.decisions.of', { name: hopName })}
        rows={hop.decisions}
        rowKey={(decision) => decision.id}
        empty={t('requestsOffice.settings.decisions.empty')}
        columns={[
          { header: t('requestsOffice.settings.decisions.columns.label'), sx: { fontWeight: 600 }, cell: (decision) => decision.label },
          { header: t('requestsOffice.settings.decisions.columns.labelFr'), cell: (decision) => decision.labelFr },
          { header: t('requestsOffice.settings.decisions.columns.status'), cell: (decision) => t(`requests.status.${decision.status}`) },
          {
            header: t('requestsOffice.settings.decisions.columns.then'),
            cell: (decision) => {
              const forward = unit(decision.forwardUnitId);
              return decision.forwardUnitId === null
                ? t('requestsOffice.settings.decisions.back')
                : t('requestsOffice.settings.decisions.forward', { unit: forward ? unitName(forward, language) : decision.forwardUnitId });
            },
          },
          {
            header: t('requestsOffice.settings.decisions.columns.actions'),
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            cell: (decision) => (
              <>
                <EditButton label={t('requestsOffice.settings.editItem', { name: decisionLabel(decision, language) })} onClick={() => onEdit(decision)} />
                <DeleteButton
                  label={t('requestsOffice.settings.deleteItem', { name: decisionLabel(decision, language) })}
                  used={decision.used}
                  onClick={() => onRemove({ kind: 'decision', decision })}
                />
              </>
            ),
          },
        ]}
      />
      <Box sx={{ mt: 1, textAlign: 'right' }}>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => onEdit(null)}>
          {t('requestsOffice.settings.decisions.add')}
        </Button>
      </Box>
    </Paper>
  );
}

function RoutingTab({ config }: { config: RequestConfig }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<EditingRoute>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const subcategories = config.categories.flatMap((category) => category.subcategories.map((sub) => ({ sub, category })));
  const asked = positiveParam(params.get('sub'), 0);
  const chosen = subcategories.find((item) => item.sub.id === asked) ?? subcategories[0];
  const hops = chosen ? config.hops.filter((hop) => hop.subcategoryId === chosen.sub.id) : [];
  const first = chosen ? config.units.find((unit) => unit.id === chosen.sub.firstUnitId) : undefined;
  if (!chosen) return <Alert severity="info">{t('requestsOffice.settings.routing.noSubcategory')}</Alert>;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        <FilterSelect
          id="requests-routing-subcategory"
          label={t('requestsOffice.settings.routing.subcategory')}
          value={String(chosen.sub.id)}
          options={subcategories.map((item) => ({
            value: String(item.sub.id),
            label: `${labelled(item.category, language)} · ${labelled(item.sub, language)}`,
          }))}
          onChange={(value) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('sub', value);
                return next;
              },
              { replace: true },
            )
          }
          sx={{ flex: '1 1 320px' }}
        />
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ kind: 'hop' })} sx={{ ml: 'auto' }}>
          {t('requestsOffice.settings.hops.add')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t(chosen.category.audience === 'STUDENT' ? 'requestsOffice.settings.routing.firstStudent' : 'requestsOffice.settings.routing.first', {
          unit: first ? unitName(first, language) : '—',
        })}
      </Typography>
      {hops.length === 0 ? <Alert severity="info">{t('requestsOffice.settings.hops.empty')}</Alert> : null}
      <Stack spacing={2}>
        {hops.map((hop) => (
          <HopPanel key={hop.id} hop={hop} config={config} onEdit={(decision) => setEditing({ kind: 'decision', hop, decision })} onRemove={setRemoving} />
        ))}
      </Stack>
      <Suspense fallback={null}>
        {editing?.kind === 'hop' ? <HopDialog config={config} subcategoryId={chosen.sub.id} onClose={() => setEditing(null)} /> : null}
        {editing?.kind === 'decision' ? (
          <DecisionDialog config={config} hop={editing.hop} decision={editing.decision} onClose={() => setEditing(null)} />
        ) : null}
      </Suspense>
      {removing ? (
        <ConfirmDialog
          title={t(removing.kind === 'hop' ? 'requestsOffice.settings.hops.deleteTitle' : 'requestsOffice.settings.decisions.deleteTitle')}
          text={t(removing.kind === 'hop' ? 'requestsOffice.settings.hops.deleteText' : 'requestsOffice.settings.decisions.deleteText')}
          confirmLabel={t('requestsOffice.settings.delete')}
          danger
          action={() => (removing.kind === 'hop' ? deleteHop(removing.hop.id) : deleteDecision(removing.decision.id))}
          onDone={async () => {
            setRemoving(null);
            notify('requestsOffice.settings.deleted', 'success');
            await refreshConfig(queryClient);
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

/** The administrators' configuration of requests: units and their members, categories and sub-categories (with their form), and the routing of each sub-category. */
export default function OfficeSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const config = useRequestConfig();
  const asked = params.get('tab');
  const tab: TabName = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabName) : 'units';
  return (
    <Page title={t('requestsOffice.settings.title')} maxWidth="lg" intro={t('requestsOffice.settings.intro')}>
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setParams(value === 'units' ? {} : { tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('requestsOffice.settings.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`requestsOffice.settings.tabs.${name}`)}
            id={`requests-settings-tab-${name}`}
            aria-controls={`requests-settings-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`requests-settings-panel-${tab}`} aria-labelledby={`requests-settings-tab-${tab}`}>
        <LoadStatus error={config.error} loading={config.isPending} />
        {config.data ? (
          <>
            {tab === 'units' ? <UnitsTab config={config.data} /> : null}
            {tab === 'members' ? <MembersTab config={config.data} /> : null}
            {tab === 'categories' ? <CategoriesTab config={config.data} /> : null}
            {tab === 'routing' ? <RoutingTab config={config.data} /> : null}
          </>
        ) : null}
      </Box>
    </Page>
  );
}
