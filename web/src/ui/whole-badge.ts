/**
 * A badge in a table cell never narrower than its word: a table squeezing its columns cut a side
 * to "B…" on the desk and a call board line's state to "R…" (the label clips with an ellipsis).
 */
export const WHOLE_BADGE = { minWidth: "max-content" } as const;
