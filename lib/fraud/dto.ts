/** What the fraud-case console reads (GET /api/admin/cases…, /api/admin/fraud-rules): contract types, client-safe. */
import type { FraudRuleKey } from "./params";

export type CaseStatus = "OPEN" | "CLEARED" | "REPORTED";

export type CaseClockDto = {
  /** Business days after today (KST) up to and including the due day; 0 on the due day and when overdue. */
  businessDaysLeft: number;
  overdue: boolean;
};

export type CaseRequestDto = {
  id: number;
  type: string;
  status: string;
  coinSymbol: string;
  amount: string;
  fee: string;
  total: string;
  priceKrw: string | null;
  walletAddr: string | null;
  createdAt: string;
};

export type CaseDto = {
  id: number;
  rule: FraudRuleKey;
  status: CaseStatus;
  evidence: Record<string, unknown>;
  openedAt: string;
  dueAt: string;
  clock: CaseClockDto;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
  /** A reported case's suspicious-transaction report draft can be downloaded. */
  hasDraft: boolean;
  member: { id: number; userId: string; name: string; status: string };
  request: CaseRequestDto | null;
};

export type FraudRuleDto = {
  key: FraudRuleKey;
  enabled: boolean;
  params: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string | null;
};
