import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Control, type FieldPath, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CategoryInput,
  DecisionInput,
  HopInput,
  SubcategoryInput,
  UnitInput,
  type CatalogueDepartment,
  type CategoryConfig,
  type DecisionConfig,
  type HopConfig,
  type RequestConfig,
  type RequestDisplayConfig,
  type SubcategoryConfig,
  type UnitConfig,
} from '@portal/contract';
import {
  FIELD_PRESENCES,
  REQUEST_AUDIENCES,
  REQUEST_FIELD_GROUP_NAMES,
  REQUEST_STATUSES,
  STAFF_ONLY_FIELD_GROUPS,
  type FieldPresence,
  type RequestAudience,
} from '@portal/contract/rules';
import { FormDialog } from '../../components/form-dialog-frame';
import { FormTextField } from '../../components/form-text-field';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { inLanguage } from '../../lib/names';
import { createHop, refreshConfig, saveCategory, saveDecision, saveSubcategory, saveUnit } from './office-api';
import { bodyResolver, toIdOrNull, toNumber } from './office-form';
import { unitName } from './office-parts';
import { labelled } from './request-labels';

/** Where the server's refusals land: a duplicate code on the code field, a forward without a hop on the forward field. */
const ERROR_FIELDS: Record<string, string> = { ALREADY_EXISTS: 'code', DECISION_FORWARD_INVALID: 'forwardUnitId' };

/**
 * Saves a form of the configuration: on success everything that reads the configuration is
 * refreshed, with a notice; a refusal is shown under the fields, and on the field it concerns.
 */
function useConfigSave<TValues extends FieldValues, TBody>(
  form: UseFormReturn<TValues, unknown, TBody>,
  send: (body: TBody) => Promise<unknown>,
  fields: readonly string[],
  created: boolean,
  onClose: () => void,
) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await refreshConfig(queryClient);
      notify(created ? 'requestsOffice.settings.created' : 'requestsOffice.settings.saved', 'success');
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, fields as Path<TValues>[]);
      const field = isApiError(error) ? ERROR_FIELDS[error.code] : undefined;
      if (isApiError(error) && field && fields.includes(field))
        form.setError(field as Path<TValues>, { type: 'server', message: `errors.${error.code}` }, { shouldFocus: true });
      setMessage(errorKey(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessage(null);
    mutation.mutate(values);
  });
  return { submit, pending: mutation.isPending, message };
}

function ConfigDialog({
  wide,
  children,
  ...dialog
}: {
  title: string;
  pending: boolean;
  message: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <FormDialog {...dialog} submitLabel={t('requestsOffice.settings.save')} maxWidth={wide ? 'md' : 'sm'} fullScreen={fullScreen && wide}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {children}
      </Grid>
    </FormDialog>
  );
}

/** A text field of a configuration form, half the width from the small breakpoint on when `half`. */
function Text<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  id,
  label,
  half,
  multiline,
  helperText,
  children,
  autoFocus,
  optional,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  id: string;
  label: string;
  half?: boolean;
  multiline?: boolean;
  helperText?: string;
  children?: ReactNode;
  autoFocus?: boolean;
  optional?: boolean;
}) {
  return (
    <Grid size={{ xs: 12, sm: half ? 6 : 12 }}>
      <FormTextField
        control={control}
        name={name}
        id={id}
        label={label}
        required={!optional}
        fullWidth
        size="small"
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        helperText={helperText}
        select={children !== undefined}
        autoFocus={autoFocus}
        slotProps={children !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
      >
        {children}
      </FormTextField>
    </Grid>
  );
}

function EnabledSwitch<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormControlLabel
        control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} name={field.name} />}
        label={label}
      />
    </Grid>
  );
}

// ---------------------------------------------------------------- units

interface UnitValues {
  code: string;
  name: string;
  nameFr: string;
  departmentId: string;
}
const UNIT_FIELDS = ['code', 'name', 'nameFr', 'departmentId'];

