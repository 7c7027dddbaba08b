import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { LIMITS } from '../../lib/limits';
import { useMeta } from '../../lib/session';

interface Section {
  title: string;
  paragraphs: string[];
  items?: string[];
}

function isSection(value: unknown): value is Section {
  const record = value as Partial<Section> | null;
  return typeof record?.title === 'string' && Array.isArray(record.paragraphs);
}

/** A legal text kept in the locales as `legal.<document>.sections`: titled sections of paragraphs and lists. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const values = {
    ...LIMITS,
    email: meta.data?.supportEmail ?? t('legal.supportFallback'),
    version: meta.data?.version ?? '1.0.0',
  };
  const raw = t(`legal.${document}.sections`, { returnObjects: true, ...values }) as unknown;
  const sections = Array.isArray(raw) ? raw.filter(isSection) : [];

  return (
    <Page title={t(`legal.${document}.title`)}>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t(`legal.${document}.updated`, values)}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography sx={{ mb: 3 }}>{t(`legal.${document}.intro`, values)}</Typography>
        {sections.map((section, index) => (
          <Box component="section" key={section.title} sx={{ mb: 3 }} aria-labelledby={`${document}-section-${index}`}>
            <Typography variant="h6" component="h2" id={`${document}-section-${index}`} gutterBottom>
              {`${index + 1}. ${section.title}`}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
            {section.items ? (
              <Box component="ul" sx={{ mt: 0, pl: 3 }}>
                {section.items.map((item) => (
                  <Typography component="li" key={item} sx={{ mb: 0.75 }}>
                    {item}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        ))}
      </Paper>
    </Page>
  );
}
