// zod's own issues (a wrong type, a too-long text, a value outside an enum) said as our "zod."
// messages instead of zod's English defaults: their text is a coded message's, so the server's
// 400s carry its code (validate.ts) and the client's forms word it in the user's language
// (web/src/ui/form.ts). Set once for every schema, server and client alike.
import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";
import { type MessageCode, type MessageParams, msg } from "./messages.shared.ts";

const list = (values: readonly unknown[]) => values.map((v) => String(v)).join(", ");

type Bound = "maximum" | "minimum";
type Sized = Record<string, [inclusive: MessageCode, exclusive: MessageCode]>;

const TOO_BIG: Sized = {
  string: ["zod.tooLong", "zod.tooLong"],
  array: ["zod.tooMany", "zod.tooMany"],
  set: ["zod.tooMany", "zod.tooMany"],
  number: ["zod.tooBig", "zod.tooBigExclusive"],
};
const TOO_SMALL: Sized = {
  string: ["zod.tooShort", "zod.tooShort"],
  array: ["zod.tooFew", "zod.tooFew"],
  set: ["zod.tooFew", "zod.tooFew"],
  number: ["zod.tooSmall", "zod.tooSmallExclusive"],
};

function sized(codes: Sized, bound: Bound, issue: { origin: string; inclusive?: boolean }) {
  const [inclusive, exclusive] = codes[issue.origin] ?? codes.number;
  const value = Number((issue as unknown as Record<Bound, unknown>)[bound]);
  // A text or list's exclusive bound is the next whole count, said inclusively.
  const whole = issue.origin === "number" || issue.inclusive !== false
    ? value
    : value + (bound === "maximum" ? -1 : 1);
  return { code: issue.inclusive === false ? exclusive : inclusive, params: { [bound]: whole } };
}

/** The coded message of a zod issue that its schema did not word itself. */
export function zodIssueMessage(issue: $ZodRawIssue): { code: MessageCode; params: MessageParams } {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? { code: "zod.required", params: {} }
        : { code: "zod.type", params: { expected: issue.expected } };
    case "too_big":
      return sized(TOO_BIG, "maximum", issue);
    case "too_small":
      return sized(TOO_SMALL, "minimum", issue);
    case "invalid_value":
      return { code: "zod.oneOf", params: { values: list(issue.values) } };
    case "invalid_format":
      return { code: "zod.format", params: { format: issue.format } };
    case "not_multiple_of":
      return { code: "zod.multipleOf", params: { divisor: String(issue.divisor) } };
    case "unrecognized_keys":
      return { code: "zod.unknownKeys", params: { keys: list(issue.keys) } };
    default:
      return { code: "zod.invalid", params: {} };
  }
}

z.config({
  customError: (issue) => {
    const { code, params } = zodIssueMessage(issue);
    return msg(code, params).text;
  },
});
