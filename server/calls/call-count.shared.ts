// How many rings a call may ask for: the rule of POST /api/calls and of the client's call controls,
// apart from the route's zod schema so the client's first load does without zod.
export const CALL_COUNT_MIN = 1;
export const CALL_COUNT_MAX = 10;
