// The plumbing every form dialog of the back office repeated: the form checked by the contract's
// schema (its resolver), the save, and after it the lists refreshed, a word in the snackbar and
// the dialog closed; a refusal puts the server's field messages on their fields and its code
// under them. The dialog keeps its fields and its own rules.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { errorKey } from '../lib/api';
import { applyFieldErrors, useFormSubmit } from '../lib/form';
import { useNotify } from './notify';

export interface DialogFormOptions<TValues extends FieldValues, TOut, TResult> {
  /** the values shown when the dialog opens (a record's, or blanks) */
  defaultValues: DefaultValues<TValues>;
  /** checks the values, with the contract's schema (`contractResolver`, or the dialog's own over it) */
  resolver: Resolver<TValues, unknown, TOut>;
  /** the fields the server's `fields` may name; `rename` maps a server path onto a field */
  fields: readonly Path<TValues>[];
  rename?: Partial<Record<string, Path<TValues>>>;
  /** sends the checked values */
  save: (body: TOut) => Promise<TResult>;
  /** the queries to refresh once saved */
  invalidate?: QueryKey | readonly QueryKey[];
  /** the snackbar's word once saved (a translation key, or one with its values), or none */
  done?: string | ((result: TResult) => string | { key: string; values: Record<string, unknown> } | null) | null;
  /** the word is said before the queries are refreshed (by default after) */
  sayFirst?: boolean;
  /** after the save (and the refresh): closes the dialog */
  onSaved: (result: TResult) => void;
  /** the message when the form does not pass its checks; 'errors.VALIDATION_FAILED' unless given (null: none) */
  invalid?: string | null;
  /** the message of the server's refusal: its code's text unless given */
  refusal?: (error: unknown) => string;
}

const isKeyList = (keys: QueryKey | readonly QueryKey[]): keys is readonly QueryKey[] => keys.length > 0 && Array.isArray(keys[0]);

/**
 * A dialog's form: `form` for its fields, and `dialog` for `FormDialog` (pending, message,
 * onSubmit). The save refreshes `invalidate`, says `done`, then calls `onSaved`; a refusal
 * marks the fields it names and shows its code.
 */
export function useDialogForm<TValues extends FieldValues, TOut, TResult = unknown>(options: DialogFormOptions<TValues, TOut, TResult>) {
  const {
    defaultValues,
    resolver,
    fields,
    rename,
    save,
    invalidate,
    done,
    sayFirst = false,
    onSaved,
    invalid = 'errors.VALIDATION_FAILED',
    refusal = errorKey,
  } = options;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<TValues, unknown, TOut>({ defaultValues, resolver });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      const word = typeof done === 'function' ? done(result) : done;
      const say = () => {
        if (typeof word === 'string') notify(word, 'success');
        else if (word) notify(word.key, 'success', word.values);
      };
      if (sayFirst) say();
      if (invalidate) {
        const keys = isKeyList(invalidate) ? invalidate : [invalidate];
        await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
      if (!sayFirst) say();
      onSaved(result);
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, fields, rename);
      setMessageKey(refusal(error));
    },
  });
  const { submit, messageKey, setMessageKey } = useFormSubmit(form, (body) => mutation.mutate(body), invalid);
  return {
    form,
    mutation,
    submit,
    message: messageKey,
    setMessage: setMessageKey,
    /** what `FormDialog` takes from the form */
    dialog: { pending: mutation.isPending, message: messageKey, onSubmit: () => void submit() },
  };
}
