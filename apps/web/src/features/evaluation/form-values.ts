// The question form as the editor holds it (every field as typed, marks as text) and the ways to
// and from the contract's shapes: the body of POST/PUT /question-forms, and the content a
// student answers (the preview).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { get } from 'react-hook-form';
import { QuestionFormInput, type QuestionForm, type QuestionFormContent } from '@portal/contract';
import { V, type QuestionType } from '@portal/contract/rules';
import type { z } from 'zod';

export interface OptionValues {
  /** kept from the saved form ('' for a new one: the server names it) */
  key: string;
  label: string;
  labelFr: string;
  /** as typed */
  mark: string;
}
export interface QuestionValues {
  key: string;
  type: QuestionType;
  label: string;
  labelFr: string;
  required: boolean;
  options: OptionValues[];
}
export interface SectionValues {
  key: string;
  label: string;
  labelFr: string;
  questions: QuestionValues[];
}
export interface FormValues {
  name: string;
  nameFr: string;
  content: { sections: SectionValues[] };
}

export const newOption = (mark = ''): OptionValues => ({ key: '', label: '', labelFr: '', mark });
export const newQuestion = (type: QuestionType = 'SCALE'): QuestionValues => ({
  key: '',
  type,
  label: '',
  labelFr: '',
  required: true,
  options: type === 'CHOICE' ? [newOption(), newOption()] : [],
});
export const newSection = (): SectionValues => ({ key: '', label: '', labelFr: '', questions: [newQuestion()] });

export const EMPTY_FORM: FormValues = { name: '', nameFr: '', content: { sections: [newSection()] } };

/** A saved form as the editor shows it. */
export function toValues(form: Pick<QuestionForm, 'name' | 'nameFr' | 'content'>): FormValues {
  return {
    name: form.name,
    nameFr: form.nameFr,
    content: {
      sections: form.content.sections.map((section) => ({
        key: section.key,
        label: section.label,
        labelFr: section.labelFr,
        questions: section.questions.map((question) => ({
          key: question.key,
          type: question.type,
          label: question.label,
          labelFr: question.labelFr,
          required: question.required,
          options: question.options.map((option) => ({ key: option.key, label: option.label, labelFr: option.labelFr, mark: String(option.mark) })),
        })),
      })),
    },
  };
}

/** A mark as typed: blank is missing, a number (comma or point) is a number, anything else stays text and fails. */
function markOf(text: string): number | string | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The body of POST/PUT /question-forms: keys kept (new items named by the server), options only on CHOICE questions. */
export function toInput(values: FormValues) {
  return {
    name: values.name,
    nameFr: values.nameFr,
    content: {
      sections: values.content.sections.map((section) => ({
        key: section.key || undefined,
        label: section.label,
        labelFr: section.labelFr,
        questions: section.questions.map((question) => ({
          key: question.key || undefined,
          type: question.type,
          label: question.label,
          labelFr: question.labelFr,
          required: question.required,
          options:
            question.type === 'CHOICE'
              ? question.options.map((option) => ({ key: option.key || undefined, label: option.label, labelFr: option.labelFr, mark: markOf(option.mark) }))
              : [],
        })),
      })),
    },
  };
}

/**
 * The form as a student would see it now (the preview): what is typed, each item named by its
 * key or, new, by its place; options only on CHOICE questions.
 */
export function toContent(values: FormValues): QuestionFormContent {
  return {
    sections: values.content.sections.map((section, s) => ({
      key: section.key || `s${s}`,
      label: section.label,
      labelFr: section.labelFr,
      questions: section.questions.map((question, q) => ({
        key: question.key || `s${s}q${q}`,
        type: question.type,
        label: question.label,
        labelFr: question.labelFr,
        required: question.required,
        options:
          question.type === 'CHOICE'
            ? question.options.map((option, o) => ({
                key: option.key || `o${o}`,
                label: option.label,
                labelFr: option.labelFr,
                mark: typeof markOf(option.mark) === 'number' ? (markOf(option.mark) as number) : 0,
              }))
            : [],
      })),
    })),
  };
}

type Leaf = { message?: string; type?: string };
const isLeaf = (value: unknown): value is Leaf => typeof value === 'object' && value !== null && 'type' in value && typeof (value as Leaf).type === 'string';

/** Every error a resolver found, with its path (the `root` of an array's own error included). */
function walk(errors: unknown, path: string[], visit: (leaf: Leaf, path: string[]) => void): void {
  if (typeof errors !== 'object' || errors === null) return;
  if (isLeaf(errors)) visit(errors, path);
  for (const [name, child] of Object.entries(errors)) {
    if (name === 'ref' || name === 'message' || name === 'type' || name === 'types') continue;
    walk(child, name === 'root' ? path : [...path, name], visit);
  }
}

/**
 * Checks the editor with the contract's QuestionFormInput, as the server will: the same messages
 * on the same paths (`content.sections.0.questions.2.options` ...); a field left blank reads
 * "This field is required".
 */
export const formResolver: Resolver<FormValues, unknown, z.output<typeof QuestionFormInput>> = async (values, context, options) => {
  const validate = zodResolver(QuestionFormInput as never) as unknown as Resolver<FormValues, unknown, z.output<typeof QuestionFormInput>>;
  const result = await validate(toInput(values) as unknown as FormValues, context, options);
  walk(result.errors, [], (leaf, path) => {
    const value: unknown = get(values, path.join('.'));
    if (typeof value === 'string' && value.trim() === '') leaf.message = V.required;
  });
  return result as { values: z.output<typeof QuestionFormInput>; errors: FieldErrors<FormValues> } as never;
};

/** The message (a translation key) of an array's own error (too few options, no question ...), wherever the resolver put it. */
export function arrayErrorOf(errors: FieldErrors<FormValues>, path: string): string | null {
  const found = get(errors, path) as (Leaf & { root?: Leaf }) | undefined;
  return found?.root?.message ?? (isLeaf(found) ? (found.message ?? null) : null);
}
