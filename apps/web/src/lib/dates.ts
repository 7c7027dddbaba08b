import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { currentLanguage } from './i18n';

/** A moment shown as the short date with its weekday, in the current language: `lun. 03/07/2023 14:05`. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale(currentLanguage()).format('ddd DD/MM/YYYY HH:mm') : '';
}
