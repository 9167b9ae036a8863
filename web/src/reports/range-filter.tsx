// A list's day-range filter. Half a range is not a filter yet: the picker shows the first day while
// the list keeps its results, until both ends (or none) are picked.
import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import type { DayRange } from "./range.ts";

export function RangeFilter({ list, value, label, placeholder, miw, testId }: {
  list: {
    state: { filters: { range: DayRange } };
    setFilters(fields: { range: DayRange }): unknown;
  };
  value: Readonly<DayRange>;
  label: string;
  placeholder: string;
  miw: number;
  testId: string;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      valueFormat="MM/DD/YYYY"
      value={[...value]}
      onChange={([from, to]) => {
        if ((from === null) === (to === null)) list.setFilters({ range: [from, to] });
        else list.state.filters.range = [from, to];
      }}
      allowSingleDateInRange
      clearable
      miw={miw}
      data-testid={testId}
    />
  );
}
