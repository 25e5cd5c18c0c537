/**
 * The maintenance contract types (client-safe): what GET /api/maintenance answers the member screens, and what the
 * console's screen reads.
 */
import type { Feature } from "./features";

/** An open pause as the banners read it: both languages (the screen picks), the expected end (ISO). */
export type OpenPause = {
  feature: Feature;
  reasonKo: string;
  reasonEn: string;
  until: string;
  /** The expected end has passed and no administrator has resumed it yet: still paused. */
  overdue: boolean;
};

export type MaintenanceStatus = { pauses: OpenPause[] };

/** A pause as the console lists it (open or resumed). */
export type AdminPause = {
  id: number;
  feature: Feature;
  reasonKo: string;
  reasonEn: string;
  until: string;
  overdue: boolean;
  pausedAt: string;
  pausedBy: { id: number; userId: string } | null;
  resumedAt: string | null;
  resumedBy: { id: number; userId: string } | null;
  noticeId: number | null;
};

export type AdminMaintenance = {
  /** The open pause of every feature, in FEATURES order (null: running). */
  features: { feature: Feature; pause: AdminPause | null }[];
  /** The newest pauses, open and resumed, newest first. */
  history: AdminPause[];
};
