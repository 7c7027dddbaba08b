import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { StudentDocumentFields, type StudentDocument } from '@portal/contract';
import { SINGLE_STUDENT_DOCUMENTS, STUDENT_DOCUMENT_KINDS, UPLOAD_TYPES } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileButton, UploadProgress } from '../../components/file-upload';
import { FieldRow } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { useNotify } from '../../components/notify';
import { errorKey, isApiError } from '../../lib/api';
import { acceptOf, checkFile, MAX_UPLOAD_MB } from '../../lib/files';
import { SelectField } from './fields';
import { deleteStudentDocument, storeDocuments, uploadStudentDocument, type DocumentUploadFields } from './students-api';

type UploadInput = z.input<typeof StudentDocumentFields>;
const EMPTY: DocumentUploadFields = { KIND: 'DIPLOMA', LABEL: '', YEAR: '' };

/** The message of a refused upload: the size with its limit, the CV's format, the same file twice, the limit per kind ... */
function uploadErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'errors.INTERNAL';
  if (error.code === 'FILE_TOO_LARGE' || error.code === 'PAYLOAD_TOO_LARGE') return 'validation.fileTooLarge';
  return errorKey(error);
}

/** Sending a file: its kind, what it is, a diploma's year, then the file, checked here for its type and size before it goes. */
function AddDocument() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<UploadInput, unknown, StudentDocumentFields>({ resolver: zodResolver(StudentDocumentFields), defaultValues: EMPTY });
  const { control } = form;
  const kind = useWatch({ control, name: 'KIND' }) as DocumentUploadFields['KIND'];
  const types = kind === 'CV' ? ['application/pdf'] : UPLOAD_TYPES;

  const sending = useMutation({
    mutationFn: ({ values, file }: { values: StudentDocumentFields; file: File }) =>
      uploadStudentDocument({ KIND: values.KIND, LABEL: values.LABEL ?? '', YEAR: values.YEAR === null ? '' : String(values.YEAR) }, file, setProgress),
    meta: { backdrop: false },
    onSuccess: (document) => {
      setProgress(null);
      setProblem(null);
      // a new CV or birth certificate replaces the one before
      storeDocuments(queryClient, (documents) => [...documents.filter((d) => !(SINGLE_STUDENT_DOCUMENTS.includes(document.KIND) && d.KIND === document.KIND)), document]);
      form.reset({ ...EMPTY, KIND: document.KIND });
      notify('studentFile.documents.uploaded', 'success');
    },
    onError: (error) => {
      setProgress(null);
      if (isApiError(error) && error.status === 401) return;
      const fields = isApiError(error) ? error.fields : {};
      for (const name of ['KIND', 'LABEL', 'YEAR'] as const) if (fields[name]) form.setError(name, { type: 'server', message: fields[name] });
      setProblem(uploadErrorKey(error));
    },
  });

  const send = (file: File) => {
    setProblem(null);
    const refused = checkFile(file, types, kind === 'CV' ? 'errors.CV_NOT_PDF' : 'errors.FILE_TYPE_REFUSED');
    if (refused) {
      setProblem(refused);
      return;
    }
    void form.handleSubmit((values) => sending.mutate({ values, file }))();
  };

  return (
    <Stack spacing={2} component="section" aria-label={t('studentFile.documents.choose')}>
      <FieldRow>
        <SelectField control={control} name="KIND" id="document-kind" label={t('studentFile.documents.kind')} options={STUDENT_DOCUMENT_KINDS} optionLabel={(value) => t(`studentFile.documents.kinds.${value}`)} disabled={sending.isPending} />
        <FormTextField control={control} name="LABEL" id="document-label" label={t('studentFile.documents.label')} helperText={t('studentFile.documents.labelHelp')} required={kind === 'DIPLOMA' || kind === 'OTHER'} fullWidth disabled={sending.isPending} />
      </FieldRow>
      {kind === 'DIPLOMA' ? (
        <FieldRow>
          <FormTextField control={control} name="YEAR" id="document-year" label={t('studentFile.documents.year')} required fullWidth disabled={sending.isPending} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
          <span />
        </FieldRow>
      ) : null}
      <Box>
        <FileButton label={t('studentFile.documents.choose')} inputLabel={t('studentFile.documents.inputLabel')} accept={acceptOf(types)} variant="contained" disabled={sending.isPending} onFile={send} />
      </Box>
      {progress !== null ? <UploadProgress percent={progress} label={t('studentFile.documents.uploading')} /> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {t(problem, { maxMb: MAX_UPLOAD_MB })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** One file of the list: what it is, its kind and name, to open or delete. */
function DocumentRow({ document, onDelete }: { document: StudentDocument; onDelete: () => void }) {
  const { t } = useTranslation();
  const kind = t(`studentFile.documents.kinds.${document.KIND}`);
  const title = document.LABEL ?? kind;
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <DescriptionOutlined color="action" />
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[document.LABEL ? kind : null, document.YEAR ? t('studentFile.documents.yearOf', { year: document.YEAR }) : null, document.NAME].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Button size="small" href={document.FILE} target="_blank" rel="noopener" startIcon={<OpenInNewOutlined />} aria-label={`${t('studentFile.documents.open')}: ${title}`}>
        {t('studentFile.documents.open')}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete} aria-label={`${t('studentFile.documents.delete')}: ${title}`}>
        {t('studentFile.documents.delete')}
      </Button>
    </Box>
  );
}

/** The student's files: the upload, then the list with open and delete. */
export function StudentDocuments({ documents }: { documents: StudentDocument[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<StudentDocument | null>(null);
  return (
    <Card>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('studentFile.documents.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('studentFile.documents.intro', { maxMb: MAX_UPLOAD_MB })}
      </Typography>
      <AddDocument />
      {documents.length === 0 ? (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('studentFile.documents.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('studentFile.documents.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} onDelete={() => setDeleting(document)} />
          ))}
        </Box>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('studentFile.documents.deleteTitle')}
          text={t('studentFile.documents.deleteText', { name: deleting.LABEL ?? deleting.NAME })}
          confirmLabel={t('studentFile.documents.delete')}
          danger
          action={() => deleteStudentDocument(deleting.id)}
          onDone={() => {
            storeDocuments(queryClient, (list) => list.filter((d) => d.id !== deleting.id));
            setDeleting(null);
            notify('studentFile.documents.deleted', 'success');
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Card>
  );
}
