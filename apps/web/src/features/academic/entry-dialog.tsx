import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BranchInput, ClassInput, CycleInput, DepartmentInput, SubjectInput } from '@portal/contract';
import { useNotify } from '../../components/notify';
import { FormDialogActions, FormDialogError } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { errorKey, isApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form';
import { academicKeys, saveEntry, type Entity } from './academic-api';
import { contractResolver, toNumber } from '../../lib/contract-resolver';
import type { FieldSpec } from './entry-table';

/** The contract's input schema of each kind of entry: the server applies the same. */
const SCHEMAS: Record<Entity, z.ZodType> = {
  departments: DepartmentInput,
  branches: BranchInput,
  cycles: CycleInput,
  classes: ClassInput,
  subjects: SubjectInput,
};

type Values = Record<string, string>;

interface Props {
  entity: Entity;
  /** null: a new entry */
  id: number | null;
  fields: readonly FieldSpec[];
  defaults: Values;
  /** the field that identifies the entry: a duplicate (409 ALREADY_EXISTS) is shown on it */
  codeField: string;
  onClose: () => void;
}

/** Creates or edits one entry of the catalogue, with the contract's rules and the server's field errors. */
export default function EntryDialog({ entity, id, fields, defaults, codeField, onClose }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const names = fields.map((field) => field.name);
  const form = useForm<Values, unknown, Record<string, unknown>>({
    defaultValues: defaults,
    resolver: contractResolver<z.ZodType, Values>(SCHEMAS[entity], (values) =>
      Object.fromEntries(
        fields.map((field) => [
          field.name,
          field.kind === 'text' ? values[field.name] : field.kind === 'number' ? toNumber(values[field.name]) : values[field.name] || undefined,
        ]),
      ),
    ) as never,
  });
  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveEntry(entity, id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: academicKeys.all });
      notify(id === null ? 'academic.notify.created' : 'academic.notify.saved', 'success');
      onClose();
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, names);
      if (isApiError(error) && error.code === 'ALREADY_EXISTS')
        form.setError(codeField, { type: 'server', message: 'errors.ALREADY_EXISTS' }, { shouldFocus: true });
      setMessage(errorKey(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessage(null);
    mutation.mutate(values);
  });
  const title = t(`academic.${entity}.${id === null ? 'add' : 'edit'}`);

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`academic-${entity}-dialog-title`}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`academic-${entity}-dialog-title`}>{title}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {fields.map((field, index) => (
              <Grid key={field.name} size={{ xs: 12, sm: field.width ?? 12 }}>
                <FormTextField
                  control={form.control}
                  name={field.name}
                  id={`academic-${entity}-${field.name}`}
                  label={t(`academic.fields.${field.name}`)}
                  required
                  fullWidth
                  size="small"
                  autoFocus={index === 0}
                  select={field.kind === 'select'}
                  slotProps={field.kind === 'number' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
                >
                  {field.kind === 'select'
                    ? (field.options ?? []).map((option) => (
                        <MenuItem key={option.value} value={option.value}>
                          {option.label}
                        </MenuItem>
                      ))
                    : undefined}
                </FormTextField>
              </Grid>
            ))}
          </Grid>
          <FormDialogError messageKey={message} />
        </DialogContent>
        <FormDialogActions pending={mutation.isPending} onCancel={onClose} submitLabel={t('academic.save')} />
      </Box>
    </Dialog>
  );
}
