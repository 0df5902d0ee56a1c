import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

interface SearchInputProps {
  label: string;
  placeholder?: string;
  /** the applied value (from the URL) */
  value: string;
  /** called 300 ms after typing stops */
  onChange: (value: string) => void;
  debounceMs?: number;
}

/** A search box that filters as you type, without a request per keystroke. */
export function SearchInput({ label, placeholder, value, onChange, debounceMs = 300 }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (back button, a shared link): show what is applied.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const apply = useDebouncedCallback((next: string) => {
    setApplied(next.trim());
    onChange(next.trim());
  }, debounceMs);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear"
            size="sm"
            onClick={() => {
              setText('');
              setApplied('');
              onChange('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
    />
  );
}
