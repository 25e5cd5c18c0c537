/**
 * Messages by namespace, one file per screen or domain (messages/<locale>/<namespace>.json).
 * Korean is the source of keys; a unit test checks that English has every key Korean has.
 */
import koCommon from "@/messages/ko/common.json";
import koErrors from "@/messages/ko/errors.json";
import koWelcome from "@/messages/ko/welcome.json";
import koAuth from "@/messages/ko/auth.json";
import koHome from "@/messages/ko/home.json";
import koWallet from "@/messages/ko/wallet.json";
import koWorldId from "@/messages/ko/worldId.json";
import koSettings from "@/messages/ko/settings.json";
import koHistory from "@/messages/ko/history.json";
import koVerify from "@/messages/ko/verify.json";
import koTransfer from "@/messages/ko/transfer.json";
import koAdmin from "@/messages/ko/admin.json";
import koPrices from "@/messages/ko/prices.json";
import koMoney from "@/messages/ko/money.json";
import koAdminOps from "@/messages/ko/adminOps.json";
import koTwoFactor from "@/messages/ko/twoFactor.json";
import koNotifications from "@/messages/ko/notifications.json";
import koExports from "@/messages/ko/exports.json";
import koAuditLog from "@/messages/ko/auditLog.json";
import koCases from "@/messages/ko/cases.json";
import koSupport from "@/messages/ko/support.json";
import koSupportAdmin from "@/messages/ko/supportAdmin.json";
import koFreeze from "@/messages/ko/freeze.json";
import koMaintenance from "@/messages/ko/maintenance.json";
import koMaintenanceAdmin from "@/messages/ko/maintenanceAdmin.json";
import koNotices from "@/messages/ko/notices.json";
import koNoticesAdmin from "@/messages/ko/noticesAdmin.json";
import koStaffRoles from "@/messages/ko/staffRoles.json";
import enCommon from "@/messages/en/common.json";
import enErrors from "@/messages/en/errors.json";
import enWelcome from "@/messages/en/welcome.json";
import enAuth from "@/messages/en/auth.json";
import enHome from "@/messages/en/home.json";
import enWallet from "@/messages/en/wallet.json";
import enWorldId from "@/messages/en/worldId.json";
import enSettings from "@/messages/en/settings.json";
import enHistory from "@/messages/en/history.json";
import enVerify from "@/messages/en/verify.json";
import enTransfer from "@/messages/en/transfer.json";
import enAdmin from "@/messages/en/admin.json";
import enPrices from "@/messages/en/prices.json";
import enMoney from "@/messages/en/money.json";
import enAdminOps from "@/messages/en/adminOps.json";
import enTwoFactor from "@/messages/en/twoFactor.json";
import enNotifications from "@/messages/en/notifications.json";
import enExports from "@/messages/en/exports.json";
import enAuditLog from "@/messages/en/auditLog.json";
import enCases from "@/messages/en/cases.json";
import enSupport from "@/messages/en/support.json";
import enSupportAdmin from "@/messages/en/supportAdmin.json";
import enFreeze from "@/messages/en/freeze.json";
import enMaintenance from "@/messages/en/maintenance.json";
import enMaintenanceAdmin from "@/messages/en/maintenanceAdmin.json";
import enNotices from "@/messages/en/notices.json";
import enNoticesAdmin from "@/messages/en/noticesAdmin.json";
import enStaffRoles from "@/messages/en/staffRoles.json";
import type { Locale } from "./config";

