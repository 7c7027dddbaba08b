import { render, screen, within } from '@testing-library/react';
import { LESSON_STATUSES } from '@portal/contract/rules';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { contrastRatio, DARK_TEXT, LessonStatusChip, lessonStatusColours, LessonStatusLegend, LIGHT_TEXT, readableTextOn } from './lesson-status';

describe('the status colours', () => {
  it('write every status in the text colour that reads best on it, at least 4.5 to 1 (WCAG AA)', () => {
    // white on the dark green is 2.8 to 1 and on the red 3.6 to 1: black reads better on all four
    expect(LESSON_STATUSES.map((status) => [status, lessonStatusColours(status)])).toEqual([
      ['PendingValidation', { background: 'rgb(255,201,107)', text: DARK_TEXT }],
      ['ValidatedButNotBilled', { background: 'rgb(178,234,197)', text: DARK_TEXT }],
      ['ValidatedAndBilled', { background: 'rgb(71,173,103)', text: DARK_TEXT }],
      ['NotValidated', { background: 'rgb(235,85,59)', text: DARK_TEXT }],
    ]);
    for (const status of LESSON_STATUSES) {
      const { background, text } = lessonStatusColours(status);
      expect(contrastRatio(background, text), status).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('rgb(71,173,103)', LIGHT_TEXT)).toBeCloseTo(2.82, 2);
    expect(contrastRatio('rgb(0,0,0)', 'rgb(255,255,255)')).toBe(21);
    // a dark colour gets white
    expect(readableTextOn('rgb(20, 40, 80)')).toBe(LIGHT_TEXT);
  });

  it('name the four statuses in the legend in both languages, and a chip in its colour', async () => {
    render(
      <>
        <LessonStatusLegend />
        <LessonStatusChip status="NotValidated" />
      </>,
    );
    const legend = screen.getByRole('list', { name: 'Status colours' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Validated and billed', 'Validated but not billed', 'Pending validation', 'Not validated']);
    expect(screen.getByText('Not validated', { selector: '.MuiChip-label' }).parentElement).toHaveStyle({
      backgroundColor: 'rgb(235, 85, 59)',
      color: 'rgb(0, 0, 0)',
    });
    await changeLanguage('fr');
    expect(await screen.findByRole('list', { name: 'Couleurs des statuts' })).toHaveTextContent(
      'Validé et facturéValidé mais non facturéEn attente de validationPas validé',
    );
  });
});
