import { SupportListScreen } from "@/components/member/support/support-list-screen";

/** 1:1 문의: the member's inquiries and the way to a new one (reached from Settings). */
export default function SupportPage() {
  return <SupportListScreen />;
}