const ko = {
  Common: koCommon,
  Errors: koErrors,
  Welcome: koWelcome,
  Auth: koAuth,
  Home: koHome,
  Wallet: koWallet,
  WorldId: koWorldId,
  Settings: koSettings,
  History: koHistory,
  Verify: koVerify,
  Transfer: koTransfer,
  Admin: koAdmin,
  Prices: koPrices,
  Money: koMoney,
  AdminOps: koAdminOps,
  TwoFactor: koTwoFactor,
  Notifications: koNotifications,
  Exports: koExports,
  AuditLog: koAuditLog,
  Cases: koCases,
  Support: koSupport,
  SupportAdmin: koSupportAdmin,
  Freeze: koFreeze,
  Maintenance: koMaintenance,
  MaintenanceAdmin: koMaintenanceAdmin,
  Notices: koNotices,
  NoticesAdmin: koNoticesAdmin,
  StaffRoles: koStaffRoles,
};
const en = {
  Common: enCommon,
  Errors: enErrors,
  Welcome: enWelcome,
  Auth: enAuth,
  Home: enHome,
  Wallet: enWallet,
  WorldId: enWorldId,
  Settings: enSettings,
  History: enHistory,
  Verify: enVerify,
  Transfer: enTransfer,
  Admin: enAdmin,
  Prices: enPrices,
  Money: enMoney,
  AdminOps: enAdminOps,
  TwoFactor: enTwoFactor,
  Notifications: enNotifications,
  Exports: enExports,
  AuditLog: enAuditLog,
  Cases: enCases,
  Support: enSupport,
  SupportAdmin: enSupportAdmin,
  Freeze: enFreeze,
  Maintenance: enMaintenance,
  MaintenanceAdmin: enMaintenanceAdmin,
  Notices: enNotices,
  NoticesAdmin: enNoticesAdmin,
  StaffRoles: enStaffRoles,
};

export type Messages = typeof ko;
export const MESSAGES: Record<Locale, Messages> = { ko, en: en as Messages };

export type Namespace = keyof Messages;

/**
 * The namespaces each part of the app needs in the browser (client components' useTranslations). Server
 * components read every namespace on the server; only these are serialized into the page — on every request,
 * so each member screen carries its own list instead of every member namespace (docs/benchmarks.md, /home).
 * - document: the document's layout (app/lang/[locale]/layout.tsx: the 404 and error screens) — inherited by every page;
 * - public: the welcome, login and sign-up pages (app/lang/[locale]/(public)/layout.tsx);
 * - member: the member layout (the bottom tabs); each member route segment then nests its own provider
 *   (app/lang/[locale]/(member)/<segment>/layout.tsx) with the list below — a nested provider replaces the outer one's
 *   messages, so each list is complete for everything under its segment;
 * - admin: the console's layout.
 * tests/unit/client-namespaces.test.ts walks each segment's imports and fails when a component uses a
 * namespace its segment does not provide.
 */
const CONSOLE_ONLY: Namespace[] = [
  "Admin",
  "AdminOps",
  "AuditLog",
  "Cases",
  "SupportAdmin",
  "MaintenanceAdmin",
  "NoticesAdmin",
  "StaffRoles",
];
export const MEMBER_SEGMENTS = {
  home: ["Common", "Home", "Notices", "Notifications", "Prices"],
  wallet: ["Common", "History", "Maintenance", "Money", "Prices", "TwoFactor", "Wallet"],
  verify: ["Common", "Verify"],
  "world-id": ["Auth", "Common", "WorldId"],
  "wallet-history": ["Common", "Exports", "History", "Wallet"],
  settings: ["Auth", "Common", "Settings", "TwoFactor", "Freeze"],
  "transfer-request": ["Common", "History", "Maintenance", "Money", "Transfer", "TwoFactor", "Wallet"],
  notifications: ["Common", "History", "Notifications"],
  support: ["Common", "Support"],
  notices: ["Common", "History", "Notices"],
} satisfies Record<string, Namespace[]>;
export type MemberSegment = keyof typeof MEMBER_SEGMENTS;

export const CLIENT_NAMESPACES: Record<"document" | "public" | "member" | "admin" | MemberSegment, Namespace[]> = {
  document: ["Common"],
  public: ["Common", "Welcome", "Auth", "Maintenance"],
  member: ["Common"],
  admin: ["Common", "Errors", "Auth", "Money", "Prices", "Maintenance", ...CONSOLE_ONLY],
  ...MEMBER_SEGMENTS,
};

export function clientMessages(locale: Locale, area: keyof typeof CLIENT_NAMESPACES): Partial<Messages> {
  const all = MESSAGES[locale];
  return Object.fromEntries(CLIENT_NAMESPACES[area].map((n) => [n, all[n]])) as Partial<Messages>;
}
