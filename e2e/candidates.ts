import { expect, type Locator, type Page } from '@playwright/test';
import { exactly, startsWith, type T } from './i18n';

/** The sections of the candidate's registration form, in the order shown (apps/web register-form.ts CANDIDATE_SECTIONS). */
const SECTIONS = ['identity', 'contacts', 'diploma', 'university', 'parents', 'emergency', 'disability', 'sports', 'languages', 'formation'] as const;
export type CandidateSection = (typeof SECTIONS)[number];

/** A section's header as it reads: `3. Your diploma`, then where it stands (a chip). */
const headerName = (t: T, section: CandidateSection) => startsWith(`${SECTIONS.indexOf(section) + 1}. ${t(`candidates.sections.${section}`)}`);

/** A section of the registration form (a region named by its header), opened if it was closed. */
export async function section(page: Page, t: T, name: CandidateSection): Promise<Locator> {
  const header = page.getByRole('button', { name: headerName(t, name) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('region', { name: headerName(t, name) });
}

/** The header of a section (its name and where it stands). */
export const sectionHeader = (page: Page, t: T, name: CandidateSection): Locator => page.getByRole('button', { name: headerName(t, name) });

/** A text field of the form, by its label (`candidates.fields.<name>`). */
export const field = (scope: Page | Locator, t: T, name: string): Locator => scope.getByRole('textbox', { name: exactly(t(`candidates.fields.${name}`)) });

/** Chooses an option of a select field (MUI: a combobox, then its list). */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: exactly(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Types into a country field (an autocomplete) and picks the country by its name in the page's language. */
export async function chooseCountry(page: Page, scope: Page | Locator, label: string, country: string): Promise<void> {
  await scope.getByRole('combobox', { name: exactly(label) }).fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: exactly(label) })).toHaveValue(country);
}

/** The candidate number in a mail's text (C, the year's two digits, six digits). */
export const candidateNumberOf = (text: string): string => /\b(C\d{8,})\b/.exec(text)![1]!;

/**
 * The code of a registration mail (decision 65): six digits on a line of their own, else the first
 * six digits standing alone (never the candidate number's, which a letter starts).
 */
export const registrationCodeOf = (text: string): string => (/^\s*(\d{6})\s*$/m.exec(text) ?? /\b(\d{6})\b/.exec(text))![1]!;

/** The link to one's file in a candidate mail (`.../candidate/open#token=...`). */
export const candidateLinkOf = (text: string): string => /(https?:\/\/\S+\/candidate\/open#token=[\w%.~-]+)/.exec(text)![1]!;
