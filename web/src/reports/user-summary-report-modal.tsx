// Avatar menu "User Summary Report" (Lead and above): per user and pair, filtered by a username
// regex (run by the server, which answers a bad or runaway pattern with a message) and a pair.
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { USER_REGEX_MAX_LENGTH } from "../../../server/reports/schema.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { downloadUserSummaryReport } from "./api.ts";
import { PairFilter } from "./pair-filter.tsx";
import { ReportModal } from "./report-modal.tsx";
import { reportsMessages } from "./messages.ts";

export default function UserSummaryReportModal({ opened, onClose }: ModalProps) {
  const t = reportsMessages.useT();
  const [userRegex, setUserRegex] = useState("");
  const [pair, setPair] = useState("");
  return (
    <ReportModal
      opened={opened}
      onClose={onClose}
      title={t("reports.userSummary")}
      testId="user-summary-report"
      download={(range, onProgress) =>
        downloadUserSummaryReport({ ...range, userRegex, pair }, onProgress)}
    >
      <TextInput
        label={t("reports.userRegex")}
        placeholder="^trader_"
        maxLength={USER_REGEX_MAX_LENGTH}
        value={userRegex}
        onChange={(e) => setUserRegex(e.currentTarget.value)}
        data-testid="user-summary-report-regex"
      />
      <PairFilter
        value={pair}
        onChange={(e) => setPair(e.currentTarget.value)}
        data-testid="user-summary-report-pair"
      />
    </ReportModal>
  );
}
