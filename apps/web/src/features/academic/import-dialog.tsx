import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ImportReport } from '@portal/contract';
import { SUBJECT_CSV_COLUMNS } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { errorKey } from '../../lib/api';
import { academicKeys, importSubjects } from './academic-api';
import { validationKey } from './labels';

/** The expected header line, as a file to download and fill in (a spreadsheet opens it). */
export const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SUBJECT_CSV_COLUMNS.join(';')}\r\n`)}`;

type Step = { kind: 'idle' } | { kind: 'sending'; dryRun: boolean; percent: number } | { kind: 'report'; report: ImportReport } | { kind: 'failed'; key: string };

/** Imports subjects from a CSV file: a check first (a dry run that changes nothing), then the import, each with its report. */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  /** the file passed a check: it may be imported */
  const [checked, setChecked] = useState(false);
  const sending = step.kind === 'sending';

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setStep({ kind: 'sending', dryRun, percent: 0 });
    try {
      const report = await importSubjects(file, dryRun, (percent) => setStep({ kind: 'sending', dryRun, percent }));
      setStep({ kind: 'report', report });
      if (dryRun) setChecked(true);
      else {
        setChecked(false);
        notify('academic.notify.imported', 'success');
        await queryClient.invalidateQueries({ queryKey: academicKeys.all });
      }
    } catch (error) {
      setStep({ kind: 'failed', key: errorKey(error) });
    }
  };

  const fieldMessage = (field: string, key: string) => {
    const message = t(validationKey(key), { defaultValue: t('validation.invalid') });
    return field === '_' ? message : t('common.labelValue', { label: t(`academic.fields.${field}`, { defaultValue: field }), value: message });
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('academic.import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('academic.import.intro')}</DialogContentText>
        <Box component="code" sx={{ display: 'block', p: 1, mb: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}>
          {SUBJECT_CSV_COLUMNS.join(';')}
        </Box>
        <Box component="ul" aria-label={t('academic.import.columnsLabel')} sx={{ mt: 0, pl: 3 }}>
          {SUBJECT_CSV_COLUMNS.map((column) => (
            <Typography component="li" variant="body2" key={column}>
              <Trans i18nKey="common.termValue" values={{ label: column, value: t(`academic.import.columns.${column}`) }} components={[<strong key="term" />]} />
            </Typography>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Button component="a" href={TEMPLATE_URL} download="subjects-template.csv" variant="text" startIcon={<DownloadOutlined />}>
            {t('academic.import.template')}
          </Button>
          <Button component="label" variant="outlined" startIcon={<FolderOpenOutlined />} disabled={sending}>
            {t('academic.import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setChecked(false);
                setStep({ kind: 'idle' });
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary' }} aria-live="polite">
            {file ? file.name : t('academic.import.noFile')}
          </Typography>
        </Box>

        {step.kind === 'sending' ? (
          <LinearProgress variant="determinate" value={step.percent} aria-label={t(step.dryRun ? 'academic.import.checking' : 'academic.import.importing')} />
        ) : null}
        {step.kind === 'failed' ? (
          <Alert severity="error" role="alert">
            {t(step.key)}
          </Alert>
        ) : null}
        {step.kind === 'report' ? <ReportView report={step.report} message={fieldMessage} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('common.close')}
        </Button>
        <Button variant="outlined" onClick={() => void send(true)} disabled={!file || sending}>
          {t('academic.import.check')}
        </Button>
        <Button variant="contained" onClick={() => void send(false)} disabled={!file || !checked || sending}>
          {t('academic.import.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportView({ report, message }: { report: ImportReport; message: (field: string, key: string) => string }) {
  const { t } = useTranslation();
  const counts = [
    t(report.dryRun ? 'academic.import.toInsert' : 'academic.import.inserted', { count: report.inserted }),
    t(report.dryRun ? 'academic.import.toUpdate' : 'academic.import.updated', { count: report.updated }),
    t('academic.import.rejectedLines', { count: report.rejected.length }),
  ];
  return (
    <Box>
      <Alert severity={report.rejected.length > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
        <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
          {t(report.dryRun ? 'academic.import.dryRunReport' : 'academic.import.report')}
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {counts.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Alert>
      {report.rejected.length > 0 ? (
        <TableContainer sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={t('academic.import.rejected')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700, width: 80 }}>{t('academic.import.line')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>{t('academic.import.problems')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rejected.map((rejection) => (
                <TableRow key={rejection.LINE}>
                  <TableCell>{rejection.LINE}</TableCell>
                  <TableCell>
                    {Object.entries(rejection.ERRORS).map(([field, key]) => (
                      <Box key={field}>{message(field, key)}</Box>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
