import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@portal/contract';
import { REQUEST_SIGNATURE_DAYS } from '@portal/contract/rules';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { RecordPage } from '../../components/record-page';
import { formatMoment } from '../../lib/format';
import { RequestDetailView } from './request-detail-view';
import { labelled } from './request-labels';
import { useRequest } from './requests-api';

/** Just filed: the reference, the 7-day rule in plain words with its deadline, and the form to print; for a student, nothing to sign (decision 41) and a copy to keep. */
function FiledConfirmation({ request }: { request: RequestDetail }) {
  const { t, i18n } = useTranslation();
  const unit = request.unit ? labelled(request.unit, i18n.language) : t('requests.filed.lecturersService');
  return (
    <Alert severity="success" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }} aria-labelledby="request-filed-title">
      <AlertTitle id="request-filed-title">{t('requests.filed.title', { reference: request.REQUEST_ID })}</AlertTitle>
      {request.audience === 'STAFF' && request.REQUEST_STATUS === 'REGISTERED' && !request.signedAt ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('requests.filed.rule', { count: REQUEST_SIGNATURE_DAYS, unit, deadline: formatMoment(request.signatureDeadline) })}
        </Typography>
      ) : null}
      {request.audience === 'STUDENT' ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('requests.filed.student')}
        </Typography>
      ) : null}
      <Button variant="contained" color="success" startIcon={<PrintOutlined />} href={request.formUrl} target="_blank" rel="noopener">
        {t(request.audience === 'STUDENT' ? 'requests.filed.printCopy' : 'requests.filed.print')}
      </Button>
    </Alert>
  );
}

/** `/requests/:id`: one of the lecturer's (or the student's) requests, its fields, its attachment and form, and its steps; `?filed=1` after filing. */
export default function RequestPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const request = useRequest(valid ? id : 0, valid);
  const data = request.data;
  return (
    <RecordPage title={data?.REQUEST_ID ?? t('requests.detail.title')} list="/requests" backLabel={t('requests.detail.back')} valid={valid} query={request}>
      {data ? (
        <>
          {search.get('filed') === '1' ? <FiledConfirmation request={data} /> : null}
          <RequestDetailView request={data} />
        </>
      ) : null}
    </RecordPage>
  );
}
