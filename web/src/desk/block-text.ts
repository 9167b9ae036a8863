// A refused side's reason in the reader's language.
import type { Translator } from "../i18n/index.ts";
import type { Block } from "./live.ts";
import type { en } from "./messages.ts";

export function blockText(t: Translator<keyof typeof en>, block: Block) {
  return block.key === "halt"
    ? t("desk.block.halt", { reason: block.reason })
    : t(`desk.block.${block.key}`);
}
