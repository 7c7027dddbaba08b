import ArrowBack from '@mui/icons-material/ArrowBack';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GradingOutlined from '@mui/icons-material/GradingOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { RequestCategory, RequestDetail, RequestSubcategory } from '@portal/contract';
import { requestAudienceOf } from '@portal/contract/rules';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LeaveGuard } from '../../components/leave-guard';
import { LoadStatus } from '../../components/load-status';
import { PageLoader } from '../../components/page-loader';
import { Page } from '../../components/page';
import { formatMoment } from '../../lib/format';
import { inLanguage } from '../../lib/names';
import { useSession } from '../../lib/session';
import { clearDraft, readDraft, writeDraft, type DraftAttachment } from './request-draft';
import { EMPTY_REQUEST_FORM, hasInput, type RequestFormValues } from './request-form-values';
import { labelled } from './request-labels';
import { requestsKeys, useRequestCategories } from './requests-api';

/** The icon of a category, by its code (the seed's: teaching, payment, contract, reprography; the students' certificates, grades, enrolment). */
const CATEGORY_ICONS: Record<string, typeof SvgIcon> = {
  '01': SchoolOutlined,
  '02': PaymentsOutlined,
  '03': DescriptionOutlined,
  '04': PrintOutlined,
  '11': CardMembershipOutlined,
  '12': GradingOutlined,
  '13': HowToRegOutlined,
};

const STEPS = ['category', 'subcategory', 'details'] as const;

/** The details form (with the contract's schema and the week beside it) is its own chunk, fetched as soon as the wizard shows. */
const loadRequestForm = () => import('./request-form');
const RequestForm = lazy(loadRequestForm);

/** Step 1: the categories as cards, each with its icon, name and description in the reader's language. */
function CategoryStep({
  categories,
  chosen,
  onChoose,
}: {
  categories: RequestCategory[];
  chosen: number | null;
  onChoose: (category: RequestCategory) => void;
}) {
  const { t, i18n } = useTranslation();
  if (categories.length === 0) return <Alert severity="info">{t('requests.new.noCategory')}</Alert>;
  return (
    <Box
      component="ul"
      aria-label={t('requests.new.categoryTitle')}
      sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
    >
      {categories.map((category) => {
        const Icon = CATEGORY_ICONS[category.code] ?? CategoryOutlined;
        return (
          <Paper
            key={category.id}
            component="li"
            variant="outlined"
            sx={{ listStyle: 'none', borderColor: chosen === category.id ? 'primary.main' : 'divider' }}
          >
            <CardActionArea
              onClick={() => onChoose(category)}
              sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'flex-start', height: '100%' }}
            >
              <Icon color="primary" aria-hidden />
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {labelled(category, i18n.language)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {inLanguage(i18n.language, category.description, category.descriptionFr)}
                </Typography>
              </Box>
            </CardActionArea>
          </Paper>
        );
      })}
    </Box>
  );
}

