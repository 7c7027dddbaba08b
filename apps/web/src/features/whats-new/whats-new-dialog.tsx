import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { RESULTS_THRESHOLD } from '@portal/contract/rules';
import { LIMITS } from '../../lib/limits';

interface Feature {
  title: string;
  text: string;
}

/** The features of the current version, from the locales (`whatsNew.features`). */
export default function WhatsNewDialog({ open, version, onClose }: { open: boolean; version: string; onClose: () => void }) {
  const { t } = useTranslation();
  const features = t('whatsNew.features', { ...LIMITS, threshold: RESULTS_THRESHOLD, returnObjects: true }) as unknown;
  const items: Feature[] = Array.isArray(features) ? (features as Feature[]) : [];

  return (
    <Dialog open={open} onClose={onClose} scroll="paper" maxWidth="sm" fullWidth>
      <DialogTitle>{t('whatsNew.title', { version })}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {items.map((item) => (
            <ListItem key={item.title} disableGutters>
              <ListItemText primary={item.title} secondary={item.text} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
