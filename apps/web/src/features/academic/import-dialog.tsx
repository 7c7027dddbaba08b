import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@portal/contract';
import { SUBJECT_CSV_COLUMNS } from '@portal/contract/rules';
import { ImportDialog as ImportFileDialog } from '../../components/import-dialog';
import { useNotify } from '../../components/notify';
import { academicKeys, importSubjects } from './academic-api';
import { validationKey } from './labels';

/** Imports subjects from a CSV file: a check first (a dry run that changes nothing), then the import, each with its report. */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const fieldMessage = (field: string, key: string) => {
    const message = t(validationKey(key), { defaultValue: t('validation.invalid') });
    return field === '_' ? message : t('common.labelValue', { label: t(`academic.fields.${field}`, { defaultValue: field }), value: message });
  };

  return (
    <ImportFileDialog<ImportReport>
      keys="academic.import"
      columns={SUBJECT_CSV_COLUMNS.map((name) => ({ name, description: t(`academic.import.columns.${name}`) }))}
      templateName="subjects-template.csv"
      accept=".csv,text/csv"
      send={importSubjects}
      onImported={async () => {
        notify('academic.notify.imported', 'success');
        await queryClient.invalidateQueries({ queryKey: academicKeys.all });
      }}
      counts={(report) => [
        t(report.dryRun ? 'academic.import.toInsert' : 'academic.import.inserted', { count: report.inserted }),
        t(report.dryRun ? 'academic.import.toUpdate' : 'academic.import.updated', { count: report.updated }),
        t('academic.import.rejectedLines', { count: report.rejected.length }),
      ]}
      rejectionHeaders={[t('academic.import.line'), t('academic.import.problems')]}
      rejectionRows={(report) =>
        report.rejected.map((rejection) => ({
          key: rejection.LINE,
          cells: [rejection.LINE, Object.entries(rejection.ERRORS).map(([field, key]) => <Box key={field}>{fieldMessage(field, key)}</Box>)],
        }))
      }
      onClose={onClose}
    />
  );
}
