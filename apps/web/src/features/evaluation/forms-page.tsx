import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionFormSummary } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyRow } from '../../components/empty-row';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { inLanguage } from '../../lib/names';
import { deleteQuestionForm, duplicateQuestionForm, evaluationKeys, useQuestionForms } from './evaluation-api';

const COLUMNS = ['name', 'sections', 'questions', 'sessions', 'updatedAt', 'actions'] as const;
const NUMERIC = new Set<string>(['sections', 'questions', 'sessions']);

/** `/academic/evaluation/forms`: the question forms, each opened in the editor, duplicated or deleted (a form a session uses is kept). */
export default function FormsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forms = useQuestionForms();
  const [deleting, setDeleting] = useState<QuestionFormSummary | null>(null);
  const duplicate = useMutation({
    mutationFn: duplicateQuestionForm,
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.forms });
      notify('evaluation.notify.duplicated', 'success');
      navigate(`/academic/evaluation/forms/${copy.id}`);
    },
    onError: (error) => notify(errorKey(error), 'error'),
  });
  const name = (form: { name: string; nameFr: string }) => inLanguage(i18n.language, form.name, form.nameFr);

  return (
    <Page
      title={t('evaluation.forms.title')}
      maxWidth="lg"
      intro={t('evaluation.forms.intro')}
      action={
        <Button component={RouterLink} to="/academic/evaluation/forms/new" variant="contained" startIcon={<AddOutlined />}>
          {t('evaluation.forms.add')}
        </Button>
      }
    >
      <LoadStatus error={forms.error} loading={forms.isPending} />
      {forms.data ? (
        <Paper variant="outlined">
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 720 }} aria-label={t('evaluation.forms.title')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={NUMERIC.has(column) || column === 'actions' ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`evaluation.forms.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {forms.data.forms.map((form) => (
                  <TableRow key={form.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/academic/evaluation/forms/${form.id}`} sx={{ fontWeight: 600 }}>
                        {name(form)}
                      </Link>
                      {form.inUse ? <Chip size="small" label={t('evaluation.forms.inUse')} sx={{ ml: 1 }} /> : null}
                    </TableCell>
                    <TableCell align="right">{form.sections}</TableCell>
                    <TableCell align="right">{form.questions}</TableCell>
                    <TableCell align="right">{form.sessions}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(form.updatedAt)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" component={RouterLink} to={`/academic/evaluation/forms/${form.id}`} aria-label={t('evaluation.forms.openNamed', { name: name(form) })}>
                        {t('evaluation.forms.open')}
                      </Button>
                      <Button size="small" disabled={duplicate.isPending} onClick={() => duplicate.mutate(form.id)} aria-label={t('evaluation.forms.duplicateNamed', { name: name(form) })}>
                        {t('evaluation.forms.duplicate')}
                      </Button>
                      <Button size="small" color="error" disabled={form.sessions > 0} title={form.sessions > 0 ? t('evaluation.forms.cannotDelete', { count: form.sessions }) : undefined} onClick={() => setDeleting(form)} aria-label={t('evaluation.forms.deleteNamed', { name: name(form) })}>
                        {t('evaluation.forms.delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {forms.data.forms.length === 0 ? <EmptyRow columns={COLUMNS.length} text={t('evaluation.forms.empty')} /> : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('evaluation.forms.deleteTitle', { name: name(deleting) })}
          text={t('evaluation.forms.deleteText')}
          confirmLabel={t('evaluation.forms.delete')}
          danger
          action={() => deleteQuestionForm(deleting.id)}
          onDone={() => {
            notify('evaluation.notify.deleted', 'success');
            setDeleting(null);
            void queryClient.invalidateQueries({ queryKey: evaluationKeys.forms });
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Page>
  );
}
