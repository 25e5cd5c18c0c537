import { SupportNewScreen } from "@/components/member/support/support-new-screen";

/** A new 1:1 inquiry: topic, question, up to three images. */
export default function SupportNewPage() {
  return <SupportNewScreen />;
}
