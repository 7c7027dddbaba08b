import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page';
import type { AuditEntry, DocumentRecord, Dossier, PersonRecord, SavedSection } from '@portal/contract';
import { FILE_COLUMN_TYPES, FILE_COLUMNS as FILE_FIELDS, isoToDmy, type FileColumn } from '@portal/contract/rules';
import { useNotify } from '../../components/notify';
import { acceptOf, checkFile } from '../../lib/files';
import type { FileChange } from './file-change-dialog';
import { useCountryName } from '../../lib/country';
import { formatValue } from './display';
import { formatMoment } from '../../lib/format';
import { actionLabel, fieldLabel, missingLabel, sectionLabel } from './labels';
import { useDossier } from './hr-api';
import { StateChip } from './state-chip';
import { fieldsForPayMode, SAVED_SECTIONS, SECTION_FIELDS, type FieldDef } from './sections';

// The dialogs (and the contract's schemas they validate with) load on first use, or once the dossier shows.
const loadCorrectDialog = () => import('./correct-dialog');
const loadReopenDialog = () => import('./reopen-dialog');
const loadFileChangeDialog = () => import('./file-change-dialog');
const CorrectDialog = lazy(loadCorrectDialog);
const ReopenDialog = lazy(loadReopenDialog);
const FileChangeDialog = lazy(loadFileChangeDialog);

function Row({ label, missing, children, extra }: { label: string; missing?: boolean; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {!empty ? (
          children
        ) : missing ? (
          <Box component="span" sx={{ color: 'warning.dark', fontWeight: 600 }}>
            {t('hr.dossier.missing')}
          </Box>
        ) : (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {t('hr.notProvided')}
          </Box>
        )}
        {extra}
      </Typography>
    </Box>
  );
}

function Card({ title, action, caption, children }: { title: string; action?: ReactNode; caption?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {caption ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {caption}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

function Children({ list }: { list: PersonRecord['CHILDREN'] }) {
  if (list.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {list.map((child, index) => (
        <li key={index}>{`${child.LASTNAME} ${child.FIRSTNAME}${child.BIRTHDATE ? ` (${isoToDmy(child.BIRTHDATE)})` : ''}`}</li>
      ))}
    </Box>
  );
}

function SectionCard({ dossier, section, onCorrect }: { dossier: Dossier; section: SavedSection; onCorrect: () => void }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const { record, state } = dossier;
  const missing = new Set(state.missing);
  const savedAt = state.sections.find((s) => s.section === section)?.savedAt;
  const value = (field: FieldDef) =>
    field.display === 'children' ? (
      <Children list={record.CHILDREN} />
    ) : (
      formatValue(t, field.name, (record as Record<string, unknown>)[field.name], countryName)
    );
  return (
    <Card
      title={sectionLabel(t, section)}
      caption={savedAt ? t('hr.dossier.savedAt', { time: formatMoment(savedAt) }) : t('hr.dossier.notSaved')}
      action={
        <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onCorrect}>
          {t('hr.correct.button')}
        </Button>
      }
    >
      <Box component="dl" sx={{ m: 0 }}>
        {fieldsForPayMode(SECTION_FIELDS[section], dossier.record.PAYMODE).map((field) => (
          <Row key={field.name} label={fieldLabel(t, field.name)} missing={missing.has(field.name)}>
            {field.display === 'children' && record.CHILDREN.length === 0 ? null : value(field)}
          </Row>
        ))}
        {section === 'pay-mode' && missing.has('ACCOUNT_DATA') ? (
          <Row label={fieldLabel(t, 'ACCOUNT_DATA')} missing>
            {null}
          </Row>
        ) : null}
      </Box>
    </Card>
  );
}

function FileLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" aria-label={t('common.labelValue', { label: t('hr.documents.open'), value: label })}>
      {t('hr.documents.open')}
    </Link>
  );
}

