import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LessonImportReport } from '@portal/contract';
import { LESSON_IMPORT_COLUMNS, LESSON_IMPORT_OPTIONAL_COLUMNS } from '@portal/contract/rules';
import { ImportDialog as ImportFileDialog } from '../../../components/import-dialog';
import { useNotify } from '../../../components/notify';
import { importLessons, planningKeys } from './planning-api';

/** The files the import reads: CSV or Excel (XLSX). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const REJECTION_COLUMNS = ['line', 'reason', 'column', 'other'] as const;

/** Plans lessons from a CSV or XLSX file: a check first (a dry run that saves nothing), then the import, each with its report. */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const describe = (name: (typeof LESSON_IMPORT_COLUMNS)[number]) => {
    const text = t(`planning.import.columns.${name}`);
    return LESSON_IMPORT_OPTIONAL_COLUMNS.includes(name) ? t('planning.import.optional', { text }) : text;
  };

  return (
    <ImportFileDialog<LessonImportReport>
      keys="planning.import"
      columns={LESSON_IMPORT_COLUMNS.map((name) => ({ name, description: describe(name) }))}
      templateName="lessons-template.csv"
      accept={ACCEPT}
      send={importLessons}
      onImported={async (report) => {
        notify('planning.notify.imported', 'success', { count: report.created });
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      }}
      counts={(report) => [
        t(report.dryRun ? 'planning.import.toCreate' : 'planning.import.created', { count: report.created }),
        t('planning.import.rejectedLines', { count: report.rejected.length }),
      ]}
      rejectionHeaders={REJECTION_COLUMNS.map((column) => t(`planning.import.columnsOfReport.${column}`))}
      rejectionRows={(report) =>
        report.rejected.map((rejection) => ({
          key: `${rejection.LINE}-${rejection.REASON}-${rejection.COLUMN ?? ''}`,
          cells: [rejection.LINE, t(`planning.import.reasons.${rejection.REASON}`), rejection.COLUMN ?? '—', rejection.OTHER ?? '—'],
        }))
      }
      onClose={onClose}
    />
  );
}
