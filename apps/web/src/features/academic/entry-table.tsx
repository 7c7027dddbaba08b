import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify';
import { LoadStatus } from '../../components/load-status';
import { OfficeTable } from '../../components/office-table';
import { academicKeys, deleteEntry, type Entity } from './academic-api';
import { ConfirmDialog } from '../../components/confirm-dialog';

// The form (with the contract's schemas and Zod) loads when it is first opened.
const EntryDialog = lazy(() => import('./entry-dialog'));

export interface Option {
  value: string;
  label: string;
}

export interface FieldSpec {
  name: string;
  /** numbers are typed as text and sent as numbers; selects offer `options` */
  kind: 'text' | 'number' | 'select';
  options?: Option[];
  /** columns of 12 the field takes from the small breakpoint on */
  width?: 3 | 4 | 6 | 12;
}

export interface Column<T> {
  /** the header is `academic.columns.<key>` */
  key: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

interface Props<T extends { id: number }> {
  entity: Entity;
  rows: T[] | undefined;
  loading: boolean;
  fetching?: boolean;
  error: unknown;
  columns: readonly Column<T>[];
  /** the form's fields (with the options of the selects) */
  fields: readonly FieldSpec[];
  codeField: string;
  /** the form's values: a new entry (null) or the row */
  toValues: (row: T | null) => Record<string, string>;
  /** the entry's name in the delete question and the buttons' labels */
  describe: (row: T) => string;
  /** filters above the table */
  toolbar?: ReactNode;
  /** buttons next to "Add" */
  actions?: ReactNode;
  /** under the table (paging) */
  footer?: ReactNode;
}

/** One tab of the catalogue: a table of entries with add, edit and delete. */
export function EntryTable<T extends { id: number }>({
  entity,
  rows,
  loading,
  fetching,
  error,
  columns,
  fields,
  codeField,
  toValues,
  describe,
  toolbar,
  actions,
  footer,
}: Props<T>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const label = t(`academic.${entity}.title`);

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}>
        {toolbar}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
          {actions}
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            {t(`academic.${entity}.add`)}
          </Button>
        </Box>
      </Box>
      <LoadStatus error={error} loading={loading} />
      {rows ? (
        <OfficeTable
          label={label}
          minWidth={null}
          rows={rows}
          rowKey={(row) => row.id}
          empty={t('academic.empty')}
          fetching={fetching ?? false}
          footer={footer}
          columns={[
            ...columns.map((column) => ({
              key: column.key,
              header: t(`academic.columns.${column.key}`),
              align: column.numeric ? ('right' as const) : ('left' as const),
              cell: column.render,
            })),
            {
              key: 'actions',
              header: t('academic.columns.actions'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (row) => (
                <>
                  <Tooltip title={t('academic.edit')}>
                    <IconButton size="small" aria-label={t('academic.editItem', { name: describe(row) })} onClick={() => setEditing(row)}>
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('academic.delete')}>
                    <IconButton size="small" aria-label={t('academic.deleteItem', { name: describe(row) })} onClick={() => setDeleting(row)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ),
            },
          ]}
        />
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <EntryDialog
            entity={entity}
            id={editing === 'new' ? null : editing.id}
            fields={fields}
            defaults={toValues(editing === 'new' ? null : editing)}
            codeField={codeField}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('academic.deleteTitle', { name: describe(deleting) })}
          text={t('academic.deleteText')}
          confirmLabel={t('academic.delete')}
          danger
          action={() => deleteEntry(entity, deleting.id)}
          onDone={() => {
            setDeleting(null);
            notify('academic.notify.deleted', 'success');
            void queryClient.invalidateQueries({ queryKey: academicKeys.all });
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Box>
  );
}
