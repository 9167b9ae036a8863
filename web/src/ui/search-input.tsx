// A text filter that searches as the user types: once typing pauses, not on every key.
import { TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";

const PAUSE_MS = 300;

export function SearchInput({ value, onSearch, ...props }: TextInputProps & {
  /** The filter in effect. */
  value: string;
  onSearch: (text: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const [settled] = useDebouncedValue(typed, PAUSE_MS);
  useEffect(() => {
    if (settled !== value) onSearch(settled);
  }, [settled]);
  return <TextInput {...props} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />;
}
