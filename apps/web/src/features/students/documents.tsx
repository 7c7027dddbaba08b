import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { StudentDocumentFields, type StudentDocument } from '@portal/contract';
import { SINGLE_STUDENT_DOCUMENTS, STUDENT_DOCUMENT_KINDS, UPLOAD_TYPES } from '@portal/contract/rules';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DocumentSendStatus, uploadErrorKey, useDocumentSend } from '../../components/document-send';
import { FileButton } from '../../components/file-upload';
import { FieldRow } from '../../components/form-parts';
import { FormTextField } from '../../components/form-text-field';
import { useNotify } from '../../components/notify';
import { isApiError } from '../../lib/api';
import { acceptOf, checkFile, MAX_UPLOAD_MB } from '../../lib/files';
import { SelectField } from './fields';
import { deleteStudentDocument, storeDocuments, uploadStudentDocument, type DocumentUploadFields } from './students-api';

type UploadInput = z.input<typeof StudentDocumentFields>;
const EMPTY: DocumentUploadFields = { KIND: 'DIPLOMA', LABEL: '', YEAR: '' };

/** Sending a file: its kind, what it is, a diploma's year, then the file, checked here for its type and size before it goes. */
function AddDocument() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<UploadInput, unknown, StudentDocumentFields>({ resolver: zodResolver(StudentDocumentFields), defaultValues: EMPTY });
  const { control } = form;
  const kind = useWatch({ control, name: 'KIND' }) as DocumentUploadFields['KIND'];
  const types = kind === 'CV' ? ['application/pdf'] : UPLOAD_TYPES;

  const { progress, problem, setProblem, choose, sending } = useDocumentSend({
    send: ({ values, file }: { values: StudentDocumentFields; file: File }, onProgress) =>
      uploadStudentDocument({ KIND: values.KIND, LABEL: values.LABEL ?? '', YEAR: values.YEAR === null ? '' : String(values.YEAR) }, file, onProgress),
    onSent: (document) => {
      // a new CV or birth certificate replaces the one before
      storeDocuments(queryClient, (documents) => [
        ...documents.filter((d) => !(SINGLE_STUDENT_DOCUMENTS.includes(document.KIND) && d.KIND === document.KIND)),
        document,
      ]);
      form.reset({ ...EMPTY, KIND: document.KIND });
      notify('studentFile.documents.uploaded', 'success');
    },
    onRefused: (error) => {
      const fields = isApiError(error) ? error.fields : {};
      for (const name of ['KIND', 'LABEL', 'YEAR'] as const) if (fields[name]) form.setError(name, { type: 'server', message: fields[name] });
    },
    errorKeyOf: uploadErrorKey,
  });

  const send = (file: File) => {
    setProblem(null);
    const refused = checkFile(file, types, kind === 'CV' ? 'errors.CV_NOT_PDF' : 'errors.FILE_TYPE_REFUSED');
    if (refused) {
      setProblem(refused);
      return;
    }
    void form.handleSubmit((values) => choose(null, { values, file }))();
  };

  return (
    <Stack spacing={2} component="section" aria-label={t('studentFile.documents.choose')}>
      <FieldRow>
        <SelectField
          control={control}
          name="KIND"
          id="document-kind"
          label={t('studentFile.documents.kind')}
          options={STUDENT_DOCUMENT_KINDS}
          optionLabel={(value) => t(`studentFile.documents.kinds.${value}`)}
          disabled={sending}
        />
        <FormTextField
          control={control}
          name="LABEL"
          id="document-label"
          label={t('studentFile.documents.label')}
          helperText={t('studentFile.documents.labelHelp')}
          required={kind === 'DIPLOMA' || kind === 'OTHER'}
          fullWidth
          disabled={sending}
        />
      </FieldRow>
      {kind === 'DIPLOMA' ? (
        <FieldRow>
          <FormTextField
            control={control}
            name="YEAR"
            id="document-year"
            label={t('studentFile.documents.year')}
            required
            fullWidth
            disabled={sending}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
          <span />
        </FieldRow>
      ) : null}
      <Box>
        <FileButton
          label={t('studentFile.documents.choose')}
          inputLabel={t('studentFile.documents.inputLabel')}
          accept={acceptOf(types)}
          variant="contained"
          disabled={sending}
          onFile={send}
        />
      </Box>
      <DocumentSendStatus progress={progress} progressLabel={t('studentFile.documents.uploading')} problem={problem} maxMb={MAX_UPLOAD_MB} />
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
          {[document.LABEL ? kind : null, document.YEAR ? t('studentFile.documents.yearOf', { year: document.YEAR }) : null, document.NAME]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        href={document.FILE}
        target="_blank"
        rel="noopener"
        startIcon={<OpenInNewOutlined />}
        aria-label={`${t('studentFile.documents.open')}: ${title}`}
      >
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
