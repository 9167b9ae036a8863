import { NativeSelect } from "@mantine/core";
import { useSnapshot } from "valtio";
import { commonMessages } from "./common-messages.ts";
import { type Lang, LANGUAGES, locale, setLanguage } from "./index.ts";

export function LanguageSelect({ w = 120 }: { w?: number }) {
  const { lang } = useSnapshot(locale);
  const t = commonMessages.useT();
  return (
    <NativeSelect
      aria-label={t("common.language")}
      data-testid="language-select"
      w={w}
      size="xs"
      data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
      value={lang}
      onChange={(e) => setLanguage(e.currentTarget.value as Lang)}
    />
  );
}