/** Creates or edits a unit: its code, names, and the school's department (for a school). */
export function UnitDialog({ unit, departments, onClose }: { unit: UnitConfig | null; departments: CatalogueDepartment[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm<UnitValues, unknown, UnitInput>({
    defaultValues: {
      code: unit?.code ?? '',
      name: unit?.name ?? '',
      nameFr: unit?.nameFr ?? '',
      departmentId: unit?.departmentId === null || !unit ? '' : String(unit.departmentId),
    },
    resolver: bodyResolver(UnitInput, (values: UnitValues) => ({ ...values, departmentId: toIdOrNull(values.departmentId) })),
  });
  const save = useConfigSave(form, (body) => saveUnit(unit?.id ?? null, body), UNIT_FIELDS, unit === null, onClose);
  const f = (name: keyof UnitValues) => ({
    control: form.control,
    name,
    id: `requests-unit-${name}`,
    label: t(`requestsOffice.settings.units.columns.${name === 'departmentId' ? 'department' : name}`),
  });
  return (
    <ConfigDialog
      title={t(unit ? 'requestsOffice.settings.units.edit' : 'requestsOffice.settings.units.add')}
      pending={save.pending}
      message={save.message}
      onSubmit={() => void save.submit()}
      onClose={onClose}
    >
      <Text {...f('code')} autoFocus />
      <Text {...f('name')} half />
      <Text {...f('nameFr')} half />
      <Text {...f('departmentId')} optional helperText={t('requestsOffice.settings.units.departmentHelp')}>
        <MenuItem value="">{t('requestsOffice.settings.units.noDepartment')}</MenuItem>
        {departments.map((department) => (
          <MenuItem key={department.id} value={String(department.id)}>
            {`${department.CODE} – ${inLanguage(i18n.language, department.NAME, department.NAME_FR)}`}
          </MenuItem>
        ))}
      </Text>
    </ConfigDialog>
  );
}

// ---------------------------------------------------------------- categories

interface CategoryValues {
  code: string;
  name: string;
  nameFr: string;
  description: string;
  descriptionFr: string;
  position: string;
  enabled: boolean;
}
const CATEGORY_FIELDS = ['code', 'name', 'nameFr', 'description', 'descriptionFr', 'position'];

const kindFields =
  <T extends FieldValues, O extends FieldValues>(control: Control<T, unknown, O>, prefix: string, t: (key: string) => string) =>
  (name: string) => ({
    control,
    name: name as FieldPath<T>,
    id: `requests-${prefix}-${name}`,
    label: t(`requestsOffice.settings.fields.${name}`),
  });

/** What a category and a sub-category both have, as the form holds it (a new one: first, and offered). */
const kindValues = (kind: CategoryConfig | SubcategoryConfig | null): CategoryValues => ({
  code: kind?.code ?? '',
  name: kind?.name ?? '',
  nameFr: kind?.nameFr ?? '',
  description: kind?.description ?? '',
  descriptionFr: kind?.descriptionFr ?? '',
  position: String(kind?.position ?? 0),
  enabled: kind?.enabled ?? true,
});

/** The fields a category and a sub-category both have: code and position, names and descriptions in both languages, whether it is offered. */
function KindFields<T extends FieldValues, O extends FieldValues>({
  control,
  prefix,
}: {
  control: Control<T, unknown, O>;
  prefix: 'category' | 'subcategory';
}) {
  const { t } = useTranslation();
  const f = kindFields(control, prefix, t);
  return (
    <>
      <Text {...f('code')} half autoFocus />
      <Text {...f('position')} half />
      <Text {...f('name')} half />
      <Text {...f('nameFr')} half />
      <Text {...f('description')} multiline />
      <Text {...f('descriptionFr')} multiline />
      <EnabledSwitch control={control} name={'enabled' as FieldPath<T>} label={t('requestsOffice.settings.fields.enabled')} />
    </>
  );
}

/** A category as its form holds it: what sub-categories have too, and who files under it. */
interface CategoryFormValues extends CategoryValues {
  audience: RequestAudience;
}

/** Creates or edits a category: code, names and descriptions in both languages, who files under it (staff or students, decision 41), position and whether it is offered. */
export function CategoryDialog({ category, onClose }: { category: CategoryConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<CategoryFormValues, unknown, CategoryInput>({
    defaultValues: { ...kindValues(category), audience: category?.audience ?? 'STAFF' },
    resolver: bodyResolver(CategoryInput, (values: CategoryFormValues) => ({ ...values, position: toNumber(values.position) })),
  });
  const save = useConfigSave(form, (body) => saveCategory(category?.id ?? null, body), [...CATEGORY_FIELDS, 'audience'], category === null, onClose);
  const f = kindFields(form.control, 'category', t);
  return (
    <ConfigDialog
      title={t(category ? 'requestsOffice.settings.categories.edit' : 'requestsOffice.settings.categories.add')}
      pending={save.pending}
      message={save.message}
      onSubmit={() => void save.submit()}
      onClose={onClose}
    >
      <KindFields control={form.control} prefix="category" />
      <Text {...f('audience')} helperText={t('requestsOffice.settings.fields.audienceHelp')}>
        {REQUEST_AUDIENCES.map((audience) => (
          <MenuItem key={audience} value={audience}>
            {t(`requestsOffice.settings.audiences.${audience}`)}
          </MenuItem>
        ))}
      </Text>
    </ConfigDialog>
  );
}

// ---------------------------------------------------------------- sub-categories and their form

interface SubcategoryValues extends CategoryValues {
  categoryId: string;
  firstUnitId: string;
  display: RequestDisplayConfig;
}
const SUBCATEGORY_FIELDS = [...CATEGORY_FIELDS, 'categoryId', 'firstUnitId'];

/** A new sub-category's form: a title and an optional description and attachment. */
export const NEW_DISPLAY: RequestDisplayConfig = {
  ...(Object.fromEntries(REQUEST_FIELD_GROUP_NAMES.map((group) => [group, 'HIDDEN'])) as Record<(typeof REQUEST_FIELD_GROUP_NAMES)[number], FieldPresence>),
  DESCRIPTION: 'OPTIONAL',
  FILE: 'OPTIONAL',
  TIME_TABLE: false,
};

/** One group of fields of the filing form: hidden, optional or required; `staffOnly`: never on a student's form, shown hidden and fixed. */
function PresenceField({
  control,
  group,
  staffOnly,
}: {
  control: Control<SubcategoryValues, unknown, SubcategoryInput>;
  group: (typeof REQUEST_FIELD_GROUP_NAMES)[number];
  staffOnly: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const { field } = useController({ control, name: `display.${group}` });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <FormLabel id={labelId} sx={{ flex: '1 1 200px', color: 'text.primary' }}>
        {t(`requestsOffice.settings.groups.${group}`)}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={staffOnly ? 'HIDDEN' : field.value}
        onChange={(event) => field.onChange(event.target.value)}
      >
        {FIELD_PRESENCES.map((presence) => (
          <FormControlLabel
            key={presence}
            value={presence}
            disabled={staffOnly}
            control={<Radio size="small" />}
            label={t(`requestsOffice.settings.presence.${presence}`)}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** The staff-only groups of fields (never on a student's form). */
const STAFF_ONLY = new Set<string>(STAFF_ONLY_FIELD_GROUPS);

/**
 * The display configuration: for each group of fields of the filing form, hidden, optional or
 * required; and the week's timetable beside it. A student category's form never shows the
 * staff-only groups nor the week (decision 41): they are shown hidden and fixed, with a note.
 */
function DisplayEditor({ control, audience }: { control: Control<SubcategoryValues, unknown, SubcategoryInput>; audience: RequestAudience }) {
  const { t } = useTranslation();
  const headingId = useId();
  const timetable = useController({ control, name: 'display.TIME_TABLE' });
  const student = audience === 'STUDENT';
  return (
    <Grid size={12}>
      <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography id={headingId} variant="subtitle1" component="legend" sx={{ fontWeight: 600, p: 0 }}>
          {t('requestsOffice.settings.display.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('requestsOffice.settings.display.help')}
        </Typography>
        {student ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('requestsOffice.settings.display.staffOnly')}
          </Typography>
        ) : null}
        {REQUEST_FIELD_GROUP_NAMES.map((group) => (
          <PresenceField key={group} control={control} group={group} staffOnly={student && STAFF_ONLY.has(group)} />
        ))}
        <FormControlLabel
          sx={{ mt: 1 }}
          disabled={student}
          control={
            <Switch
              checked={!student && timetable.field.value === true}
              onChange={(event) => timetable.field.onChange(event.target.checked)}
              name={timetable.field.name}
            />
          }
          label={t('requestsOffice.settings.display.timetable')}
        />
      </Box>
    </Grid>
  );
}

/** Creates or edits a sub-category: its category, code, names and descriptions, first unit, position, whether it is offered, and its filing form. */
export function SubcategoryDialog({
  config,
  categoryId,
  subcategory,
  onClose,
}: {
  config: RequestConfig;
  categoryId: number;
  subcategory: SubcategoryConfig | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<SubcategoryValues, unknown, SubcategoryInput>({
    defaultValues: {
      ...kindValues(subcategory),
      categoryId: String(subcategory?.categoryId ?? categoryId),
      firstUnitId: subcategory ? String(subcategory.firstUnitId) : '',
      display: { ...(subcategory?.REQUEST_DISPCONFIG ?? NEW_DISPLAY) },
    },
    resolver: bodyResolver(SubcategoryInput, (values: SubcategoryValues) => ({
      ...values,
      position: toNumber(values.position),
      categoryId: toNumber(values.categoryId),
      firstUnitId: toNumber(values.firstUnitId),
    })),
  });
  const save = useConfigSave(form, (body) => saveSubcategory(subcategory?.id ?? null, body), SUBCATEGORY_FIELDS, subcategory === null, onClose);
  const f = kindFields(form.control, 'subcategory', t);
  const chosenCategory = useWatch({ control: form.control, name: 'categoryId' });
  const audience = config.categories.find((category) => String(category.id) === chosenCategory)?.audience ?? 'STAFF';
  return (
    <ConfigDialog
      wide
      title={t(subcategory ? 'requestsOffice.settings.subcategories.edit' : 'requestsOffice.settings.subcategories.add')}
      pending={save.pending}
      message={save.message}
      onSubmit={() => void save.submit()}
      onClose={onClose}
    >
      <Text {...f('categoryId')} half>
        {config.categories.map((category) => (
          <MenuItem key={category.id} value={String(category.id)}>
            {labelled(category, i18n.language)}
          </MenuItem>
        ))}
      </Text>
      <Text {...f('firstUnitId')} half helperText={t('requestsOffice.settings.fields.firstUnitHelp')}>
        {config.units.map((unit) => (
          <MenuItem key={unit.id} value={String(unit.id)}>
            {unitName(unit, i18n.language)}
          </MenuItem>
        ))}
      </Text>
      <KindFields control={form.control} prefix="subcategory" />
      <DisplayEditor control={form.control} audience={audience} />
    </ConfigDialog>
  );
}

// ---------------------------------------------------------------- hops and decisions

interface HopValues {
  fromUnitId: string;
  toUnitId: string;
}

/** Adds a hop to a sub-category's routing: the unit that sends and the unit that receives and decides. */
export function HopDialog({ config, subcategoryId, onClose }: { config: RequestConfig; subcategoryId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm<HopValues, unknown, HopInput>({
    defaultValues: { fromUnitId: '', toUnitId: '' },
    resolver: bodyResolver(HopInput, (values: HopValues) => ({ subcategoryId, fromUnitId: toNumber(values.fromUnitId), toUnitId: toNumber(values.toUnitId) })),
  });
  const save = useConfigSave(form, createHop, ['fromUnitId', 'toUnitId'], true, onClose);
  const units = config.units.map((unit) => (
    <MenuItem key={unit.id} value={String(unit.id)}>
      {unitName(unit, i18n.language)}
    </MenuItem>
  ));
  return (
    <ConfigDialog
      title={t('requestsOffice.settings.hops.add')}
      pending={save.pending}
      message={save.message}
      onSubmit={() => void save.submit()}
      onClose={onClose}
    >
      <Text control={form.control} name="fromUnitId" id="requests-hop-from" label={t('requestsOffice.settings.hops.from')} half>
        {units}
      </Text>
      <Text control={form.control} name="toUnitId" id="requests-hop-to" label={t('requestsOffice.settings.hops.to')} half>
        {units}
      </Text>
    </ConfigDialog>
  );
}

interface DecisionValues {
  label: string;
  labelFr: string;
  status: string;
  forwardUnitId: string;
}
const DECISION_FIELDS = ['label', 'labelFr', 'status', 'forwardUnitId'];

/** Creates or edits a decision of a hop: its labels, the status it gives, and then: back to the lecturer, or on to another unit. */
export function DecisionDialog({
  config,
  hop,
  decision,
  onClose,
}: {
  config: RequestConfig;
  hop: HopConfig;
  decision: DecisionConfig | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<DecisionValues, unknown, DecisionInput>({
    defaultValues: {
      label: decision?.label ?? '',
      labelFr: decision?.labelFr ?? '',
      status: decision?.status ?? '',
      forwardUnitId: decision?.forwardUnitId === null || !decision ? '' : String(decision.forwardUnitId),
    },
    resolver: bodyResolver(DecisionInput, (values: DecisionValues) => ({
      hopId: hop.id,
      label: values.label,
      labelFr: values.labelFr,
      status: values.status || undefined,
      forwardUnitId: toIdOrNull(values.forwardUnitId),
    })),
  });
  const save = useConfigSave(form, (body) => saveDecision(decision?.id ?? null, body), DECISION_FIELDS, decision === null, onClose);
  const deciding = config.units.find((unit) => unit.id === hop.toUnitId);
  return (
    <ConfigDialog
      title={t(decision ? 'requestsOffice.settings.decisions.edit' : 'requestsOffice.settings.decisions.addAt', {
        unit: deciding ? labelled(deciding, i18n.language) : hop.toUnitId,
      })}
      pending={save.pending}
      message={save.message}
      onSubmit={() => void save.submit()}
      onClose={onClose}
    >
      <Text control={form.control} name="label" id="requests-decision-label" label={t('requestsOffice.settings.decisions.columns.label')} half autoFocus />
      <Text control={form.control} name="labelFr" id="requests-decision-label-fr" label={t('requestsOffice.settings.decisions.columns.labelFr')} half />
      <Text
        control={form.control}
        name="status"
        id="requests-decision-status"
        label={t('requestsOffice.settings.decisions.columns.status')}
        helperText={t('requestsOffice.settings.decisions.statusHelp')}
      >
        {REQUEST_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`requests.status.${status}`)}
          </MenuItem>
        ))}
      </Text>
      <Text
        control={form.control}
        name="forwardUnitId"
        optional
        id="requests-decision-forward"
        label={t('requestsOffice.settings.decisions.columns.then')}
        helperText={t('requestsOffice.settings.decisions.thenHelp')}
      >
        <MenuItem value="">{t('requestsOffice.settings.decisions.back')}</MenuItem>
        {config.units
          .filter((unit) => unit.id !== hop.toUnitId)
          .map((unit) => (
            <MenuItem key={unit.id} value={String(unit.id)}>
              {t('requestsOffice.settings.decisions.forward', { unit: unitName(unit, i18n.language) })}
            </MenuItem>
          ))}
      </Text>
    </ConfigDialog>
  );
}
