// The results of the evaluation of teaching as the academic office and a lecturer read them (issue
// 13): one card per (lecturer, subject, class), the threshold message below it, and the
// participation of each class. Shared by the office's results page and a lecturer's reviews.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BALLOT_MIX_SIZE } from '@portal/contract/rules';
import type {
  EvaluationClassParticipation,
  EvaluationDistribution,
  EvaluationQuestionResult,
  EvaluationTargetResult,
  QuestionFormContent,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { inLanguage } from '../lib/names';

/** A number in the reader's language, one decimal at most: 3.75 → `3.8` (`3,8` in French). */
export function formatDecimal(value: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 }).format(value);
}

/** A rate (0..1) as a whole percentage in the reader's language. */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** How the answers spread over the options (or the scale): a bar each, its count and share written out. */
function Distribution({ items, answered, label }: { items: EvaluationDistribution[]; answered: number; label: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {items.map((item) => {
        const share = answered > 0 ? item.count / answered : 0;
        const name = item.label ? inLanguage(language, item.label, item.labelFr) : String(item.mark);
        return (
          <Box
            component="li"
            key={item.key}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(120px, 35%) 1fr auto' }, columnGap: 1.5, alignItems: 'center' }}
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Box
              aria-hidden
              sx={{
                gridRow: { xs: 2, sm: 'auto' },
                gridColumn: { xs: '1 / -1', sm: 'auto' },
                height: 10,
                borderRadius: 5,
                bgcolor: 'action.hover',
                overflow: 'hidden',
              }}
            >
              <Box sx={{ width: `${share * 100}%`, height: '100%', bgcolor: 'primary.main' }} />
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', textAlign: 'right' }}>
              {t('evaluation.results.countShare', { count: item.count, value: formatRate(share, language) })}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function QuestionResult({ question }: { question: EvaluationQuestionResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const label = inLanguage(language, question.label, question.labelFr);
  return (
    <Box component="section" aria-label={label} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {question.type === 'TEXT'
          ? t('evaluation.results.comments', { count: question.comments.length })
          : question.average === null
            ? t('evaluation.results.noAverage')
            : question.maxMark !== null
              ? t('evaluation.results.averageOf', { value: formatDecimal(question.average, language), total: formatDecimal(question.maxMark, language) })
              : t('evaluation.results.average', { value: formatDecimal(question.average, language) })}
        {question.type !== 'TEXT' ? ` · ${t('evaluation.results.answered', { count: question.answered })}` : null}
      </Typography>
      {question.type === 'TEXT' ? (
        question.comments.length > 0 ? (
          <Box component="ul" aria-label={t('evaluation.results.commentsLabel', { label })} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
            {question.comments.map((comment, index) => (
              <Typography component="li" variant="body2" key={index} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {comment}
              </Typography>
            ))}
          </Box>
        ) : null
      ) : (
        <Distribution items={question.distribution} answered={question.answered} label={t('evaluation.results.distribution', { label })} />
      )}
    </Box>
  );
}

/** A lecturer's name as the back office writes it: `LASTNAME Firstname`. */
export const lecturerName = (lecturer: { FIRSTNAME: string; LASTNAME: string }) => `${lecturer.LASTNAME} ${lecturer.FIRSTNAME}`;

/**
 * One (lecturer, subject, class): its answers counted, then either "not enough answers to show
 * results" (below the threshold) or each question's average and distribution, or its comments,
 * under the section it belongs to.
 */
export function TargetResultCard({
  result,
  form,
  threshold,
  showLecturer = true,
}: {
  result: EvaluationTargetResult;
  form: QuestionFormContent;
  threshold: number;
  showLecturer?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const subject = inLanguage(language, result.subject.name, result.subject.nameFr);
  const title = `${result.subject.code} · ${subject}`;
  const sections = form.sections
    .map((section) => ({ section, questions: result.questions.filter((question) => question.sectionKey === section.key) }))
    .filter((group) => group.questions.length > 0);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={t('evaluation.results.cardLabel', { subject: title, class: result.class.code })}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {showLecturer
              ? `${lecturerName(result.lecturer)} · ${t('evaluation.results.classNamed', { class: result.class.code })}`
              : t('evaluation.results.classNamed', { class: result.class.code })}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={result.hidden ? 'default' : 'primary'}
          variant={result.hidden ? 'outlined' : 'filled'}
          label={t('evaluation.results.answers', { count: result.answers })}
        />
      </Box>
      {result.notShown > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('evaluation.results.notShown', { count: result.notShown, size: BALLOT_MIX_SIZE })}
        </Typography>
      ) : null}
      {result.hidden ? (
        <Alert severity="info" variant="outlined">
          {t('evaluation.results.hidden', { count: threshold })}
        </Alert>
      ) : (
        sections.map(({ section, questions }) => (
          <Box key={section.key} sx={{ mt: 1 }}>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
              {inLanguage(language, section.label, section.labelFr)}
            </Typography>
            {questions.map((question) => (
              <QuestionResult key={question.key} question={question} />
            ))}
          </Box>
        ))
      )}
    </Paper>
  );
}

/** The results of several targets, one card each, or a line saying there are none. */
export function TargetResults({
  results,
  form,
  threshold,
  showLecturer,
  empty,
}: {
  results: EvaluationTargetResult[];
  form: QuestionFormContent;
  threshold: number;
  showLecturer?: boolean;
  empty: string;
}) {
  if (results.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {results.map((result) => (
        <TargetResultCard key={result.targetId} result={result} form={form} threshold={threshold} showLecturer={showLecturer} />
      ))}
    </Box>
  );
}

/** Each class's participation: the students who took part, and the evaluations done out of those expected. */
export function ParticipationTable({ rows, label }: { rows: EvaluationClassParticipation[]; label: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {(['class', 'students', 'evaluations'] as const).map((column) => (
                <TableCell key={column} align={column === 'class' ? 'left' : 'right'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {t(`evaluation.results.participation.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.class.id}>
                <TableCell sx={{ fontWeight: 600 }}>{row.class.code}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('evaluation.results.participation.ratio', {
                    count: row.participants,
                    total: row.students,
                    value: formatRate(row.participationRate, language),
                  })}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('evaluation.results.participation.ratio', {
                    count: row.submissions,
                    total: row.expected,
                    value: formatRate(row.submissionRate, language),
                  })}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                  {t('evaluation.results.participation.none')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
