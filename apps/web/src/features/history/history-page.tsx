import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '@portal/contract';
import type { HistoryEvent } from '@portal/contract/rules';
import { ListPager } from '../../components/list-page';
import { LoadStatus } from '../../components/load-status';
import { Page } from '../../components/page';
import { formatMoment } from '../../lib/format';
import { LIST_PAGE_SIZES, useUrlFilters } from '../../lib/url-filters';
import { historyFiltersFrom, useHistory } from './history-api';
import { historySentence } from './history-sentence';

/** The icon of an event: signing in, the registration, identification, subject choices, requests, a student's file, a mail account, enrolment. */
function iconOf(event: HistoryEvent): typeof SvgIcon {
  if (event.startsWith('request') || event === 'attachmentUploaded') return ReceiptLongOutlined;
  if (event.startsWith('student')) return BadgeOutlined;
  if (event.startsWith('mail')) return AlternateEmailOutlined;
  if (event.startsWith('enrolment')) return HowToRegOutlined;
  if (event.startsWith('choice') || event.startsWith('application')) return MenuBookOutlined;
  if (event.startsWith('photo') || event.startsWith('fingerprint') || event.startsWith('identification')) return FingerprintOutlined;
  if (event === 'accountActivated' || event.startsWith('sign') || event === 'codeFailed') return LoginOutlined;
  return AssignmentIndOutlined;
}

function HistoryLine({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation();
  const Icon = iconOf(entry.event);
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: { xs: 1.5, sm: 2 } }}>
      <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
        <Icon color={entry.byOffice ? 'secondary' : 'primary'} aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={historySentence(t, i18n.language, entry)}
        secondary={<time dateTime={entry.at}>{formatMoment(entry.at)}</time>}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/** `/history`: what the person did in the portal and what the offices did to or for them, newest first, a page at a time. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { filters, update } = useUrlFilters(historyFiltersFrom);
  const history = useHistory(filters);
  const data = history.data;

  return (
    <Page title={t('history.title')} intro={t('history.intro')}>
      <LoadStatus error={history.error} loading={history.isPending} />
      {data ? (
        <Paper variant="outlined">
          {history.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : <Box sx={{ height: 4 }} />}
          {data.rows.length === 0 ? (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>{data.total === 0 ? t('history.empty') : t('history.emptyPage')}</Typography>
          ) : (
            <List aria-label={t('history.listLabel')} disablePadding>
              {data.rows.map((entry) => (
                <HistoryLine key={entry.id} entry={entry} />
              ))}
            </List>
          )}
          {data.total > 0 ? (
            <ListPager
              data={{ total: data.total, count: Math.max(1, Math.ceil(data.total / data.pageSize)) }}
              paging={{ page: filters.page, pageSize: filters.pageSize, pageSizes: LIST_PAGE_SIZES, update }}
            />
          ) : null}
        </Paper>
      ) : null}
    </Page>
  );
}
