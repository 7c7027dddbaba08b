import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DocumentFields, type DocumentRecord } from '@portal/contract';
import { DIPLOMA_LEVELS, DOCUMENT_TYPES, isoToDmy, LANGUAGES, PIECE_TYPES } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { DateField } from '../../components/date-field';
import { FormTextField } from '../../components/form-text-field';
import { errorKey, isApiError } from '../../lib/api';
import { DocumentSendStatus, useDocumentSend } from '../../components/document-send';
import { acceptOf, checkFile, MAX_UPLOAD_MB } from '../../lib/files';
import { deleteDocument, markLastDiploma, registrationKeys, refreshRegistration, uploadDocument, useDocuments } from './registration-api';
import { useRegistration } from './registration-context';
import { FieldRow } from '../../components/form-parts';

type DocumentInput = z.input<typeof DocumentFields>;

const EMPTY: DocumentInput = { PIECE_TYPE: 'DIPL_CERT', DESIGNATION: '', SPECIALITY: '', LEVEL: '', LANGUAGE: '', OBTENEDDATE: '', OBTENEDSTAB: '' };

/** The multipart fields of a checked document: strings, nothing empty. */
function toFields(values: DocumentFields): Record<string, string> {
  const diploma = values.PIECE_TYPE === 'DIPL_CERT';
  const fields: Record<string, unknown> = {
    PIECE_TYPE: values.PIECE_TYPE,
    DESIGNATION: values.DESIGNATION,
    SPECIALITY: diploma ? values.SPECIALITY : null,
    LEVEL: diploma ? values.LEVEL : null,
    LANGUAGE: diploma ? values.LANGUAGE : null,
    OBTENEDDATE: values.OBTENEDDATE,
    OBTENEDSTAB: values.OBTENEDSTAB,
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

function AddDocument() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { record, markClosed } = useRegistration();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<DocumentInput, unknown, DocumentFields>({ resolver: zodResolver(DocumentFields), defaultValues: EMPTY });
  const { control } = form;
  const diploma = useWatch({ control, name: 'PIECE_TYPE' }) === 'DIPL_CERT';

  const {
    progress,
    problem,
    setProblem,
    choose: send,
    sending,
  } = useDocumentSend({
    send: ({ values, chosen }: { values: DocumentFields; chosen: File }, onProgress) => uploadDocument(toFields(values), chosen, onProgress),
    onSent: async () => {
      setFile(null);
      form.reset(EMPTY);
      notify('registration.files.saved', 'success');
      await Promise.all([queryClient.invalidateQueries({ queryKey: registrationKeys.documents(record.id) }), refreshRegistration(queryClient)]);
    },
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
      // The server's field messages go under their fields (the missing file over the button).
      const fields = isApiError(error) ? error.fields : {};
      for (const [field, key] of Object.entries(fields)) if (field in EMPTY) form.setError(field as keyof DocumentInput, { type: 'server', message: key });
    },
    // the alert says only what no field says
    errorKeyOf: (error) => {
      const fields = isApiError(error) ? error.fields : {};
      if (fields.FILE) return 'registration.documents.fileRequired';
      return Object.keys(fields).some((field) => field in EMPTY) ? null : errorKey(error);
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setProblem(null);
    if (!chosen) return;
    const refused = checkFile(chosen, DOCUMENT_TYPES, 'errors.FILE_TYPE_REFUSED');
    if (refused) {
      setProblem(refused);
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  // Each field missing says so under itself (the contract's messages); the alert only asks for the file.
  const submit = form.handleSubmit(
    (values) => {
      if (!file) {
        setProblem('registration.documents.fileRequired');
        return;
      }
      send(null, { values, chosen: file });
    },
    () => setProblem(file ? null : 'registration.documents.fileRequired'),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('registration.documents.add')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {t('registration.documents.add')}
        </Typography>
        <FieldRow>
          <FormTextField control={control} name="PIECE_TYPE" id="document-type" label={t('registration.documents.PIECE_TYPE')} select required fullWidth>
            {PIECE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`registration.pieceType.${type}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="DESIGNATION" id="document-designation" label={t('registration.documents.DESIGNATION')} required fullWidth />
        </FieldRow>
        {diploma ? (
          <FieldRow>
            <FormTextField control={control} name="SPECIALITY" id="document-speciality" label={t('registration.documents.SPECIALITY')} required fullWidth />
            <FieldRow>
              <FormTextField control={control} name="LEVEL" id="document-level" label={t('registration.documents.LEVEL')} select required fullWidth>
                {DIPLOMA_LEVELS.map((level) => (
                  <MenuItem key={level} value={String(level)}>
                    {t('registration.documents.bac', { level })}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="LANGUAGE" id="document-language" label={t('registration.documents.LANGUAGE')} select required fullWidth>
                {LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language}>
                    {t(`language.${language}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </FieldRow>
          </FieldRow>
        ) : null}
        <FieldRow>
          <DateField control={control} name="OBTENEDDATE" id="document-date" label={t('registration.documents.OBTENEDDATE')} required fullWidth />
          <FormTextField control={control} name="OBTENEDSTAB" id="document-establishment" label={t('registration.documents.OBTENEDSTAB')} required fullWidth />
        </FieldRow>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={sending}>
            {t('registration.documents.chooseFile')}
            <Box
              component="input"
              id={fileId}
              type="file"
              accept={acceptOf(DOCUMENT_TYPES)}
              onChange={choose}
              aria-label={t('registration.documents.chooseFile')}
              sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary', wordBreak: 'break-all' }}>
            {file ? file.name : t('registration.documents.noFile', { maxMb: MAX_UPLOAD_MB })}
          </Typography>
        </Box>
        <DocumentSendStatus
          progress={progress}
          progressLabel={t('registration.files.progress', { name: t('registration.documents.the') })}
          problem={problem}
          maxMb={MAX_UPLOAD_MB}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={sending}>
            {t('registration.documents.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function DocumentRow({ document }: { document: DocumentRecord }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { record, readOnly, markClosed } = useRegistration();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: registrationKeys.documents(record.id) }), refreshRegistration(queryClient)]);
  };
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    if (isApiError(error) && error.code === 'REGISTRATION_CLOSED') markClosed();
    setProblem(errorKey(error));
  };
  const removal = useMutation({ mutationFn: () => deleteDocument(document.id), onSuccess: refresh, onError });
  const marking = useMutation({
    mutationFn: () => markLastDiploma(document.id),
    onSuccess: async () => {
      notify('notify.saved', 'success');
      await refresh();
    },
    onError,
  });
  const diploma = document.PIECE_TYPE === 'DIPL_CERT';
  const details = [
    diploma && document.SPECIALITY ? document.SPECIALITY : null,
    diploma && document.LEVEL ? t('registration.documents.bac', { level: document.LEVEL }) : null,
    diploma && document.LANGUAGE ? t(`language.${document.LANGUAGE}`, { defaultValue: document.LANGUAGE }) : null,
    isoToDmy(document.OBTENEDDATE),
    document.OBTENEDSTAB,
  ].filter(Boolean);

  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{document.DESIGNATION}</Typography>
        <Chip size="small" label={t(`registration.pieceType.${document.PIECE_TYPE}`)} />
        {document.IS_LAST ? <Chip size="small" color="primary" icon={<Star />} label={t('registration.documents.isLast')} /> : null}
      </Box>
      {details.length > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {details.join(' · ')}
        </Typography>
      ) : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {t(problem)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component="a"
          href={document.FILE}
          target="_blank"
          rel="noopener"
          size="small"
          startIcon={<VisibilityOutlined />}
          aria-label={t('registration.files.viewOf', { name: document.DESIGNATION })}
        >
          {t('registration.files.view')}
        </Button>
        {!readOnly && diploma && !document.IS_LAST ? (
          <Button
            size="small"
            startIcon={<StarBorder />}
            disabled={marking.isPending}
            onClick={() => marking.mutate()}
            aria-label={t('registration.documents.markLastOf', { name: document.DESIGNATION })}
          >
            {t('registration.documents.markLast')}
          </Button>
        ) : null}
        {readOnly ? null : (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlined />}
            disabled={removal.isPending}
            onClick={() => removal.mutate()}
            aria-label={t('registration.files.removeOf', { name: document.DESIGNATION })}
          >
            {t('registration.files.remove')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/**
 * Diplomas and pieces (birth, child's birth and wedding certificates): the list, each with
 * view, delete and (diplomas) "mark as last diploma"; and a form to add one with its file.
 */
export function Diplomas() {
  const { t } = useTranslation();
  const { record, readOnly } = useRegistration();
  const documents = useDocuments(record.id);
  const list = documents.data ?? [];
  return (
    <Box component="section" aria-labelledby="diplomas-title">
      <Typography id="diplomas-title" variant="h6" component="h3" gutterBottom>
        {t('registration.documents.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('registration.documents.intro')}</Typography>
      <Stack spacing={2}>
        {documents.isError ? (
          <Alert severity="warning" role="alert">
            {t(errorKey(documents.error))}
          </Alert>
        ) : null}
        {documents.isSuccess && list.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('registration.documents.none')}</Typography> : null}
        {list.length > 0 ? (
          <Box component="ul" aria-label={t('registration.documents.title')} sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {list.map((document) => (
              <DocumentRow key={document.id} document={document} />
            ))}
          </Box>
        ) : null}
        {readOnly ? null : <AddDocument />}
      </Stack>
    </Box>
  );
}
