import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionFormSummary } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadStatus } from '../../components/load-status';
import { useNotify } from '../../components/notify';
import { OfficeTable } from '../../components/office-table';
import { Page } from '../../components/page';
import { errorKey } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { inLanguage } from '../../lib/names';
import { deleteQuestionForm, duplicateQuestionForm, evaluationKeys, useQuestionForms } from './evaluation-api';

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
        <OfficeTable
          label={t('evaluation.forms.title')}
          minWidth={720}
          rows={forms.data.forms}
          rowKey={(form) => form.id}
          empty={t('evaluation.forms.empty')}
          columns={[
            {
              header: t('evaluation.forms.columns.name'),
              cell: (form) => (
                <>
                  <Link component={RouterLink} to={`/academic/evaluation/forms/${form.id}`} sx={{ fontWeight: 600 }}>
                    {name(form)}
                  </Link>
                  {form.inUse ? <Chip size="small" label={t('evaluation.forms.inUse')} sx={{ ml: 1 }} /> : null}
                </>
              ),
            },
            { header: t('evaluation.forms.columns.sections'), align: 'right', cell: (form) => form.sections },
            { header: t('evaluation.forms.columns.questions'), align: 'right', cell: (form) => form.questions },
            { header: t('evaluation.forms.columns.sessions'), align: 'right', cell: (form) => form.sessions },
            { header: t('evaluation.forms.columns.updatedAt'), sx: { whiteSpace: 'nowrap' }, cell: (form) => formatDay(form.updatedAt) },
            {
              header: t('evaluation.forms.columns.actions'),
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              cell: (form) => (
                <>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/academic/evaluation/forms/${form.id}`}
                    aria-label={t('evaluation.forms.openNamed', { name: name(form) })}
                  >
                    {t('evaluation.forms.open')}
                  </Button>
                  <Button
                    size="small"
                    disabled={duplicate.isPending}
                    onClick={() => duplicate.mutate(form.id)}
                    aria-label={t('evaluation.forms.duplicateNamed', { name: name(form) })}
                  >
                    {t('evaluation.forms.duplicate')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={form.sessions > 0}
                    title={form.sessions > 0 ? t('evaluation.forms.cannotDelete', { count: form.sessions }) : undefined}
                    onClick={() => setDeleting(form)}
                    aria-label={t('evaluation.forms.deleteNamed', { name: name(form) })}
                  >
                    {t('evaluation.forms.delete')}
                  </Button>
                </>
              ),
            },
          ]}
        />
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
