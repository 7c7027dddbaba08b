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
import { useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api';
import { UploadProgress } from './file-upload';

/** What every import answers: whether it was a check (nothing saved) and the lines it refused. */
export interface ImportReportBase {
  dryRun: boolean;
  rejected: readonly unknown[];
}

/** A line of the report's table of refused lines: its cells, in the order of `rejectionHeaders`. */
export interface RejectionRow {
  key: string | number;
  cells: ReactNode[];
}

export interface ImportDialogProps<R extends ImportReportBase> {
  /**
   * Where the dialog's texts are, e.g. `academic.import`: `title`, `intro`, `columnsLabel`,
   * `template`, `choose`, `noFile`, `checking`, `importing`, `check`, `run`, `dryRunReport`,
   * `report` and `rejected` under it.
   */
  keys: string;
  /** the file's columns in order, each with what it holds (translated) */
  columns: readonly { name: string; description: string }[];
  /** the name the template (the header line as a CSV file) is downloaded as */
  templateName: string;
  /** the file types the picker offers */
  accept: string;
  /** sends the file, as a check (dryRun) or for real, reporting the upload's progress */
  send: (file: File, dryRun: boolean, onProgress: (percent: number) => void) => Promise<R>;
  /** after a real import: notify and refresh what it changed */
  onImported: (report: R) => void | Promise<void>;
  /** the report's counts, one line each (translated) */
  counts: (report: R) => string[];
  /** the headers of the table of refused lines, and its rows */
  rejectionHeaders: string[];
  rejectionRows: (report: R) => RejectionRow[];
  onClose: () => void;
}

type Step<R> = { kind: 'idle' } | { kind: 'sending'; dryRun: boolean; percent: number } | { kind: 'report'; report: R } | { kind: 'failed'; key: string };

/**
 * Imports a file in two steps: a check (a dry run that saves nothing) and then, once the file
 * passed it, the import, each with its report of refused lines. The catalogue's subjects and the
 * planned lessons use it; what is imported and how refusals read are theirs.
 */
export function ImportDialog<R extends ImportReportBase>({
  keys,
  columns,
  templateName,
  accept,
  send,
  onImported,
  counts,
  rejectionHeaders,
  rejectionRows,
  onClose,
}: ImportDialogProps<R>) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step<R>>({ kind: 'idle' });
  /** the file passed a check: it may be imported */
  const [checked, setChecked] = useState(false);
  const sending = step.kind === 'sending';
  const header = columns.map((column) => column.name).join(';');
  const templateUrl = `data:text/csv;charset=utf-8,${encodeURIComponent(`${header}\r\n`)}`;

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setStep({ kind: 'sending', dryRun, percent: 0 });
    try {
      const report = await send(file, dryRun, (percent) => setStep({ kind: 'sending', dryRun, percent }));
      setStep({ kind: 'report', report });
      setChecked(dryRun);
      if (!dryRun) await onImported(report);
    } catch (error) {
      setStep({ kind: 'failed', key: errorKey(error) });
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`${keys}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t(`${keys}.intro`)}</DialogContentText>
        <Box component="code" sx={{ display: 'block', p: 1, mb: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}>
          {header}
        </Box>
        <Box component="ul" aria-label={t(`${keys}.columnsLabel`)} sx={{ mt: 0, pl: 3 }}>
          {columns.map((column) => (
            <Typography component="li" variant="body2" key={column.name}>
              <Trans i18nKey="common.termValue" values={{ label: column.name, value: column.description }} components={[<strong key="term" />]} />
            </Typography>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Button component="a" href={templateUrl} download={templateName} variant="text" startIcon={<DownloadOutlined />}>
            {t(`${keys}.template`)}
          </Button>
          <Button component="label" variant="outlined" startIcon={<FolderOpenOutlined />} disabled={sending}>
            {t(`${keys}.choose`)}
            <input
              hidden
              type="file"
              accept={accept}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                // the same file chosen again (after fixing it) is a new choice
                event.target.value = '';
                setChecked(false);
                setStep({ kind: 'idle' });
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary' }} aria-live="polite">
            {file ? file.name : t(`${keys}.noFile`)}
          </Typography>
        </Box>

        {step.kind === 'sending' ? <UploadProgress percent={step.percent} label={t(step.dryRun ? `${keys}.checking` : `${keys}.importing`)} /> : null}
        {step.kind === 'failed' ? (
          <Alert severity="error" role="alert">
            {t(step.key)}
          </Alert>
        ) : null}
        {step.kind === 'report' ? (
          <ReportView keys={keys} report={step.report} counts={counts(step.report)} headers={rejectionHeaders} rows={rejectionRows(step.report)} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('common.close')}
        </Button>
        <Button variant="outlined" onClick={() => void run(true)} disabled={!file || sending}>
          {t(`${keys}.check`)}
        </Button>
        <Button variant="contained" onClick={() => void run(false)} disabled={!file || !checked || sending}>
          {t(`${keys}.run`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportView({
  keys,
  report,
  counts,
  headers,
  rows,
}: {
  keys: string;
  report: ImportReportBase;
  counts: string[];
  headers: string[];
  rows: RejectionRow[];
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Alert severity={report.rejected.length > 0 ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
        <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
          {t(report.dryRun ? `${keys}.dryRunReport` : `${keys}.report`)}
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {counts.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Alert>
      {rows.length > 0 ? (
        <TableContainer sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={t(`${keys}.rejected`)}>
            <TableHead>
              <TableRow>
                {headers.map((header) => (
                  <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, index) => (
                    <TableCell key={index}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