/** Step 2: the category's sub-categories as a radio list with their descriptions. */
function SubcategoryStep({
  category,
  chosen,
  onChoose,
  onNext,
  onBack,
}: {
  category: RequestCategory;
  chosen: number | null;
  onChoose: (id: number) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const valid = category.sousCategories.some((sub) => sub.id === chosen);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="request-subcategory-label" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('requests.new.subcategoryTitle', { name: labelled(category, i18n.language) })}
      </Typography>
      <RadioGroup aria-labelledby="request-subcategory-label" value={valid ? String(chosen) : ''} onChange={(event) => onChoose(Number(event.target.value))}>
        {category.sousCategories.map((sub) => (
          <FormControlLabel
            key={sub.id}
            value={String(sub.id)}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } }}
            label={
              <Box>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {labelled(sub, i18n.language)}
                </Typography>
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                  {inLanguage(i18n.language, sub.description, sub.descriptionFr)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Button onClick={onBack}>{t('requests.new.back')}</Button>
        <Button variant="contained" onClick={onNext} disabled={!valid}>
          {t('requests.new.next')}
        </Button>
      </Stack>
    </Paper>
  );
}

interface DraftState {
  categoryId: number | null;
  subcategoryId: number | null;
  values: RequestFormValues;
  attachment: DraftAttachment | null;
}

const EMPTY_DRAFT: DraftState = { categoryId: null, subcategoryId: null, values: EMPTY_REQUEST_FORM, attachment: null };

/** Whether a draft holds anything worth keeping (and asking about before leaving). */
const worthKeeping = (draft: DraftState) => draft.categoryId !== null || hasInput(draft.values) || draft.attachment !== null;

/**
 * `/requests/new`: the filing wizard. (1) a category, (2) one of its sub-categories, (3) the
 * details its display configuration asks for. What is typed is kept as a draft in this browser
 * (per person) until the request is filed or the draft discarded: a failed save, a lost
 * connection or a reload loses nothing. Filed, the request opens with its confirmation.
 */
export default function NewRequestPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const person = user?.id ?? 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useRequestCategories();

  const [restored] = useState(() => readDraft(person));
  const draft = useRef<DraftState>(restored ?? EMPTY_DRAFT);
  const [choice, setChoice] = useState({ categoryId: draft.current.categoryId, subcategoryId: draft.current.subcategoryId });
  const [step, setStep] = useState<number>(restored?.subcategoryId ? 2 : restored?.categoryId ? 1 : 0);
  const [dirty, setDirty] = useState(worthKeeping(draft.current));
  const [showRestored, setShowRestored] = useState(restored !== null && worthKeeping(restored));
  const [formKey, setFormKey] = useState(0);
  const [filed, setFiled] = useState<RequestDetail | null>(null);

  const save = useCallback(
    (changes: Partial<DraftState>) => {
      draft.current = { ...draft.current, ...changes };
      const keep = worthKeeping(draft.current);
      if (keep) writeDraft(person, draft.current);
      else clearDraft(person);
      setDirty(keep);
    },
    [person],
  );

  const onFormChange = useCallback((values: RequestFormValues, attachment: DraftAttachment | null) => save({ values, attachment }), [save]);

  const discard = () => {
    clearDraft(person);
    draft.current = EMPTY_DRAFT;
    setChoice({ categoryId: null, subcategoryId: null });
    setStep(0);
    setDirty(false);
    setShowRestored(false);
    setFormKey((key) => key + 1);
  };

  const onFiled = (request: RequestDetail) => {
    clearDraft(person);
    queryClient.setQueryData(requestsKeys.one(request.id), request);
    for (const part of ['list', 'week', 'stats']) void queryClient.invalidateQueries({ queryKey: [...requestsKeys.all, part] });
    setDirty(false);
    setFiled(request);
  };

  useEffect(() => {
    loadRequestForm().catch(() => undefined);
  }, []);

  // Once the leave guard is off, open the filed request with its confirmation.
  useEffect(() => {
    if (filed && !dirty) navigate(`/requests/${filed.id}?filed=1`, { replace: true });
  }, [filed, dirty, navigate]);

  // the categories of one's own audience (a staff member who also processes requests reads them all)
  const audience = user ? requestAudienceOf(user.KIND) : null;
  const list = (categories.data ?? []).filter((item) => item.audience === audience);
  const category = list.find((item) => item.id === choice.categoryId) ?? null;
  const subcategory: RequestSubcategory | null = category?.sousCategories.find((sub) => sub.id === choice.subcategoryId) ?? null;
  // A draft naming a category or sub-category no longer offered starts again from the choice.
  const shownStep = categories.data ? (step >= 2 && !subcategory ? (category ? 1 : 0) : step >= 1 && !category ? 0 : step) : step;

  const chooseCategory = (next: RequestCategory) => {
    const same = next.id === choice.categoryId;
    setChoice({ categoryId: next.id, subcategoryId: same ? choice.subcategoryId : null });
    save({ categoryId: next.id, subcategoryId: same ? draft.current.subcategoryId : null });
    setStep(1);
  };
  const chooseSubcategory = (id: number) => {
    setChoice((previous) => ({ ...previous, subcategoryId: id }));
    save({ subcategoryId: id });
  };

  return (
    <Page
      title={t('requests.new.title')}
      maxWidth={shownStep === 2 && subcategory?.REQUEST_DISPCONFIG.TIME_TABLE ? 'lg' : 'md'}
      intro={t('requests.new.intro')}
    >
      <LeaveGuard when={dirty && !filed} text={t('requests.new.leave')} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button component={RouterLink} to="/requests" startIcon={<ArrowBack />} size="small">
          {t('requests.detail.back')}
        </Button>
        {dirty ? (
          <Button size="small" color="error" onClick={discard}>
            {t('requests.new.discard')}
          </Button>
        ) : null}
      </Stack>
      {showRestored && restored ? (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setShowRestored(false)} slotProps={{ closeButton: { title: t('common.close') } }}>
          {t('requests.new.restored', { date: formatMoment(restored.savedAt) })}
        </Alert>
      ) : null}
      <Stepper activeStep={shownStep} alternativeLabel sx={{ mb: 3 }} aria-label={t('requests.new.steps')}>
        {STEPS.map((name, index) => (
          <Step key={name} completed={shownStep > index}>
            <StepLabel>{t(`requests.new.step.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <LoadStatus error={categories.error} loading={categories.isPending} />
      {categories.data ? (
        <>
          {shownStep === 0 ? (
            <>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('requests.new.categoryTitle')}
              </Typography>
              <CategoryStep categories={list} chosen={choice.categoryId} onChoose={chooseCategory} />
            </>
          ) : null}
          {shownStep === 1 && category ? (
            <SubcategoryStep
              category={category}
              chosen={choice.subcategoryId}
              onChoose={chooseSubcategory}
              onNext={() => setStep(2)}
              onBack={() => setStep(0)}
            />
          ) : null}
          {shownStep === 2 && subcategory ? (
            <Suspense fallback={<PageLoader />}>
              <RequestForm
                key={`${formKey}-${subcategory.id}`}
                person={person}
                subcategory={subcategory}
                audience={category?.audience ?? 'STAFF'}
                initial={draft.current.values}
                initialAttachment={draft.current.attachment}
                onChange={onFormChange}
                onFiled={onFiled}
                onBack={() => setStep(1)}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
