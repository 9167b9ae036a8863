// zod validation for every body, query and param, answering our { message } shape on failure.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { $ZodType } from "zod/v4/core";
import { checkedInput } from "./input-rules.ts";
import { answer, issueMessage, wrapping } from "./messages.shared.ts";
import { tagRoute } from "./route-meta.ts";

export function validate<T extends $ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  // A NUL, a lone surrogate or deep nesting is refused in every target, whatever the route's
  // own schema says.
  const middleware = zValidator(target, checkedInput(schema), (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue.path.join(".");
      // A coded issue travels as `issueCode` and its params: the client words it in any language.
      const inner = issueMessage(issue.message) ?? { text: issue.message };
      const said = field
        ? wrapping("validation.field", "issue", inner, { field })
        : wrapping("validation.invalid", "issue", inner, {});
      return c.json(answer(said, field), 400);
    }
  });
  return tagRoute(middleware, { validate: { target, schema } });
}
