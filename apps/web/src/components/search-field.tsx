import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** The pause after the last key before a search is made. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = Omit<TextFieldProps, 'type' | 'size' | 'value' | 'defaultValue' | 'onChange'> & {
  /** the search held elsewhere (the URL): shown again when it changes from outside (Back, the menu) */
  value?: string;
  /** called with the trimmed text after a short pause in the typing */
  onSearch: (text: string) => void;
};

/** A search box: the search (the URL, the request) follows the typing after a short pause. */
export function SearchField({ value = '', onSearch, ...props }: Props) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [pushed, setPushed] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The search changed from elsewhere: show it.
  if (value !== seen) {
    setSeen(value);
    if (value !== pushed) setText(value);
  }
  const search = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPushed(next.trim());
    onSearch(next.trim());
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <TextField
      {...props}
      type="search"
      size="small"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => search(next), SEARCH_DEBOUNCE_MS);
      }}
      onBlur={(event) => {
        // Leaving the box (a click on a result, Tab) searches at once: a search still waiting
        // must not land after a click has taken the person to another page.
        if (timer.current) search(event.target.value);
        props.onBlur?.(event);
      }}
    />
  );
}