/** Replace and remove a file column's file: each asks for the reason before it is done. */
function FileActions({ column, label, present, onChange }: { column: FileColumn; label: string; present: boolean; onChange: (change: FileChange) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const inputId = useId();
  const types = FILE_COLUMN_TYPES[column];
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, ml: 2, flexWrap: 'wrap' }}>
      <input
        id={inputId}
        type="file"
        hidden
        accept={acceptOf(types)}
        aria-label={t('common.labelValue', { label: t('hr.files.replace.button'), value: label })}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const refused = checkFile(file, types, column === 'CV_LINK' ? 'errors.CV_NOT_PDF' : 'errors.FILE_TYPE_REFUSED');
          if (refused) notify(refused, 'error');
          else onChange({ kind: 'replace', column, file });
        }}
      />
      <Button component="label" htmlFor={inputId} size="small" startIcon={<UploadFileOutlined />}>
        {present ? t('hr.files.replace.button') : t('hr.files.add')}
      </Button>
      {present ? (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlined />}
          onClick={() => onChange({ kind: 'remove', column })}
          aria-label={t('common.labelValue', { label: t('hr.files.remove.button'), value: label })}
        >
          {t('hr.files.remove.button')}
        </Button>
      ) : null}
    </Box>
  );
}

function Documents({
  record,
  documents,
  missing,
  onChange,
}: {
  record: PersonRecord;
  documents: DocumentRecord[];
  missing: Set<string>;
  onChange: (change: FileChange) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('hr.documents.title')} caption={t('hr.files.caption')}>
      <Box component="dl" sx={{ m: 0 }}>
        {FILE_FIELDS.map((column) => {
          const url = record[column];
          const label = fieldLabel(t, column);
          return (
            <Row
              key={column}
              label={label}
              missing={missing.has(column)}
              extra={<FileActions column={column} label={label} present={Boolean(url)} onChange={onChange} />}
            >
              {url ? <FileLink href={url} label={label} /> : null}
            </Row>
          );
        })}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
        {t('hr.documents.pieces')}
      </Typography>
      {documents.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('hr.documents.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {documents.map((doc) => {
            const facts = [
              doc.SPECIALITY,
              doc.LEVEL ? `BAC+${doc.LEVEL}` : null,
              doc.LANGUAGE ? t(`language.${doc.LANGUAGE}`, { defaultValue: doc.LANGUAGE }) : null,
              doc.OBTENEDSTAB,
              isoToDmy(doc.OBTENEDDATE),
              doc.IS_LAST ? t('hr.documents.last') : null,
            ].filter(Boolean);
            return (
              <Box component="li" key={doc.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {`${t(`hr.pieceType.${doc.PIECE_TYPE}`)} · ${doc.DESIGNATION}`}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {facts.join(' · ')}
                </Typography>
                <FileLink href={doc.FILE} label={doc.DESIGNATION} />
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  sx={{ ml: 2 }}
                  onClick={() => onChange({ kind: 'delete', document: doc.id, name: doc.DESIGNATION })}
                  aria-label={t('common.labelValue', { label: t('hr.files.delete.button'), value: doc.DESIGNATION })}
                >
                  {t('hr.files.delete.button')}
                </Button>
              </Box>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const details = entry.details;
  const section = asText(details.section);
  const reason = asText(details.reason);
  const lines: ReactNode[] = [];
  if (section) lines.push(t('common.labelValue', { label: t('hr.audit.section'), value: sectionLabel(t, section) }));
  if (entry.action === 'profile.changed-by-hr' && details.changes && typeof details.changes === 'object') {
    const changes = Object.entries(details.changes as Record<string, unknown>);
    lines.push(
      <Box component="ul" key="changes" sx={{ m: 0, pl: 2 }}>
        {changes.map(([field, pair]) => {
          const [before, after] = Array.isArray(pair) ? pair : [null, pair];
          const empty = t('hr.audit.empty');
          return (
            <li key={field}>
              {t('common.labelValue', {
                label: fieldLabel(t, field),
                value: `${formatValue(t, field, before, countryName) ?? empty} → ${formatValue(t, field, after, countryName) ?? empty}`,
              })}
            </li>
          );
        })}
      </Box>,
    );
    if (changes.length === 0) lines.push(t('hr.audit.noChange'));
  }
  if (entry.action === 'profile.section-saved' && Array.isArray(details.fields) && details.fields.length > 0) {
    lines.push(t('common.labelValue', { label: t('hr.audit.fields'), value: details.fields.map((field) => fieldLabel(t, String(field))).join(', ') }));
  }
  const column = asText(details.column);
  if (column) lines.push(t('common.labelValue', { label: t('hr.audit.file'), value: fieldLabel(t, column) }));
  const pieceType = asText(details.pieceType);
  if (pieceType) lines.push(t('common.labelValue', { label: t('hr.audit.pieceType'), value: t(`hr.pieceType.${pieceType}`, { defaultValue: pieceType }) }));
  if (reason) lines.push(t('common.labelValue', { label: t('hr.audit.reason'), value: reason }));
  if (lines.length === 0) return null;
  return <Box sx={{ mt: 0.5, typography: 'body2' }}>{lines.map((line, index) => (typeof line === 'string' ? <div key={index}>{line}</div> : line))}</Box>;
}

function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('hr.audit.title')}>
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('hr.audit.none')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {entries.map((entry) => (
            <Box component="li" key={entry.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
                {' · '}
                {entry.actor ? `${entry.actor.name} (${entry.actor.MATRICULE})` : t('hr.audit.system')}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {actionLabel(t, entry.action)}
              </Typography>
              <AuditDetails entry={entry} />
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}

function DossierView({
  dossier,
  onCorrect,
  onReopen,
  onFileChange,
}: {
  dossier: Dossier;
  onCorrect: (section: SavedSection) => void;
  onReopen: () => void;
  onFileChange: (change: FileChange) => void;
}) {
  const { t } = useTranslation();
  const { record, state } = dossier;
  const closed = state.ACTIVED;
  const closedAt = state.CLOSED_AT ?? record.CLOSED_AT;
  const missing = new Set(state.missing);
  return (
    <Stack spacing={2.5}>
      <Paper component="section" variant="outlined" aria-label={t('hr.dossier.title')} sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box component="dl" sx={{ m: 0, flex: '1 1 320px', display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('hr.fields.MATRICULE')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {record.MATRICULE}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('hr.fields.STATUS')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {record.STATUS ? t(`person.status.${record.STATUS}`) : t('hr.notProvided')}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('hr.dossier.state')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <StateChip closed={closed} />
            </Box>
            {closed && closedAt ? (
              <>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('hr.dossier.closedAt')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {formatMoment(closedAt)}
                </Typography>
              </>
            ) : null}
          </Box>
          {closed ? (
            <Button variant="contained" startIcon={<LockOpenOutlined />} onClick={onReopen}>
              {t('hr.reopen.button')}
            </Button>
          ) : null}
        </Box>
      </Paper>

      {state.missing.length > 0 ? (
        <Alert severity="warning" component="section" role="region" aria-label={t('hr.dossier.missingTitle')}>
          <Typography variant="subtitle2" component="h2">
            {t('hr.dossier.missingTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2, columnCount: { xs: 1, sm: 2, md: 3 }, columnGap: 4 }}>
            {state.missing.map((field) => (
              <li key={field}>{missingLabel(t, field)}</li>
            ))}
          </Box>
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          {t('hr.dossier.complete')}
        </Alert>
      )}

      {/* two columns on wide screens: the dossier reads at a glance */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2.5, alignItems: 'start' }}>
        {SAVED_SECTIONS.map((section) => (
          <SectionCard key={section} dossier={dossier} section={section} onCorrect={() => onCorrect(section)} />
        ))}
      </Box>
      <Documents record={record} documents={dossier.documents} missing={missing} onChange={onFileChange} />
      <AuditTrail entries={dossier.audit} />
    </Stack>
  );
}

export default function DossierPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const dossier = useDossier(valid ? id : 0);
  const [correcting, setCorrecting] = useState<SavedSection | null>(null);
  const [reopening, setReopening] = useState(false);
  const [fileChange, setFileChange] = useState<FileChange | null>(null);
  const loaded = Boolean(dossier.data);
  useEffect(() => {
    if (!loaded) return;
    loadCorrectDialog().catch(() => undefined);
    loadReopenDialog().catch(() => undefined);
    loadFileChangeDialog().catch(() => undefined);
  }, [loaded]);

  const record = dossier.data?.record;
  const name = record ? `${record.LASTNAME} ${record.FIRSTNAME}` : '';

  return (
    <RecordPage title={name || t('hr.dossier.title')} list="/hr/registrations" backLabel={t('hr.dossier.back')} valid={valid} query={dossier}>
      {dossier.data ? <DossierView dossier={dossier.data} onCorrect={setCorrecting} onReopen={() => setReopening(true)} onFileChange={setFileChange} /> : null}
      <Suspense fallback={null}>
        {correcting && record ? <CorrectDialog key={correcting} id={id} section={correcting} record={record} onClose={() => setCorrecting(null)} /> : null}
        {reopening && record ? <ReopenDialog id={id} name={name} onClose={() => setReopening(false)} /> : null}
        {fileChange ? <FileChangeDialog id={id} change={fileChange} onClose={() => setFileChange(null)} /> : null}
      </Suspense>
    </RecordPage>
  );
}
