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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LessonImportReport } from '@portal/contract';
import { LESSON_IMPORT_COLUMNS, LESSON_IMPORT_OPTIONAL_COLUMNS } from '@portal/contract/rules';
import { UploadProgress } from '../../../components/file-upload';
import { useNotify } from '../../../components/notify';
import { errorKey } from '../../../lib/api';
import { importLessons, planningKeys } from './planning-api';

/** The expected header line, as a CSV file to download and fill in (a spreadsheet opens it). */
export const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(`${LESSON_IMPORT_COLUMNS.join(';')}\r\n`)}`;

/** The files the import reads: CSV or Excel (XLSX). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Step = { kind: 'idle' } | { kind: 'sending'; dryRun: boolean; percent: number } | { kind: 'report'; report: LessonImportReport } | { kind: 'failed'; key: string };

/** Plans lessons from a CSV or XLSX file: a check first (a dry run that saves nothing), then the import, each with its report. */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  /** the file passed a check: it may be imported */
  const [checked, setChecked] = useState(false);
  const sending = step.kind === 'sending';

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setStep({ kind: 'sending', dryRun, percent: 0 });
    try {
      const report = await importLessons(file, dryRun, (percent) => setStep({ kind: 'sending', dryRun, percent }));
      setStep({ kind: 'report', report });
      setChecked(dryRun);
      if (!dryRun) {
        notify('planning.notify.imported', 'success', { count: report.created });
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      }
    } catch (error) {
      setStep({ kind: 'failed', key: errorKey(error) });
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('planning.import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('planning.import.intro')}</DialogContentText>
        <Box component="code" sx={{ display: 'block', p: 1, mb: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}>
          {LESSON_IMPORT_COLUMNS.join(';')}
        </Box>
        <Box component="ul" aria-label={t('planning.import.columnsLabel')} sx={{ mt: 0, pl: 3 }}>
          {LESSON_IMPORT_COLUMNS.map((column) => (
            <Typography component="li" variant="body2" key={column}>
              <Trans
                i18nKey="common.termValue"
                values={{ label: column, value: LESSON_IMPORT_OPTIONAL_COLUMNS.includes(column) ? t('planning.import.optional', { text: t(`planning.import.columns.${column}`) }) : t(`planning.import.columns.${column}`) }}
                components={[<strong key="term" />]}
              />
            </Typography>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Button component="a" href={TEMPLATE_URL} download="lessons-template.csv" variant="text" startIcon={<DownloadOutlined />}>
            {t('planning.import.template')}
          </Button>
          <Button component="label" variant="outlined" startIcon={<FolderOpenOutlined />} disabled={sending}>
            {t('planning.import.choose')}
            <input
              hidden
              type="file"
              accept={ACCEPT}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                event.target.value = '';
                setChecked(false);
                setStep({ kind: 'idle' });
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary' }} aria-live="polite">
            {file ? file.name : t('planning.import.noFile')}
          </Typography>
        </Box>

        {step.kind === 'sending' ? <UploadProgress percent={step.percent} label={t(step.dryRun ? 'planning.import.checking' : 'planning.import.importing')} /> : null}
        {step.kind === 'failed' ? (
          <Alert severity="error" role="alert">
            {t(step.key)}
          </Alert>
        ) : null}
        {step.kind === 'report' ? <ReportView report={step.report} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('common.close')}
        </Button>
        <Button variant="outlined" onClick={() => void send(true)} disabled={!file || sending}>
          {t('planning.import.check')}
        </Button>
        <Button variant="contained" onClick={() => void send(false)} disabled={!file || !checked || sending}>
          {t('planning.import.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const REJECTION_COLUMNS = ['line', 'reason', 'column', 'other'] as const;

function ReportView({ report }: { report: LessonImportReport }) {
  const { t } = useTranslation();
  const counts = [t(report.dryRun ? 'planning.import.toCreate' : 'planning.import.created', { count: report.created }), t('planning.import.rejectedLines', { count: report.rejected.length })];
  return (
    <Box>
      <Alert severity={report.rejected.length > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
        <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
          {t(report.dryRun ? 'planning.import.dryRunReport' : 'planning.import.report')}
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {counts.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Alert>
      {report.rejected.length > 0 ? (
        <TableContainer sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={t('planning.import.rejected')}>
            <TableHead>
              <TableRow>
                {REJECTION_COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {t(`planning.import.columnsOfReport.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rejected.map((rejection) => (
                <TableRow key={`${rejection.LINE}-${rejection.REASON}-${rejection.COLUMN ?? ''}`}>
                  <TableCell>{rejection.LINE}</TableCell>
                  <TableCell>{t(`planning.import.reasons.${rejection.REASON}`)}</TableCell>
                  <TableCell>{rejection.COLUMN ?? '—'}</TableCell>
                  <TableCell>{rejection.OTHER ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
